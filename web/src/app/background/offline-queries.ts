// The query cache outlives the page (issue 16, decision 013): a booking the traveller opened reads again
// with no network at all, from IndexedDB. TanStack Query's own persistence does the work.
import { persistQueryClientRestore, persistQueryClientSave, type PersistQueryClientOptions } from '@tanstack/query-persist-client-core'
import type { QueryClient } from '@tanstack/react-query'
import { forgetOfflineData, OFFLINE_BUSTER, OFFLINE_MAX_AGE_MS, persistableQuery, queryPersister } from '@/lib/browser/offline-data'
import { runSoonWhenIdle } from '@/lib/browser/main-thread.universal'
import { isSignedIn } from '@/lib/domain/session'

/** A save waits this long after the first change it carries: a page's reads arrive together. */
export const SAVE_DELAY_MS = 1_000

/**
 * Saves `options.queryClient` a moment after its reads change, when the browser is idle, and at once
 * when the page is hidden or closed (the phone goes back in the pocket). TanStack's own subscription
 * (persistQueryClientSubscribe) dehydrates the whole cache on every cache event, hundreds while a
 * page loads: on the checkout that cost Lighthouse (mobile) 2 points of performance (96 → 94).
 */
function saveWhenSettled(options: PersistQueryClientOptions): void {
  // cancels the save that is waiting, if one is
  let pending: (() => void) | undefined
  const save = () => {
    pending?.()
    pending = undefined
    void persistQueryClientSave(options)
  }
  options.queryClient.getQueryCache().subscribe((event) => {
    if (pending !== undefined || (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated')) return
    pending = runSoonWhenIdle(save, SAVE_DELAY_MS, SAVE_DELAY_MS)
  })
  const saveIfPending = () => {
    if (pending !== undefined) save()
  }
  // for as long as the page lives: nothing to unsubscribe
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveIfPending()
  })
  window.addEventListener('pagehide', saveIfPending)
}

/**
 * Restores the saved reads into `client` (when someone is signed in) and saves it from then on. Resolves
 * once restored, so the first page already has them; a broken store is dropped, never a failed start.
 */
export async function keepQueriesOffline(client: QueryClient): Promise<void> {
  const options: PersistQueryClientOptions = {
    queryClient: client,
    persister: queryPersister,
    buster: OFFLINE_BUSTER,
    maxAge: OFFLINE_MAX_AGE_MS,
    // payments and forms are never saved: a mutation is sent online or not at all
    dehydrateOptions: { shouldDehydrateQuery: persistableQuery(isSignedIn), shouldDehydrateMutation: () => false },
  }
  if (!isSignedIn()) {
    // a session that ended without a sign-out here (expired, or signed out in a closed tab)
    await forgetOfflineData()
    saveWhenSettled(options)
    return
  }
  const before = new Set(client.getQueryCache().getAll())
  const restoring = Date.now()
  await persistQueryClientRestore(options).catch(() => undefined)
  saveWhenSettled(options)
  // What was saved shows at once but counts as old: each read is asked again as its page opens (online),
  // as it was before anything was saved. What this page read itself stays as it is: the config its HTML
  // brought, and what the frame asked for while the saved reads came back (decision 036).
  await client.invalidateQueries({ predicate: (query) => !before.has(query) && query.state.dataUpdatedAt < restoring, refetchType: 'none' })
}
