import { useLingui } from '@lingui/react/macro'
import { MenuButton } from '@/components/controls/menu-button'
import { switchLocale } from '@/lib/i18n/lingui'
import { localeNames, locales } from '@/lib/i18n/locales.universal'
import { useLocale } from '@/hooks/use-locale'

/**
 * The language selector of SPEC §2: a menu button (WAI-ARIA) whose choices change the language only
 * when one is chosen (Enter, Space or a tap), never while the arrows move through them (WCAG 3.2.2).
 * Each language is named in itself, with its `lang` (docs/decisions/015).
 */
export function LanguageSwitcher() {
  const { t } = useLingui()
  const current = useLocale()
  const name = localeNames[current]
  return (
    <MenuButton
      className="language-menu"
      label={<span lang={current}>{name}</span>}
      buttonLabel={t`Idioma: ${name}`}
      menuLabel={t`Idioma`}
      icon={
        <svg className="language-switcher__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <path
            d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.7"
          />
        </svg>
      }
      items={locales.map((locale) => ({
        kind: 'choice' as const,
        label: localeNames[locale],
        lang: locale,
        checked: locale === current,
        onSelect: () => (locale === current ? undefined : switchLocale(locale)),
      }))}
    />
  )
}
