import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while React hydrates the frame the server drew (app/shell/render-shell.tsx), true from the next
 * render on, and in every render that is not a hydration. What only the browser knows (a name kept from
 * an earlier visit) waits for it, so the hydrated markup is the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
