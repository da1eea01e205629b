// Holding the seats and paying: POST lock (15 minutes), then POST checkout with the draft's
// idempotency key, then off to the provider with the action. Failures become a `problem` that
// says what happened and which step fixes it; the draft is never touched by a failure.
import { useMutation } from '@tanstack/react-query'
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { useCallback, useRef, useState } from 'react'
import { type ApiError, isApiError } from '@/lib/api/api-error'
import { getCheckoutMutationOptions, getLockSeatsMutationOptions } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { FieldError } from '@contract/generated/model/fieldError'
import type { PaymentAction } from '@contract/generated/model/paymentAction'
import { errorMessage, messageForCode } from '@/lib/i18n/error-messages'
import { rememberPaymentReturn } from '@/lib/domain/payment-action'
import { checkoutBody } from '@/features/checkout/order/checkout-body'
import { type CheckoutDraft, holdCovers, type SeatHold, type StepId } from '@/features/checkout/order/draft'
import type { TripOffer } from '@/features/checkout/order/offer'
import { minorBuyerMessage } from '@/features/checkout/schemas'
import type { DraftApi } from '@/features/checkout/order/use-checkout-draft'

export type Problem =
  /** No seats left in the group (SPEC: "Ya no quedan plazas disponibles en este grupo"). */
  | { kind: 'sold_out' }
  | { kind: 'pack_full' }
  /** No answer: everything is kept, try again. */
  | { kind: 'network'; message: string }
  | { kind: 'voucher'; message: string }
  /** Something to correct in an earlier step. */
  | { kind: 'step'; step: StepId; message: string }
  | { kind: 'other'; message: string }

/** Field errors the server found, by the step that shows them. */
export type StepErrors = { personal: FieldError[]; minor: boolean; rooms: string | null; customization: string | null; rooming: string | null }

export const noStepErrors = (): StepErrors => ({ personal: [], minor: false, rooms: null, customization: null, rooming: null })

/** What a failed lock or checkout means for the customer. */
export function problemOf(error: unknown): { problem: Problem; stepErrors?: Partial<StepErrors> } {
  if (!isApiError(error)) return { problem: { kind: 'other', message: errorMessage(error) } }
  const e: ApiError = error
  if (e.code === 'network_error' || e.code === 'service_unavailable') return { problem: { kind: 'network', message: errorMessage(e) } }
  if (e.code === 'cant_lock_enough_seats') return { problem: { kind: 'sold_out' } }
  if (e.code === 'travel_group_pack_full') return { problem: { kind: 'pack_full' } }
  if (e.code === 'voucher_invalid') return { problem: { kind: 'voucher', message: errorMessage(e) } }
  const fields = e.fields
  const has = (re: RegExp) => fields.filter((f) => re.test(f.field))
  // The server's text for a field comes in English; our own message for its code where we have one.
  const fieldMessage = (f: FieldError) => (f.code === 'minor_buyer' ? null : f.code in codeMessages ? i18n._(messageForCode(f.code)) : null)
  const personal = has(/^(members|buyer)\b/)
  if (personal.length > 0) {
    const minor = personal.some((f) => f.code === 'minor_buyer')
    const list = personal.filter((f) => f.code !== 'minor_buyer').map((f) => ({ ...f, message: fieldMessage(f) ?? i18n._(messageForCode('validation_error')) }))
    return {
      problem: { kind: 'step', step: 'personal', message: minor ? minorText() : (list[0]?.message ?? errorMessage(e)) },
      stepErrors: { personal: list, minor },
    }
  }
  if (has(/^rooms\b/).length > 0) {
    const soldOut = fields.some((f) => f.code === 'sold_out')
    const text = soldOut ? roomsSoldOutText() : i18n._(messageForCode('validation_error'))
    return { problem: { kind: 'step', step: 'rooms', message: text }, stepErrors: { rooms: text } }
  }
  const items = has(/^(extras|insurances)\b/)
  if (items.length > 0) {
    const coded = items.find((f) => f.code in codeMessages)
    const text = coded ? i18n._(messageForCode(coded.code)) : i18n._(messageForCode('validation_error'))
    return { problem: { kind: 'step', step: 'customization', message: text }, stepErrors: { customization: text } }
  }
  if (has(/^rooming\b/).length > 0) {
    const text = i18n._(messageForCode('validation_error'))
    return { problem: { kind: 'step', step: 'rooming', message: text }, stepErrors: { rooming: text } }
  }
  if (has(/^voucher_code$/).length > 0) return { problem: { kind: 'voucher', message: i18n._(messageForCode('voucher_invalid')) } }
  if (has(/^pack_id$/).length > 0 || has(/^members$/).length > 0) return { problem: { kind: 'step', step: 'pack', message: errorMessage(e) } }
  return { problem: { kind: 'other', message: errorMessage(e) } }
}

// Codes with a message of their own (everything else is "check the form").
const codeMessages: Record<string, true> = {
  dni_wrong_format: true,
  passport_wrong_format: true,
  nif_wrong_format: true,
  cif_wrong_format: true,
  extra_limit_date_excedeed: true,
  insurance_limit_date_excedeed: true,
}

const minorText = minorBuyerMessage
const roomsSoldOutText = () => t`Ya no quedan habitaciones suficientes de ese tipo. Elige otras habitaciones.`

const isLockProblem = (error: unknown) =>
  isApiError(error) && error.status === 422 && error.fields.some((f) => f.field === 'lock_id' || f.code === 'lock_mismatch')

export type PaymentDeps = {
  offer: TripOffer
  draftApi: DraftApi
  /** Leave for the provider, or go to the success page when nothing is paid by card. */
  onBooked: (booked: { bookingId: string; paymentId: string }, action: PaymentAction) => void
}

/** Seat hold and payment of the checkout. */
export function useCheckoutPayment({ offer, draftApi, onBooked }: PaymentDeps) {
  const [problem, setProblem] = useState<Problem | null>(null)
  const [stepErrors, setStepErrors] = useState<StepErrors>(noStepErrors)
  const [holding, setHolding] = useState(false)
  const inFlight = useRef(false)
  const { mutateAsync: lockSeats } = useMutation(getLockSeatsMutationOptions())
  const { mutateAsync: checkout } = useMutation(getCheckoutMutationOptions())
  const { current, update } = draftApi
  const groupId = offer.group.id

  const fail = useCallback((error: unknown) => {
    const { problem: next, stepErrors: errors } = problemOf(error)
    setProblem(next)
    if (errors) setStepErrors({ ...noStepErrors(), ...errors })
  }, [])

  /** Holds the seats for the current party (or keeps a hold that still covers it). Null when it failed. */
  const hold = useCallback(
    async (force = false): Promise<SeatHold | null> => {
      const draft = current()
      if (!force && holdCovers(draft.hold, draft, Date.now(), 30_000)) return draft.hold
      if (!draft.packId) return null
      setHolding(true)
      try {
        const rooms = draft.rooms.filter((r) => r.quantity > 0)
        const lock = await lockSeats({ id: groupId, data: { pack_id: draft.packId, members: draft.members, rooms } })
        const next: SeatHold = { id: lock.id, expiresAt: lock.expires_at, packId: draft.packId, members: draft.members, rooms }
        update((d) => ({ ...d, hold: next }))
        setProblem((p) => (p && (p.kind === 'sold_out' || p.kind === 'pack_full' || p.kind === 'network') ? null : p))
        return next
      } catch (error) {
        fail(error)
        return null
      } finally {
        setHolding(false)
      }
    },
    [current, update, groupId, fail, lockSeats],
  )

  const pay = useCallback(async () => {
    if (inFlight.current) return
    inFlight.current = true
    setProblem(null)
    try {
      let seats = await hold()
      if (!seats) return
      const send = (lockId: string) =>
        checkout({ id: groupId, data: checkoutBody(current(), lockId, `${window.location.origin}/payment`, offer.group.rooming_enabled) })
      let result
      try {
        result = await send(seats.id)
      } catch (error) {
        if (!isLockProblem(error)) throw error
        // The hold lapsed or no longer matches: hold again and send the same attempt (same key).
        seats = await hold(true)
        if (!seats) return
        result = await send(seats.id)
      }
      const booked = { bookingId: result.booking_id, paymentId: result.action.payment_id }
      rememberPaymentReturn(booked.paymentId, { kind: 'checkout', travelGroupId: groupId, bookingId: booked.bookingId })
      update((d: CheckoutDraft) => ({ ...d, booked, hold: null }))
      onBooked(booked, result.action)
    } catch (error) {
      fail(error)
    } finally {
      inFlight.current = false
    }
  }, [hold, current, update, groupId, offer.group.rooming_enabled, onBooked, fail, checkout])

  const clearStepErrors = useCallback((step: keyof StepErrors) => {
    setStepErrors((s) => ({ ...s, [step]: step === 'personal' ? [] : step === 'minor' ? false : null }))
  }, [])

  return { problem, setProblem, stepErrors, clearStepErrors, holding, hold, pay }
}

/** What the summary step needs of the payment. */
export type CheckoutPayment = Pick<ReturnType<typeof useCheckoutPayment>, 'problem' | 'holding' | 'hold' | 'pay'>
