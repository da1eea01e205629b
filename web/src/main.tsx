import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { AppProvider } from '@/app/provider'
import { initI18n } from '@/lib/i18n'
import '@/styles/base.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html must contain #root')

// Catalog first, then render: no flash of the wrong language.
await initI18n()

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <App />
    </AppProvider>
  </StrictMode>,
)
