import { useCallback, useEffect, useId, useMemo, useSyncExternalStore } from 'react'
import { dialogStore } from '@/lib/browser/dialog-store'

export type DialogHandle = {
  /** Also the <dialog>'s DOM id. */
  id: string
  isOpen: boolean
  open: () => void
  close: () => void
}

/**
 * Owns one dialog. Pass the handle to <Dialog dialog={…}>. Opening it closes
 * whichever dialog is open: only one at a time, app-wide.
 */
export function useDialog(): DialogHandle {
  const id = `dialog-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const openId = useSyncExternalStore(dialogStore.subscribe, dialogStore.getSnapshot, dialogStore.getSnapshot)
  const open = useCallback(() => dialogStore.open(id), [id])
  const close = useCallback(() => dialogStore.close(id), [id])
  // The owner went away (route change…): don't leave a ghost "open" id behind.
  useEffect(() => () => dialogStore.close(id), [id])
  const isOpen = openId === id
  return useMemo(() => ({ id, isOpen, open, close }), [id, isOpen, open, close])
}
