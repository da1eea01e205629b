// @vitest-environment happy-dom
// A lazy page's own texts, carried by the page (web/server/index-html.ts): the router's wait for that route's catalog
// part takes them instead of loading its chunk, in that language and for that route only (web/src/lib/i18n/lingui.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ROUTE_MESSAGES_ID } from '@/lib/i18n/route-messages.universal'

const PACKS = 'BUDicL' // "Packs": in the travel group route's part of each language

const writeIntoPage = (value: string) => {
  document.body.innerHTML = `<script type="application/json" id="${ROUTE_MESSAGES_ID}">${value}</script>`
}

/** A fresh start-up: the i18n module reads the page once; only the route's part is asked for (not all the lazy texts). */
const startUp = async (locale: 'es' | 'en') => {
  vi.resetModules()
  const [{ initI18n, loadRouteCatalog }, { i18n }] = await Promise.all([import('@/lib/i18n/lingui'), import('@lingui/core')])
  await initI18n(locale)
  return { loadRouteCatalog, i18n }
}

beforeEach(() => {
  document.body.innerHTML = ''
})

describe('the route’s catalog part the page carries', () => {
  it('is taken for that route in that language, instead of its own part', async () => {
    writeIntoPage(JSON.stringify({ locale: 'es', route: 'travel-group', messages: { only_in_the_page: ['Escrito en la página'] } }))
    const { loadRouteCatalog, i18n } = await startUp('es')
    await loadRouteCatalog('travel-group')
    expect(i18n._('only_in_the_page')).toBe('Escrito en la página')
    // the route's own part was not loaded
    expect(i18n._(PACKS)).toBe(PACKS)
  })

  it('for another route or language, or unreadable: the route’s own part is loaded', async () => {
    writeIntoPage(JSON.stringify({ locale: 'es', route: 'booking', messages: { only_in_the_page: ['Escrito en la página'] } }))
    let { loadRouteCatalog, i18n } = await startUp('es')
    await loadRouteCatalog('travel-group')
    expect(i18n._(PACKS)).not.toBe(PACKS)
    expect(i18n._('only_in_the_page')).toBe('only_in_the_page')
    writeIntoPage(JSON.stringify({ locale: 'es', route: 'travel-group', messages: { only_in_the_page: ['Escrito en la página'] } }))
    ;({ loadRouteCatalog, i18n } = await startUp('en'))
    await loadRouteCatalog('travel-group')
    expect(i18n._(PACKS)).toBe('Packs')
    writeIntoPage('{"locale":"es", not json')
    ;({ loadRouteCatalog, i18n } = await startUp('es'))
    await loadRouteCatalog('travel-group')
    expect(i18n._(PACKS)).not.toBe(PACKS)
  })
})
