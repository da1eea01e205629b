// A press on a button of the painted frame (the language and account menus, the sign-in page's tabs) before the
// app's code has run reaches no handler, and React replays only the presses made after hydrateRoot is called. On a
// phone that is seconds of a header that ignores taps. The page's inline script keeps the last press
// (keepEarlyPresses, web/src/lib/api/early-reads-script.ts); start-up stops keeping them when it hands the frame to
// React and presses that button again once the frame is hydrated (web/src/main.tsx).

type EarlyPress = { button: HTMLButtonElement | null; stop: () => void }

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merging into Window needs an interface
  interface Window {
    __EARLY_PRESS__?: EarlyPress
  }
}

/** From the page's first script on: the last button pressed inside #root. */
export function keepEarlyPresses(): void {
  const keep = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return
    const button = event.target.closest('#root button')
    if (button instanceof HTMLButtonElement) kept.button = button
  }
  const kept: EarlyPress = { button: null, stop: () => document.removeEventListener('click', keep, true) }
  window.__EARLY_PRESS__ = kept
  document.addEventListener('click', keep, true)
}

/**
 * React answers presses from its hydrateRoot call on (replaying those it could not yet): keeping them too would press
 * twice. The listener goes, not only its work: it ran first in every later tap (a pay button's, 3 ms of the low
 * phone's click).
 */
export function stopKeepingEarlyPresses(): void {
  window.__EARLY_PRESS__?.stop()
}

/** Once the frame is hydrated: the button pressed before, pressed again, if it is still in the page and can be. */
export function replayEarlyPress(): void {
  const kept = window.__EARLY_PRESS__
  const button = kept?.button
  if (kept) kept.button = null
  if (button?.isConnected && !button.disabled) button.click()
}
