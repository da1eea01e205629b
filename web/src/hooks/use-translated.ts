import { useCallback } from 'react'
import type { Translations } from '@contract/generated/model/translations'
import { translated } from '@core/translations'
import { useLocale } from '@/hooks/use-locale'

/**
 * Reads a translatable field of an API object in the active language, falling back to Spanish
 * (core/translations.ts): `const tr = useTranslated(); tr(pack, 'name')`. Switching language re-renders
 * with the other text at once; nothing is fetched again.
 */
export function useTranslated() {
  const locale = useLocale()
  return useCallback(
    <T extends { translations?: Translations }, F extends keyof T & string>(object: T, field: F): T[F] | string => translated(object, field, locale),
    [locale],
  )
}
