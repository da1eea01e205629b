// The service worker's caches (web/src/service-worker.ts), named once: the page empties the customer's
// one on sign-out (offline-data.ts) and the worker drops any cache it does not know.

/** The build's hashed scripts and styles: never change, kept for a few builds. */
export const ASSETS_CACHE = 'portal-assets'
/** Pages as the server built them (the agency's): the app's shell offline. No customer data. */
export const PAGES_CACHE = 'portal-pages'
/** The customer's files already opened (invoices, authorizations, documents): removed on sign-out. */
export const FILES_CACHE = 'portal-files'

export const KNOWN_CACHES: readonly string[] = [ASSETS_CACHE, PAGES_CACHE, FILES_CACHE]

/**
 * The API's file downloads kept for offline reading: an invoice's or an authorization's PDF and an
 * uploaded document, by the path after the API's base.
 */
export const isCustomerFilePath = (pathAfterBase: string): boolean =>
  /^\/booking\/[^/]+\/(authorization|invoice\/[^/]+)\/render$/.test(pathAfterBase) || /^\/file\/[^/]+$/.test(pathAfterBase)
