// Registers the service worker (web/src/service-worker.ts) once the page has settled. Installing it
// downloads and stores the whole app (about 1 MB, 118 files): started at `load`, it ran alongside the
// page's own data and lazy code and made the first screens slower to respond on a phone (Lighthouse,
// mobile: checkout 96 → 85, booking 96 → 86, total blocking time 80 → 480 ms). Waiting until the page
// has fetched nothing for a moment (as Lighthouse's own "network quiet" does) and the browser is idle
// keeps it off the traveller's way; offline support arrives a few seconds later on the first visit.

import { runWhenIdle } from '@/lib/browser/main-thread.universal'

const QUIET_MS = 2_000

/** Resolves once the document has loaded and no resource has finished loading for `quietMs`. */
function whenNetworkQuiet(quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let observer: PerformanceObserver | undefined
    const restart = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        observer?.disconnect()
        resolve()
      }, quietMs)
    }
    const start = () => {
      if (typeof PerformanceObserver === 'function') {
        observer = new PerformanceObserver(restart)
        observer.observe({ type: 'resource' })
      }
      restart()
    }
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
  })
}

const whenIdle = (): Promise<void> => new Promise((resolve) => runWhenIdle(resolve, 5_000))

export function registerServiceWorkerWhenSettled(url: string) {
  if (!('serviceWorker' in navigator)) return
  void whenNetworkQuiet(QUIET_MS)
    .then(whenIdle)
    .then(() => navigator.serviceWorker.register(url))
    .catch((error: unknown) => console.warn('No offline support:', error))
}
