// The journey's writes (only with --write): book a fresh booking for an adult and a minor, pay it through the
// sandbox provider, all carrying the run's marker (then journey-aftercare.ts).
import { randomUUID } from 'node:crypto'
import { isMinorOn, utcDay } from '../../../core/calendar.ts'
import type { StepContext } from '../run/step-runner.ts'
import { JourneyState, JourneyStepSpec, Offer, PARTY_SIZE, PaymentActionShape, ResolvedIds } from '../run/run-state.ts'
import { smokeBuyer, smokeMember } from './smoke-data.ts'
import { byNewBooking } from './read-steps.ts'
import { paymentActionOf, roomsFor } from './answer-facts.ts'
import { asArray, asRecord, asString, idOf, listItems, requireOk } from '../run/json-readers.ts'
import { findApproveForm } from './provider-form.ts'

export const writeSteps: readonly JourneyStepSpec[] = [
  // --- writes (only with --write): book, pay, document, cancel
  {
    id: 'checkout.pick',
    name: `Pick a travel group, pack, rooms, plan and sandbox card method for ${PARTY_SIZE}`,
    kind: 'write',
    operationId: 'getTravelGroup',
    route: 'GET /travelgroup/{id}',
    alsoCalls: ['listPaymentTerms', 'listPaymentMethods'],
    wiring: 'ready',
    needs: ['auth.login', 'travelgroup.list'],
    requires: ['travelGroups'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const state = context.state
      const booked = new Set(state.bookedTravelGroupIds ?? [])
      const invited = new Set(state.invitedTravelGroupIds ?? [])
      // Never a group with an invitation (checkout would turn it into this booking); groups the customer is not in first.
      const candidates = (state.travelGroups ?? [])
        .filter(
          (group) =>
            (group.status === undefined || group.status === 'open') && (group.seats === undefined || group.seats >= PARTY_SIZE) && !invited.has(group.id),
        )
        .sort((a, b) => Number(booked.has(a.id)) - Number(booked.has(b.id)))
        .slice(0, 3)
      const reasons: string[] = []
      for (const group of candidates) {
        const detail = await context.call(ids('getTravelGroup'), { path: [group.id] })
        requireOk(context, detail)
        const travelGroup = asRecord(detail.json) ?? {}
        const pack = asArray(travelGroup['packs'])
          .map(asRecord)
          .find((item) => typeof item?.['seats_left'] === 'number' && (item['seats_left'] as number) >= PARTY_SIZE)
        const rooms = roomsFor(travelGroup['hosting_rooms'], PARTY_SIZE)
        if (pack === undefined || idOf(pack) === undefined || rooms === undefined) {
          reasons.push(`${group.id}: ${pack === undefined ? `no pack with ${PARTY_SIZE} seats left` : `no room type fits ${PARTY_SIZE}`}`)
          continue
        }
        const plans = await context.call(ids('listPaymentTerms'), { path: [group.id] })
        requireOk(context, plans)
        const planList = listItems(plans.json)
        const plan = planList.find((item) => item['instalments'] === 1) ?? planList[0]
        const methods = await context.call(ids('listPaymentMethods'), { path: [group.id] })
        requireOk(context, methods)
        const cards = listItems(methods.json).filter((item) => item['type'] === 'tpv')
        const card = cards.find((item) => item['sandbox'] === true)
        if (idOf(plan) === undefined || idOf(card) === undefined) {
          reasons.push(
            `${group.id}: ${idOf(plan) === undefined ? 'no payment plan' : cards.length > 0 ? 'refused: its card payment is not a sandbox' : 'no card payment method'}`,
          )
          continue
        }
        context.set({ offer: { travelGroupId: group.id, packId: idOf(pack) as string, rooms, planId: idOf(plan) as string, methodId: idOf(card) as string } })
        context.note(`books ${PARTY_SIZE} in ${group.id}, pack ${idOf(pack)}, plan ${idOf(plan)}, sandbox card ${idOf(card)}`)
        return
      }
      context.skip(
        `no travel group can be booked for ${PARTY_SIZE}${reasons.length === 0 ? ' (none open with seats, or only groups with an invitation)' : `: ${reasons.join('; ')}`}`,
      )
    },
  },
  {
    id: 'checkout.lock',
    name: 'Hold seats',
    kind: 'write',
    operationId: 'lockSeats',
    route: 'POST /travelgroup/{id}/lock',
    wiring: 'ready',
    needs: ['checkout.pick'],
    requires: ['offer'],
    request: (state) => {
      const offer = state.offer as Offer
      return { path: [offer.travelGroupId], json: { pack_id: offer.packId, members: PARTY_SIZE, rooms: offer.rooms } }
    },
    capture: (json) => {
      const id = idOf(asRecord(json))
      return id === undefined ? undefined : { lockId: id }
    },
    captures: ['lockId'],
  },
  {
    id: 'checkout.checkout',
    name: 'Checkout (tagged; returns a payment action)',
    kind: 'write',
    operationId: 'checkout',
    route: 'POST /travelgroup/{id}/checkout',
    wiring: 'ready',
    needs: ['checkout.lock'],
    requires: ['offer', 'lockId', 'email'],
    request: (state, context) => {
      const offer = state.offer as Offer
      const members = Array.from({ length: PARTY_SIZE }, (_, index) => smokeMember(state, context.marker, index))
      return {
        path: [offer.travelGroupId],
        json: {
          lock_id: state.lockId,
          pack_id: offer.packId,
          rooms: offer.rooms,
          members,
          buyer: smokeBuyer(state, context.marker),
          extras: [],
          insurances: [],
          voucher_code: null,
          payment_plan_id: offer.planId,
          payment_method_id: offer.methodId,
          accept_terms: true,
          return_url: `${state.agencyUrl.replace(/\/+$/, '')}/payment`,
          // The marker has one-second resolution: two runs in the same second must still be two bookings.
          idempotency_key: `${context.marker}-checkout-${randomUUID().slice(0, 8)}`,
        },
      }
    },
    capture: (json) => {
      const result = asRecord(json)
      const bookingId = asString(result?.['booking_id'])
      const action = paymentActionOf(result?.['action'])
      return bookingId === undefined || action === undefined ? undefined : { newBookingId: bookingId, paymentId: action.payment_id, paymentAction: action }
    },
    captures: ['newBookingId', 'paymentId'],
    after: (_json, context) => context.note(`created booking ${context.state.newBookingId} (payment ${context.state.paymentId})`),
  },
  {
    id: 'booking.created',
    name: 'The new booking, pending payment',
    kind: 'write',
    operationId: 'getBooking',
    route: 'GET /booking/{id}',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    requires: ['newBookingId'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const outcome = await context.call(ids('getBooking'), byNewBooking(context.state))
      requireOk(context, outcome)
      const booking = asRecord(outcome.json) ?? {}
      const member = asArray(booking['members'])
        .map(asRecord)
        .find((item) => idOf(item) !== undefined)
      if (member === undefined) context.fail('the new booking with its passengers', 'no member with an id')
      const end = asString(asRecord(booking['travel_group'])?.['end_at'])
      const minor = asArray(booking['members'])
        .map(asRecord)
        .find((item) => idOf(item) !== undefined && typeof item?.['birthdate'] === 'string' && isMinorOn(item['birthdate'], utcDay()))
      context.set({
        newMemberId: idOf(member) as string,
        newMember: member,
        ...(end === undefined ? {} : { newTravelGroupEnd: end }),
        ...(minor === undefined ? {} : { newMinorId: idOf(minor) as string }),
      })
      if (booking['status'] !== 'pending') context.fail('status pending before the first payment', String(booking['status']))
    },
  },
  {
    id: 'payment.redirect',
    name: 'Payment redirect (the action URL must be loopback or --allow-provider)',
    kind: 'payment',
    operationId: 'redirectPayment',
    route: 'POST /payment/{id}/redirect',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    requires: ['paymentId'],
    request: (state) => ({ path: [state.paymentId as string] }),
    capture: (json) => {
      const action = paymentActionOf(json)
      return action === undefined ? undefined : { paymentAction: action }
    },
    captures: ['paymentAction'],
    after: (_json, context) => {
      const action = context.state.paymentAction
      if (action?.type === 'redirect' && action.url !== null) context.guardPaymentUrl(action.url)
    },
  },
  {
    id: 'payment.provider',
    name: 'Approve the payment at the sandbox provider',
    kind: 'payment',
    operationId: 'redirectPayment',
    route: 'POST /payment/{id}/redirect',
    wiring: 'ready',
    needs: ['payment.redirect'],
    requires: ['paymentAction'],
    async run(context: StepContext<JourneyState>) {
      const action = context.state.paymentAction as PaymentActionShape
      if (action.type !== 'redirect' || action.url === null) context.skip(`the payment action is ${action.type}: nothing to do at a provider`)
      const page = await context.external({ label: 'provider', method: action.method, url: action.url, form: action.fields })
      if (page.status < 200 || page.status >= 400) context.fail('the provider page (2xx or 3xx)', `${page.status}`)
      const form = findApproveForm(page.text, action.url)
      if (form === undefined) context.skip('the provider page has no simple approve form; complete the payment by hand (the booking stays pending)')
      const done = await context.external({ label: 'provider', method: form.method, url: form.action, form: form.fields })
      if (done.status < 200 || done.status >= 400) context.fail('the provider to accept the approval (2xx or 3xx)', `${done.status}`)
      const location = done.headers.get('location')
      context.note(`approved at ${new URL(form.action).origin}${location === null ? '' : `; back to ${location}`}`)
      context.set({ paymentApproved: true })
    },
  },
  {
    id: 'payment.check',
    name: 'Payment check after the provider',
    kind: 'payment',
    operationId: 'checkPayment',
    route: 'POST /payment/{id}/check',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    requires: ['paymentId'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const outcome = await context.call(ids('checkPayment'), { path: [context.state.paymentId as string] })
      requireOk(context, outcome)
      const status = asRecord(outcome.json)?.['status']
      if (context.state.paymentApproved === true && status !== 'paid') context.fail('status paid after the provider approved it', String(status))
      context.note(`payment ${context.state.paymentId} is ${String(status)}`)
    },
  },
  {
    id: 'booking.confirmed',
    name: 'The paid booking is confirmed',
    kind: 'payment',
    operationId: 'getBooking',
    route: 'GET /booking/{id}',
    wiring: 'ready',
    needs: ['payment.check'],
    requires: ['newBookingId', 'paymentApproved'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const outcome = await context.call(ids('getBooking'), byNewBooking(context.state))
      requireOk(context, outcome)
      const status = asRecord(outcome.json)?.['status']
      if (status !== 'confirmed') context.fail('status confirmed after the first payment', String(status))
    },
  },
]
