import { describe, expect, it } from 'vitest'
import { LANG_COOKIE_MAX_AGE_SECONDS, langCookie, localeFromCookie, localeFromNavigator, resolveLocale } from '@/lib/i18n/locales.universal'

describe('resolveLocale: cookie, then browser language, then Spanish', () => {
  it('prefers the cookie over the browser', () => {
    expect(resolveLocale({ cookie: 'lang=en', languages: ['es-ES'] })).toBe('en')
    expect(resolveLocale({ cookie: 'lang=es', languages: ['en-US'] })).toBe('es')
  })

  it('uses the browser language when there is no usable cookie', () => {
    expect(resolveLocale({ cookie: '', languages: ['en-GB', 'es'] })).toBe('en')
    expect(resolveLocale({ cookie: 'lang=fr', languages: ['en'] })).toBe('en')
    expect(resolveLocale({ cookie: 'other=1', languages: ['es-MX'] })).toBe('es')
  })

  it('takes the first supported browser language', () => {
    expect(resolveLocale({ cookie: '', languages: ['fr-FR', 'de', 'en-US', 'es'] })).toBe('en')
  })

  it('falls back to Spanish', () => {
    expect(resolveLocale({ cookie: '', languages: [] })).toBe('es')
    expect(resolveLocale({ cookie: 'lang=', languages: ['fr', 'de'] })).toBe('es')
  })
})

describe('localeFromCookie', () => {
  it('finds lang among other cookies, tolerating spaces and case', () => {
    expect(localeFromCookie('a=1; lang=en; b=2')).toBe('en')
    expect(localeFromCookie(' lang = EN ')).toBe('en')
  })

  it('ignores look-alike names and unsupported values', () => {
    expect(localeFromCookie('xlang=en; language=en')).toBeUndefined()
    expect(localeFromCookie('lang=pt')).toBeUndefined()
  })
})

describe('localeFromNavigator', () => {
  it('maps region tags to the base language', () => {
    expect(localeFromNavigator(['es-419'])).toBe('es')
    expect(localeFromNavigator(['EN-au'])).toBe('en')
    expect(localeFromNavigator(['ca-ES'])).toBeUndefined()
  })
})

describe('langCookie', () => {
  it('lasts 365 days on the whole site', () => {
    expect(LANG_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60)
    expect(langCookie('en')).toBe('lang=en; Max-Age=31536000; Path=/; SameSite=Lax')
  })
})
