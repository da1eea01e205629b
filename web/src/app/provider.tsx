import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { queryClient as appQueryClient } from '@/app/query-client'
import { ToastViewport } from '@/components/status/toast-viewport'

/** App-wide providers. i18n must be activated (initI18n) before this renders. */
export function AppProvider({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        {children}
        <ToastViewport />
      </I18nProvider>
    </QueryClientProvider>
  )
}
