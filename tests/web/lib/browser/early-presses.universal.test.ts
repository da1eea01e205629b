// @vitest-environment happy-dom
// A press on the painted frame before the app's code has run (web/src/lib/browser/early-presses.universal.ts): kept by the
// page's script, pressed again once the frame is hydrated, never twice.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keepEarlyPresses, replayEarlyPress, stopKeepingEarlyPresses } from '@/lib/browser/early-presses.universal'

/** The frame as painted: buttons with no handler yet (the app adds them when it hydrates). */
function paintFrame() {
  document.body.innerHTML =
    '<div id="root"><header><button id="language" type="button"><span>Español</span></button><button id="account" type="button">Mi cuenta</button></header></div><button id="outside" type="button">x</button>'
  const byId = (id: string) => document.getElementById(id) as HTMLButtonElement
  return { language: byId('language'), account: byId('account'), outside: byId('outside') }
}

afterEach(() => {
  document.body.innerHTML = ''
  delete window.__EARLY_PRESS__
})

describe('a press before the app can answer it', () => {
  it('the last button pressed in the frame is pressed again once, when the app has taken over', () => {
    keepEarlyPresses()
    const { language, account } = paintFrame()
    account.click()
    // a tap on the label inside the button counts as a press on the button
    language.querySelector('span')!.click()
    stopKeepingEarlyPresses()
    const answered: string[] = []
    language.addEventListener('click', () => answered.push('language'))
    account.addEventListener('click', () => answered.push('account'))
    replayEarlyPress()
    expect(answered).toEqual(['language'])
    replayEarlyPress()
    expect(answered).toEqual(['language'])
  })

  it('presses after the frame was handed to React are React’s alone', () => {
    keepEarlyPresses()
    const { account } = paintFrame()
    stopKeepingEarlyPresses()
    account.click()
    const answered = vi.fn()
    account.addEventListener('click', answered)
    replayEarlyPress()
    expect(answered).not.toHaveBeenCalled()
  })

  it('once React has the frame, no listener of ours is left in the page’s taps', () => {
    const added = vi.spyOn(document, 'addEventListener')
    const removed = vi.spyOn(document, 'removeEventListener')
    keepEarlyPresses()
    const [type, listener, capture] = added.mock.calls[0]!
    expect(removed).not.toHaveBeenCalled()
    stopKeepingEarlyPresses()
    expect(removed).toHaveBeenCalledWith(type, listener, capture)
    added.mockRestore()
    removed.mockRestore()
  })

  it('nothing is pressed that left the page (a frame replaced, not hydrated), is disabled, or was not in the frame', () => {
    keepEarlyPresses()
    const { language, outside } = paintFrame()
    outside.click()
    stopKeepingEarlyPresses()
    const answered = vi.fn()
    outside.addEventListener('click', answered)
    replayEarlyPress()
    expect(answered).not.toHaveBeenCalled()

    delete window.__EARLY_PRESS__
    keepEarlyPresses()
    language.click()
    language.disabled = true
    language.addEventListener('click', answered)
    replayEarlyPress()
    expect(answered).not.toHaveBeenCalled()

    keepEarlyPresses()
    const { account } = paintFrame()
    account.click()
    account.addEventListener('click', answered)
    account.remove()
    replayEarlyPress()
    expect(answered).not.toHaveBeenCalled()
  })
})
