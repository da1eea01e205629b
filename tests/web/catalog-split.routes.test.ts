import { fileURLToPath } from 'node:url'
import { i18n } from '@lingui/core'
import { routeCatalogs } from 'virtual:route-catalogs'
import { describe, expect, it } from 'vitest'
import { routeMessages, routeModules } from '../../web/catalog-split.ts'
import { PAGE_ROUTES } from '@/config/routes.universal'
import { initI18n, loadFullCatalog, loadRouteCatalog, switchLocale } from '@/lib/i18n/lingui'

// Each route module has its part of each language's catalog (web/catalog-split.ts), loaded with the
// page's code; everything else a page loads later (tabs, steps, dialogs) brings the rest.

const srcDir = fileURLToPath(new URL('../../web/src/', import.meta.url))

describe('route parts of the catalog', () => {
  it('a route part holds the messages of the route’s own modules that the startup part has not', () => {
    const messages = { a: 'Entrar', b: 'Reservar plaza', c: 'Cargando…', d: 'Preguntas' }
    const origins = {
      a: { origin: [['src/features/auth/login-page.tsx', 3] as [string, number]] },
      b: { origin: [['src/features/checkout/steps/pack-step.tsx'] as [string]] },
      c: { origin: [['src/features/checkout/steps/pack-step.tsx'], ['src/components/status/spinner.tsx']] as [string][] },
      d: { origin: [['src/features/faq/faq-page.tsx'] as [string]] },
    }
    const startup = new Set(['src/features/auth/login-page.tsx', 'src/components/status/spinner.tsx'])
    expect(routeMessages(messages, origins, new Set(['src/app/routes/customer/checkout.tsx', 'src/features/checkout/steps/pack-step.tsx']), startup)).toEqual({
      b: 'Reservar plaza',
    })
  })

  it('every page has its route module, in the folder of its access, and every route module a part in both languages', () => {
    const files = routeModules(srcDir)
    const modules = [...files.keys()].sort()
    expect([...new Set(PAGE_ROUTES.map((route) => route.page))].sort()).toEqual(modules)
    for (const route of PAGE_ROUTES) expect(files.get(route.page), route.page).toBe(`${srcDir}app/routes/${route.access}/${route.page}.tsx`)
    for (const locale of ['es', 'en']) expect(Object.keys(routeCatalogs[locale] ?? {}).sort()).toEqual(modules)
  })

  it('loads a page’s part with it, keeps it across a language switch, and the rest only when asked', async () => {
    const faq = (await routeCatalogs.es!.faq!()).messages
    const checkout = (await routeCatalogs.es!.checkout!()).messages
    const faqId = Object.keys(faq)[0]!
    const checkoutOnly = Object.keys(checkout).find((id) => !(id in faq))!
    expect(faqId).toBeDefined()
    expect(checkoutOnly).toBeDefined()

    // start-up: the first bundle's messages only
    await initI18n()
    await switchLocale('es')
    expect(i18n._(faqId)).toBe(faqId)
    // the FAQ page: its part, not the checkout's
    await loadRouteCatalog('faq')
    expect(i18n.messages[faqId]).toEqual(faq[faqId])
    expect(i18n._(checkoutOnly)).toBe(checkoutOnly)

    // another language: the page's part comes along
    await switchLocale('en')
    const enFaq = (await routeCatalogs.en!.faq!()).messages
    expect(i18n.locale).toBe('en')
    expect(i18n.messages[faqId]).toEqual(enFaq[faqId])
    expect(i18n._(checkoutOnly)).toBe(checkoutOnly)

    // a tab, a step, a dialog: everything
    await loadFullCatalog()
    expect(i18n._(checkoutOnly)).not.toBe(checkoutOnly)
    await switchLocale('es')
    expect(i18n.messages[checkoutOnly]).toEqual(checkout[checkoutOnly])
  })
})
