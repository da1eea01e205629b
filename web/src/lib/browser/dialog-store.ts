// Only one dialog may be open at a time (SPEC §2). The store holds the id of
// the open one, so "open B" closes A by construction: there is no second flag
// that could drift.

type Listener = () => void

let openId: string | null = null
const returnTargets = new Map<string, HTMLElement>()
const listeners = new Set<Listener>()

const emit = () => listeners.forEach((listener) => listener())

const activeHtmlElement = (): HTMLElement | null =>
  typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null

export const dialogStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  getSnapshot: (): string | null => openId,

  open(id: string): void {
    if (openId === id) return
    const opener = activeHtmlElement()
    const current = openId ? document.getElementById(openId) : null
    // Opened from inside another dialog (which is about to close): focus must
    // go back to what opened that one, since this opener will be gone.
    const inherited = current && opener && current.contains(opener) && openId ? returnTargets.get(openId) : undefined
    if (openId) returnTargets.delete(openId)
    const target = inherited ?? opener
    if (target) returnTargets.set(id, target)
    openId = id
    emit()
  },

  close(id?: string): void {
    if (openId === null || (id !== undefined && openId !== id)) return
    openId = null
    emit()
  },

  /** Where focus goes when dialog `id` closes; read once by the dialog. */
  takeReturnTarget(id: string): HTMLElement | undefined {
    const target = returnTargets.get(id)
    returnTargets.delete(id)
    return target
  },
}
