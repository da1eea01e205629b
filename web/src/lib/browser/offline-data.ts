// What a signed-in customer's visit leaves in this browser so the booking reads offline (issue 16,
// decision 013): the query cache, saved in IndexedDB through TanStack Query's persister, and the files
// the service worker kept. All of it belongs to one customer: it is restored only while signed in and
// removed when a session ends or begins (lib/session.ts).
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { type DehydrateOptions, defaultShouldDehydrateQuery, type Query } from '@tanstack/react-query'
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval'
import { CONTRACT_DIGEST } from '@contract/generated/api-operations'
import { FILES_CACHE } from '@/lib/browser/offline-caches'

const QUERIES_KEY = 'queries'
let opened: UseStore | null = null
/** IndexedDB "portal-offline", store "queries": one entry, the persisted client. Opened on first use. */
const store = (): UseStore => (opened ??= createStore('portal-offline', 'queries'))

/**
 * Saved data is read back for 30 days after the app last ran (the session's lifetime) and only under
 * the contract it was saved with: data of another shape is dropped, not misread.
 */
export const OFFLINE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
export const OFFLINE_BUSTER = CONTRACT_DIGEST

export const queryPersister = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key, store()),
    setItem: (key, value: string) => set(key, value, store()),
    removeItem: (key) => del(key, store()),
  },
  key: QUERIES_KEY,
  // app/offline-queries.ts already waits for the page to settle before each save
  throttleTime: 0,
})

/**
 * Which reads are saved: the answered ones (TanStack's default), of a signed-in customer, except binary
 * answers (a ballot's picture), which JSON cannot hold.
 */
export const persistableQuery =
  (signedIn: () => boolean): NonNullable<DehydrateOptions['shouldDehydrateQuery']> =>
  (query: Query) =>
    signedIn() && defaultShouldDehydrateQuery(query) && !(typeof Blob !== 'undefined' && query.state.data instanceof Blob)

/** Removes every saved read and kept file of this browser's customer. Never throws. */
export async function forgetOfflineData(): Promise<void> {
  // each may be missing (no IndexedDB, no Cache Storage outside a secure context) or refuse
  await Promise.allSettled([(async () => clear(store()))(), (async () => globalThis.caches?.delete(FILES_CACHE))()])
}
