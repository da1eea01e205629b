import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { switchLocale } from '@/lib/i18n'
import { isLocale, type Locale } from '@/lib/i18n-locales'
import './language-switcher.css'
import { useLocale } from '@/hooks/use-locale'

/**
 * The language selector of SPEC §2: "Español / Inglés" (Spanish / English in English). A native
 * select: compact in a phone's header, and every platform's own accessible picker.
 */
export function LanguageSwitcher() {
  const { t } = useLingui()
  const id = useId()
  const current = useLocale()
  const labels: Record<Locale, string> = { es: t`Español`, en: t`Inglés` }
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t`Idioma`}
      </label>
      <svg className="language-switcher__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.7" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="1.7" />
      </svg>
      <select
        id={id}
        className="language-switcher__select"
        value={current}
        onChange={(event) => {
          const next = event.target.value
          if (isLocale(next)) void switchLocale(next)
        }}
      >
        {(['es', 'en'] as const).map((locale) => (
          <option key={locale} value={locale}>
            {labels[locale]}
          </option>
        ))}
      </select>
      <svg className="language-switcher__chevron" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </div>
  )
}
