import { isLocale, type Locale } from '@/lib/i18n-locales'

/** The Locale for formatDate from Lingui's active locale string. */
export const useLocaleOf = (locale: string): Locale => (isLocale(locale) ? locale : 'es')
