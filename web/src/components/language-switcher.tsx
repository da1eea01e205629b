import { useLingui } from '@lingui/react/macro'
import { isLocale, type Locale } from '@/lib/i18n-locales'
import { switchLocale } from '@/lib/i18n'
import './language-switcher.css'

// Each language is named in itself (with a matching `lang`), so someone who
// cannot read the current language still finds theirs.
const options: readonly { locale: Locale; label: string }[] = [
  { locale: 'es', label: 'Español' },
  { locale: 'en', label: 'English' },
]

export function LanguageSwitcher() {
  const { i18n, t } = useLingui()
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : 'es'
  return (
    <div role="group" aria-label={t`Idioma`} className="language-switcher">
      {options.map(({ locale, label }) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          className="language-switcher__option"
          onClick={() => void switchLocale(locale)}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
