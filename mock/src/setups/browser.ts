// The backend-less static demo: the same handlers in a service worker, the world in localStorage.
// The worker script is web/public/mockServiceWorker.js (`npm run mock:worker` regenerates it).
import { setupWorker, type SetupWorker } from 'msw/browser'

import { createMockHandlers } from './mock-handlers.ts'
import { observeMswEvents } from './msw-events.ts'
import { createRuntime, type Runtime } from '../runtime/runtime.ts'
import { createLocalStorageStore, DEFAULT_STORAGE_KEY } from '../runtime/local-storage-store.ts'

export type BrowserMockOptions = {
  seed?: number
  /** localStorage key of the world */
  storageKey?: string
  /** start from the seed, dropping the stored world (a "reset demo" button) */
  fresh?: boolean
  /** no console line per request */
  quiet?: boolean
  /** where the worker script is served; defaults to the app's base url */
  serviceWorkerUrl?: string
}

export type BrowserMock = { worker: SetupWorker; runtime: Runtime; stop(): void }

const baseUrl = (): string => (import.meta as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? '/'

export const startBrowserMock = async (options: BrowserMockOptions = {}): Promise<BrowserMock> => {
  const runtime = createRuntime({
    seed: options.seed,
    store: createLocalStorageStore(options.storageKey ?? DEFAULT_STORAGE_KEY),
    fresh: options.fresh === true,
  })
  // Only the portal's origin is served here, whatever host it is deployed on.
  runtime.options.portalOrigins.push(window.location.origin)
  const worker = setupWorker(...createMockHandlers(runtime))
  const unobserve = observeMswEvents(worker.events, runtime)
  await worker.start({
    serviceWorker: { url: options.serviceWorkerUrl ?? `${baseUrl()}mockServiceWorker.js` },
    // The app's own files (scripts, styles, images) go to the network untouched.
    onUnhandledFrame: 'bypass',
    quiet: options.quiet ?? true,
  })
  return {
    worker,
    runtime,
    stop() {
      unobserve()
      worker.stop()
    },
  }
}
