// ICU's number data, loaded by a worker of its own (./number-data.worker.ts) so that a page's first number formatter
// does not load it on the main thread (decision 044). Universal: the page's inline script starts the worker as the
// page parses, from the address the production server gives it (decision 048); the app starts it only when the
// script did not. Either way once per page.

/** The worker's file in the build: `assets/number-data.worker-<hash>.js` (the server looks it up by this name). */
export const NUMBER_DATA_WORKER_NAME = 'number-data.worker'

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merging into Window needs an interface
  interface Window {
    __NUMBER_DATA_STARTED__?: boolean
  }
}

/** Whether this page has started the worker already (its script, or the app). */
export const numberDataStarted = (): boolean => typeof window !== 'undefined' && window.__NUMBER_DATA_STARTED__ === true

/** Hands the language to a just-made worker, which loads the data and says when it is done; it then ends. */
export function runNumberDataWorker(worker: Worker, locale: string): void {
  if (typeof window !== 'undefined') window.__NUMBER_DATA_STARTED__ = true
  worker.onmessage = worker.onerror = () => worker.terminate()
  worker.postMessage(locale)
}
