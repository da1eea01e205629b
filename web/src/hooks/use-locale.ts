import { useLingui } from '@lingui/react/macro'
import { defaultLocale, isLocale, type Locale } from '@/lib/i18n/locales.universal'

/** The active language (Lingui's), as one of ours: for dates, amounts and the `lang` the API is asked in. */
export function useLocale(): Locale {
  const { i18n } = useLingui()
  return isLocale(i18n.locale) ? i18n.locale : defaultLocale
}
