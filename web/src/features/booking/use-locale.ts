import { useLingui } from '@lingui/react/macro'
import { isLocale, type Locale } from '@/lib/i18n-locales'

/** The active language as a Locale (for formatDate). */
export function useLocale(): Locale {
  const { i18n } = useLingui()
  return isLocale(i18n.locale) ? i18n.locale : 'es'
}
