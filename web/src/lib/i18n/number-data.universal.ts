// ICU's number data, loaded by a worker of its own so that a page's first number formatter does not load it on the
// main thread (decision 044): ICU's data and caches belong to the browser's renderer process, which the page and its
// workers share; after the worker, the page's own first formatter costs ~0.1 ms instead of 10–40 ms of main thread
// unthrottled. Universal: the page's inline script starts it as the page parses (decision 048); the app starts it only
// when the script did not. Either way once per page.
//
// The worker is made from its code as text, a data: address (decision 048, amended): a worker's file is a
// low-priority request, which Chromium held back while the page loaded its code and its data (the worker ran 250–400
// ms after it was asked for, after the page's first render had loaded the data itself); a blob: address is
// registered with a synchronous call to the browser process (50 ms of main thread while the page loads).

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merging into Window needs an interface
  interface Window {
    __NUMBER_DATA_STARTED__?: boolean
  }
}

/**
 * The worker's whole code, sent to it as text: makes the formatters Lingui makes for a language's plurals, then says
 * it is done (also when the language is refused), so that it is always ended. It must use nothing from outside.
 */
export function loadNumberData(event: MessageEvent<unknown>): void {
  const locale = typeof event.data === 'string' ? event.data : undefined
  try {
    new Intl.NumberFormat(locale).format(0)
    new Intl.PluralRules(locale).select(0)
  } finally {
    postMessage(null)
  }
}

/** Whether this page has started the worker already (its script, or the app). */
export const numberDataStarted = (): boolean => typeof window !== 'undefined' && window.__NUMBER_DATA_STARTED__ === true

/**
 * Starts the worker, once per page, for `locale`; it ends when it is done. Nothing where the browser has no workers
 * or refuses this one (a policy without `worker-src data:`): the first formatter then loads the data itself.
 */
export function startNumberDataWorker(locale: string): void {
  if (numberDataStarted() || typeof Worker !== 'function') return
  if (typeof window !== 'undefined') window.__NUMBER_DATA_STARTED__ = true
  try {
    const worker = new Worker(`data:text/javascript,${encodeURIComponent(`onmessage=${loadNumberData.toString()}`)}`, { name: 'number-data' })
    worker.onmessage = worker.onerror = () => worker.terminate()
    worker.postMessage(locale)
  } catch {
    // refused: the first formatter loads the data itself
  }
}
