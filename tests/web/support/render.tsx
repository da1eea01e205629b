import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement } from 'react'
import { AppProvider } from '@/app/provider'
import { activateLocale } from '@/lib/i18n/lingui'
import type { Locale } from '@/lib/i18n/locales.universal'

/** Renders like the app does: real catalogs, the app's providers and toast viewport. */
export async function renderWithApp(ui: ReactElement, locale: Locale = 'es'): Promise<RenderResult> {
  await activateLocale(locale)
  return render(<AppProvider>{ui}</AppProvider>)
}
