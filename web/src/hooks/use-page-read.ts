import { useDeferredValue } from 'react'

/**
 * A page's main read as the page draws it (decision 044). A query's answer re-renders through
 * useSyncExternalStore, which React always renders in one task: a whole trip or booking drawn that way held the main
 * thread 15–25 ms unthrottled, 150–250 ms on a low-tier phone, and a tap waited behind it. Deferred, the answer's own
 * render draws again what was there (the skeleton) and React then draws the page in slices that yield to a tap.
 */
export const usePageRead = <Read>(read: Read): Read => useDeferredValue(read)
