// Where focus goes when nothing the traveller touched is left to hold it: the page's own heading, so a
// screen reader says where they are and the next Tab starts at the top of the page's content.

// A page still loading may already show its title (its skeleton, marked busy): focus waits for the page's own,
// which replaces it, or it would fall to <body> when the skeleton goes.
const mainHeading = () =>
  [...(document.getElementById('main')?.querySelectorAll<HTMLElement>('h1') ?? [])].find((h1) => !h1.closest('[aria-busy="true"]')) ?? null

const focusIsLost = (also?: Element | null) => {
  const active = document.activeElement
  return active === null || active === document.body || active === also
}

/** Calls `settled` on each change under `root` until it says true, or `ms` pass. Returns a stop. */
function watch(root: Node, ms: number, settled: () => boolean): () => void {
  const observer = new MutationObserver(() => {
    if (settled()) stop()
  })
  const timer = setTimeout(() => stop(), ms)
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
  }
  observer.observe(root, { childList: true, subtree: true })
  return stop
}

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
  return watch(main, timeoutMs, () => {
    if (!mainHeading()) return false
    if (focusIsLost(main)) focusPageHeading()
    return true
  })
}

/**
 * Gives focus back to `target` (what opened a dialog), or to the page's heading when it is gone or
 * was <body>. What the dialog did may remove its opener a moment later (a cancelled booking loses its
 * "cancel" button when the new data arrives): then focus follows to the heading too, never to <body>.
 */
export function returnFocus(target: HTMLElement | undefined, watchMs = 3_000): void {
  if (!target?.isConnected || target === document.body) return focusPageHeading()
  target.focus()
  watch(document.body, watchMs, () => {
    if (target.isConnected) return false
    if (focusIsLost()) focusPageHeading()
    return true
  })
}
