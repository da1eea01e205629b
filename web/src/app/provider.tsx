import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { ReactNode } from 'react'
import { ToastViewport } from '@/components/toast-viewport'

/** App-wide providers. i18n must be activated (initI18n) before this renders. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      {children}
      <ToastViewport />
    </I18nProvider>
  )
}
