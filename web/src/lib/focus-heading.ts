// Where focus goes when nothing the traveller touched is left to hold it: the page's own heading, so a
// screen reader says where they are and the next Tab starts at the top of the page's content.

const mainHeading = () => document.getElementById('main')?.querySelector<HTMLElement>('h1') ?? null

/** Focuses the page's h1 (made focusable by script only), else <main>. */
export function focusPageHeading(): void {
  const heading = mainHeading()
  if (heading) {
    heading.tabIndex = -1
    heading.focus({ preventScroll: true })
  } else document.getElementById('main')?.focus({ preventScroll: true })
}

/**
 * The same, for a page that is still loading: focus waits on <main> and moves to the h1 when it
 * appears, unless the traveller has moved it meanwhile (or `timeoutMs` passes). Returns a cancel.
 */
export function focusPageHeadingWhenReady(timeoutMs = 10_000): () => void {
  focusPageHeading()
  const main = document.getElementById('main')
  if (!main || mainHeading()) return () => {}
  const observer = new MutationObserver(() => {
    if (!mainHeading()) return
    stop()
    const active = document.activeElement
    if (active === main || active === document.body || active === null) focusPageHeading()
  })
  const timer = setTimeout(() => stop(), timeoutMs)
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
  }
  observer.observe(main, { childList: true, subtree: true })
  return stop
}

/**
 * Gives focus back to `target` (what opened a dialog), or to the page's heading when it is gone or
 * was <body>. What the dialog did may remove its opener a moment later (a cancelled booking loses its
 * "cancel" button when the new data arrives): then focus follows to the heading too, never to <body>.
 */
export function returnFocus(target: HTMLElement | undefined, watchMs = 3_000): void {
  if (!target?.isConnected || target === document.body) return focusPageHeading()
  target.focus()
  const observer = new MutationObserver(() => {
    if (target.isConnected) return
    stop()
    if (document.activeElement === document.body || document.activeElement === null) focusPageHeading()
  })
  const timer = setTimeout(() => stop(), watchMs)
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
  }
  observer.observe(document.body, { childList: true, subtree: true })
}
