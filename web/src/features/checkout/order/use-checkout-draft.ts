import { useCallback, useEffect, useRef, useState } from 'react'
import { type CheckoutDraft, clearDraft, loadDraft, newDraft, saveDraft } from '@/features/checkout/order/draft'

export type DraftUpdate = Partial<CheckoutDraft> | ((draft: CheckoutDraft) => CheckoutDraft)

/**
 * The checkout draft of one travel group, saved to sessionStorage on every change. `persist` saves
 * without re-rendering (for keystrokes in a form that keeps its own state), `update` also re-renders.
 */
export function useCheckoutDraft(groupId: string) {
  const [draft, setDraft] = useState<CheckoutDraft>(() => loadDraft(groupId))
  const ref = useRef(draft)

  // Another travel group in the same component (navigation between checkouts).
  useEffect(() => {
    if (ref.current.groupId !== groupId) {
      const next = loadDraft(groupId)
      ref.current = next
      setDraft(next)
    }
  }, [groupId])

  const apply = (change: DraftUpdate): CheckoutDraft => {
    const next = typeof change === 'function' ? change(ref.current) : { ...ref.current, ...change }
    ref.current = next
    saveDraft(next)
    return next
  }

  const update = useCallback((change: DraftUpdate) => {
    setDraft(apply(change))
  }, [])

  const persist = useCallback((change: DraftUpdate) => {
    apply(change)
  }, [])

  /** Starts over: a fresh draft with a new idempotency key. */
  const reset = useCallback(() => {
    clearDraft(groupId)
    const next = newDraft(groupId)
    ref.current = next
    saveDraft(next)
    setDraft(next)
  }, [groupId])

  const current = useCallback(() => ref.current, [])

  return { draft, update, persist, reset, current }
}

export type DraftApi = ReturnType<typeof useCheckoutDraft>
