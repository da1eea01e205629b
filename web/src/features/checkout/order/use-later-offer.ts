import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import {
  getGetPackSeatsQueryOptions,
  getListExtrasQueryOptions,
  getListPaymentMethodsQueryOptions,
  getListPaymentTermsQueryOptions,
  useGetPackSeats,
  useListExtras,
  useListPaymentMethods,
  useListPaymentTerms,
} from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import { runSoonWhenIdle } from '@/lib/browser/main-thread.universal'
import type { LaterOffer } from '@/features/checkout/order/offer'
import type { PackSeats } from '@contract/generated/model/packSeats'

export type LaterOfferState = {
  /** Everything the later steps need, once all of it has come. */
  later: LaterOffer | undefined
  /** Fresh seats per pack, once read (the first step shows the group's own until then). */
  packSeats: PackSeats[] | undefined
  /** A read that failed, to be shown by the step that needs it. */
  error: unknown
  retry: () => void
}

const LATER = { staleTime: 5 * 60_000 }
// seats change as others book: fresh on every visit, but a read of a moment ago will do
const SEATS = { staleTime: 5_000 }

/** When the later reads start: not before the step is drawn; then a moment later, or at once for a step that needs them. */
export type LaterReadsStart = 'not yet' | 'when idle' | 'now'

/**
 * Checkout's reads beyond the trip: its extras and insurance, payment plans and methods, and the fresh seats per
 * pack. They start a second after the step is drawn, when the browser is idle, not with the page (decision 041): over
 * HTTP/1.1 a phone asks for six files at a time, and these four requests beside the page's code and the trip
 * held the first step back by a round trip. The customer needs them a step or more later; a step that needs them
 * now (customization, the summary) reads them at once.
 */
export function useLaterOffer(groupId: string, start: LaterReadsStart): LaterOfferState {
  const queryClient = useQueryClient()
  // The hooks below only watch the cache (they read nothing themselves); this reads what is missing or stale.
  useEffect(() => {
    if (start === 'not yet') return
    const read = () => {
      void queryClient.prefetchQuery(getListExtrasQueryOptions(groupId, { query: LATER }))
      void queryClient.prefetchQuery(getListPaymentTermsQueryOptions(groupId, { query: LATER }))
      void queryClient.prefetchQuery(getListPaymentMethodsQueryOptions(groupId, undefined, { query: LATER }))
      void queryClient.prefetchQuery(getGetPackSeatsQueryOptions(groupId, { query: SEATS }))
    }
    if (start === 'now') {
      read()
      return
    }
    // A second on, when the browser is idle: the moment React has drawn the step is not yet when the browser has
    // painted it (in a traced load the reads, started at the first idle moment, still came before its paint).
    return runSoonWhenIdle(read, 1_000, 2_000)
  }, [queryClient, groupId, start])
  const extras = useListExtras(groupId, { query: { ...LATER, enabled: false } })
  const plans = useListPaymentTerms(groupId, { query: { ...LATER, enabled: false } })
  const methods = useListPaymentMethods(groupId, undefined, { query: { ...LATER, enabled: false } })
  const packSeats = useGetPackSeats(groupId, { query: { ...SEATS, enabled: false } })

  const later = useMemo(
    () =>
      extras.data && plans.data && methods.data
        ? { extras: extras.data.extras, insurances: extras.data.insurances, plans: plans.data, methods: methods.data }
        : undefined,
    [extras.data, plans.data, methods.data],
  )
  const reads = [extras, plans, methods]
  const failed = reads.find((read) => read.isError)
  return {
    later,
    packSeats: packSeats.data,
    error: failed?.error,
    retry: () => void Promise.all(reads.filter((read) => read.isError).map((read) => read.refetch())),
  }
}
