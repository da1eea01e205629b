// Kept apart from i18n.ts so pure helpers (format.ts) can use the type
// without pulling in the catalog loaders.
export const locales = ['es', 'en'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'es'

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (locales as readonly string[]).includes(value)
