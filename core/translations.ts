// SPEC §3: translatable objects carry translations (decision 012). One shape for all of them: the fields
// in Spanish, the agency's language, and `translations` by field name, each a list of { lang, text }.
// The portal reads a field with `translated`; the mock writes them with `english`.
import type { Language } from '../contract/generated/model/language.ts'
import type { Translations } from '../contract/generated/model/translations.ts'

/** The language every translatable field is written in, and what is shown when a translation is missing. */
export const SOURCE_LANGUAGE: Language = 'es'

/**
 * `object[field]` in `lang`: its translation when the object carries one, otherwise the field itself
 * (Spanish). `translations` comes from the API, so a field name is looked up as an own property only:
 * "__proto__" or "constructor" never reach Object.prototype.
 */
export function translated<T extends { translations?: Translations }, F extends keyof T & string>(object: T, field: F, lang: Language): T[F] | string {
  if (lang === SOURCE_LANGUAGE || !object.translations || !Object.hasOwn(object.translations, field)) return object[field]
  const list = object.translations[field]
  const text = Array.isArray(list) ? list.find((t) => t.lang === lang)?.text : undefined
  return typeof text === 'string' && text.trim() !== '' ? text : object[field]
}

/** Translations to English of the given fields (those left null or empty are not translated). */
export function english(fields: Record<string, string | null | undefined>): Translations {
  // fromEntries defines own properties, whatever the field is called
  return Object.fromEntries(Object.entries(fields).flatMap(([field, text]) => (text ? [[field, [{ lang: 'en' as const, text }]]] : [])))
}
