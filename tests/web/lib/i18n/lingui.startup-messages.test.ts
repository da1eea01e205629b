// @vitest-environment happy-dom
// The texts a page's frame was drawn with, carried by the page (web/server/index-html.ts): the first render of
// that language takes them instead of loading its first catalog part (web/src/lib/i18n/lingui.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STARTUP_MESSAGES_ID } from '@/lib/i18n/locales.universal'

const LOADING = '2NIhwT' // "Cargando…": in the first catalog part of each language

const writeIntoPage = (value: string) => {
  document.body.innerHTML = `<script type="application/json" id="${STARTUP_MESSAGES_ID}">${value}</script>`
}

/** A fresh start-up: the i18n module reads the page once. */
const startUp = async () => {
  vi.resetModules()
  const [{ activateLocale }, { i18n }] = await Promise.all([import('@/lib/i18n/lingui'), import('@lingui/core')])
  return { activateLocale, i18n }
}

beforeEach(() => {
  document.body.innerHTML = ''
})

describe('the first catalog part the page carries', () => {
  it('is the one taken for the page’s language, and its own part is not loaded', async () => {
    writeIntoPage(JSON.stringify({ locale: 'es', messages: { only_in_the_page: ['Escrito en la página'] } }))
    const { activateLocale, i18n } = await startUp()
    await activateLocale('es')
    expect(i18n._('only_in_the_page')).toBe('Escrito en la página')
    expect(i18n._(LOADING)).toBe(LOADING)
    // another language (the traveller switched): its own part, loaded
    await activateLocale('en')
    expect(i18n._(LOADING)).toBe('Loading…')
    expect(i18n._('only_in_the_page')).toBe('only_in_the_page')
  })

  it('for another language, or unreadable, or absent: the language’s own part is loaded', async () => {
    writeIntoPage(JSON.stringify({ locale: 'en', messages: { only_in_the_page: ['Written in the page'] } }))
    let { activateLocale, i18n } = await startUp()
    await activateLocale('es')
    expect(i18n._(LOADING)).toBe('Cargando…')
    writeIntoPage('{"locale":"es", not json')
    ;({ activateLocale, i18n } = await startUp())
    await activateLocale('es')
    expect(i18n._(LOADING)).toBe('Cargando…')
    document.body.innerHTML = ''
    ;({ activateLocale, i18n } = await startUp())
    await activateLocale('en')
    expect(i18n._(LOADING)).toBe('Loading…')
  })
})
