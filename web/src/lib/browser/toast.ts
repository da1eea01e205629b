import type { MessageDescriptor } from '@lingui/core'

// SPEC §9: toasts last 3500 ms, bottom centre, at most 300 characters.
export const TOAST_DURATION_MS = 3500
export const TOAST_MAX_LENGTH = 300
// More would cover the page on a phone; the oldest one makes room.
const MAX_VISIBLE = 3

export type ToastKind = 'success' | 'error' | 'info'
/** A translated string, or a descriptor translated when shown (e.g. `messageForCode(code)`). */
export type ToastMessage = string | MessageDescriptor
export type ToastItem = { id: number; kind: ToastKind; message: ToastMessage }

type Listener = () => void

let items: readonly ToastItem[] = []
let nextId = 1
const timers = new Map<number, ReturnType<typeof setTimeout>>()
const listeners = new Set<Listener>()

const emit = () => listeners.forEach((listener) => listener())

function dismiss(id: number): void {
  clearTimeout(timers.get(id))
  timers.delete(id)
  if (!items.some((item) => item.id === id)) return
  items = items.filter((item) => item.id !== id)
  emit()
}

function show(kind: ToastKind, message: ToastMessage): number {
  const id = nextId++
  items = [...items, { id, kind, message }]
  for (const dropped of items.slice(0, Math.max(0, items.length - MAX_VISIBLE))) {
    clearTimeout(timers.get(dropped.id))
    timers.delete(dropped.id)
  }
  items = items.slice(-MAX_VISIBLE)
  timers.set(
    id,
    setTimeout(() => dismiss(id), TOAST_DURATION_MS),
  )
  emit()
  return id
}

/** The one way to notify the user. Callable from anywhere, React or not. */
export const toast = {
  success: (message: ToastMessage) => show('success', message),
  error: (message: ToastMessage) => show('error', message),
  info: (message: ToastMessage) => show('info', message),
  dismiss,
}

/** For <ToastViewport> (useSyncExternalStore) and tests. */
export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  getSnapshot: (): readonly ToastItem[] => items,
  clear(): void {
    timers.forEach(clearTimeout)
    timers.clear()
    items = []
    emit()
  },
}
