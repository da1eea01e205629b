import { useLingui } from '@lingui/react/macro'
import { ShellPage } from '@/features/shell/shell-page'
import { LanguageSwitcher } from '@/components/language-switcher'
import './app.css'

/** Placeholder shell until the router and real layouts land. */
export function App() {
  const { t } = useLingui()
  return (
    <div className="app">
      <header className="app__header">
        <span className="app__brand">{t`Portal de viajes`}</span>
        <LanguageSwitcher />
      </header>
      <main className="app__main">
        <ShellPage />
      </main>
    </div>
  )
}
