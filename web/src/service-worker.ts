/// <reference lib="webworker" />
// The portal's service worker (issue 16, decision 013), built with Workbox by vite-plugin-pwa. It keeps
// what a traveller needs with no network: the app's code, the pages as the server built them, and the
// files of the booking already opened. The booking's data itself is TanStack Query's, saved by the page
// (app/offline-queries.ts). API reads and every write go to the network untouched.
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { warmStrategyCache } from 'workbox-recipes'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import type { PrecacheEntry } from 'workbox-precaching'
import { apiBaseUrl } from '@/lib/api/api-base-url'
import { ASSETS_CACHE, FILES_CACHE, isCustomerFilePath, KNOWN_CACHES, PAGES_CACHE } from '@/lib/browser/offline-caches'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }

// A new build takes over at once; the open page keeps its code (its older chunks stay in the cache
// below) until its next navigation, which loads the new build: the reload of SPEC §4 when the config's
// build number changes is such a navigation.
void self.skipWaiting()
clientsClaim()

// Hashed file names never change: served from the cache, fetched once. The whole build is fetched at
// install, so every page works offline, and older builds' files stay (least recently used go first) for
// pages still open, or saved, from before an update.
const assets = new CacheFirst({
  cacheName: ASSETS_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 600, purgeOnQuotaError: true })],
})
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'), assets)
warmStrategyCache({ urls: self.__WB_MANIFEST.map((entry) => (typeof entry === 'string' ? entry : entry.url)), strategy: assets })

// Pages: from the network (each carries the agency's branding and its CSP), the last answer
// kept whole, headers and all. Offline, an address never opened gets the newest page kept: it is the
// same app, and its router draws the right screen.
const newestPage = async (): Promise<Response | undefined> => {
  const cache = await caches.open(PAGES_CACHE)
  const keys = await cache.keys()
  const newest = keys.at(-1)
  return newest ? cache.match(newest) : undefined
}
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  // a slow network at a boarding gate: the kept page rather than a blank screen
  networkTimeoutSeconds: 5,
  plugins: [new ExpirationPlugin({ maxEntries: 30 }), { handlerDidError: newestPage }],
})
registerRoute(new NavigationRoute(pages))
// The page that installed the worker was loaded before it existed: keep it too, so the app opens
// offline after a single visit. (Its address holds no secret: sign-in links are cleared from it first.)
self.addEventListener('install', (event) => {
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => Promise.all(windows.map((client) => pages.handle({ event, request: new Request(client.url) }).catch(() => undefined)))),
  )
})

// The customer's files (invoice and authorization PDFs, uploaded documents): from the network while
// there is one, the last copy kept for offline. The page empties this cache on sign-out and sign-in.
const apiBase = new URL(apiBaseUrl(), self.location.origin)
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === apiBase.origin &&
    url.pathname.startsWith(`${apiBase.pathname}/`) &&
    isCustomerFilePath(url.pathname.slice(apiBase.pathname.length)),
  new NetworkFirst({ cacheName: FILES_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 100 })] }),
)

// Caches of an earlier worker's design go.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((name) => !KNOWN_CACHES.includes(name)).map((name) => caches.delete(name)))))
})
