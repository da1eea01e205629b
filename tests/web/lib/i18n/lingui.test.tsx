// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider, useLingui } from '@lingui/react'
import { act, render, screen } from '@testing-library/react'
import { routeCatalogs } from 'virtual:route-catalogs'
import { describe, expect, it } from 'vitest'
import { initI18n, loadFullCatalog, loadRouteCatalog, switchLocale } from '@/lib/i18n/lingui'

// Texts for parts of a page not drawn yet (the next checkout step preloading, a route's part while its code
// loads) join the catalog without Lingui's "change", which would draw every text on the page again in one
// synchronous render (38–50 ms on checkout); a language switch still redraws it all.

describe('adding texts to the catalog', () => {
  it('does not redraw the page; the new texts are there for what draws next; a language switch redraws', async () => {
    const checkout = (await routeCatalogs.es!.checkout!()).messages
    await initI18n()
    await switchLocale('es')
    // a text without placeholders (compiled, it is a list of strings): what Lingui shows is those strings
    const plain = (message: unknown) => [message].flat().every((token) => typeof token === 'string')
    const shown = (message: unknown) => [message].flat().join('')
    const checkoutOnly = Object.keys(checkout).find((id) => plain(checkout[id]) && !(id in i18n.messages))!
    expect(checkoutOnly).toBeDefined()
    expect(i18n._(checkoutOnly)).toBe(checkoutOnly)

    let draws = 0
    function OnThePage() {
      const { i18n: active } = useLingui()
      draws += 1
      return <p>{active.locale}</p>
    }
    render(
      <I18nProvider i18n={i18n}>
        <OnThePage />
      </I18nProvider>,
    )
    expect(screen.getByText('es')).toBeDefined()
    const before = draws

    await act(() => loadRouteCatalog('checkout'))
    await act(() => loadFullCatalog())
    expect(draws).toBe(before)
    // what draws next finds its texts (Lingui's `messages` is the active catalog, not a copy)
    expect(i18n._(checkoutOnly)).toBe(shown(checkout[checkoutOnly]))

    await act(() => switchLocale('en'))
    expect(draws).toBeGreaterThan(before)
    expect(screen.getByText('en')).toBeDefined()
    const enCheckout = (await routeCatalogs.en!.checkout!()).messages
    expect(i18n._(checkoutOnly)).toBe(shown(enCheckout[checkoutOnly]))
  })
})
