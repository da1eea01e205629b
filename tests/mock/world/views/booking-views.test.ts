import { describe, expect, it } from 'vitest'
import { bookingSummaryView, bookingView, memberView, paymentView } from '../../../../mock/src/world/views/booking-views.ts'
import { groupOf } from '../../../../mock/src/world/kernel/booking-access.ts'
import { bookingCart, bookingTerms } from '../../../../mock/src/world/money/booking-account.ts'
import { freshWorld, viewContext } from '../world-fixture.ts'

// A booking, its members and payments as the API shows them: the values derived by their rules.

const world = freshWorld()
const ana = world.customers.find((c) => c.email === 'ana.garcia@example.com' && c.agencyId === 'ag-sol')!

describe('booking views', () => {
  it('a booking: its role for the reader, its terms and cart from the booking’s account, its QR payload', () => {
    const ctx = viewContext(world)
    const booking = world.bookings.find((b) => b.id === 'bkg-sol-1002')!
    const group = groupOf(world, booking)
    const view = bookingView(ctx, booking, ana.id)
    expect(view).toMatchObject({
      id: booking.id,
      locator: booking.locator,
      status: booking.status,
      role: 'buyer',
      qr_payload: `BOOKING:${booking.id}:${booking.locator}`,
    })
    expect(view.terms).toEqual(bookingTerms(ctx, group, booking))
    expect(view.cart).toEqual(bookingCart(ctx, group, booking))
    expect(view.members.map((m) => m.id)).toEqual(booking.members.map((m) => m.id))
  })

  it('the guardian reads the booking as its guardian', () => {
    const marta = world.customers.find((c) => c.email === 'marta.lopez@example.com' && c.agencyId === 'ag-sol')!
    expect(
      bookingView(
        viewContext(world),
        world.bookings.find((b) => b.id === 'bkg-sol-1001')!,
        marta.id,
      ).role,
    ).toBe('guardian')
  })

  it('a member: each document valid or not by the trip’s rule, and never the customer it belongs to', () => {
    const booking = world.bookings.find((b) => b.id === 'bkg-sol-1001')!
    const pablo = booking.members.find((m) => m.documents.length > 0)!
    const view = memberView(viewContext(world), groupOf(world, booking), booking, pablo)
    expect(view.documents.map((d) => d.valid)).toEqual([true])
    expect(memberView(viewContext(world, ['expired-passport']), groupOf(world, booking), booking, pablo).documents.map((d) => d.valid)).toEqual([false])
    expect(Object.keys(view)).not.toContain('customerId')
  })

  it('a summary owes nothing when canceled or only invited; a payment shows its booking and outcome', () => {
    const ctx = viewContext(world)
    expect(
      bookingSummaryView(
        ctx,
        world.bookings.find((b) => b.id === 'bkg-sol-1004')!,
        ana.id,
      ).pending_amount,
    ).toBe(0)
    expect(
      bookingSummaryView(
        ctx,
        world.bookings.find((b) => b.id === 'bkg-sol-1003')!,
        ana.id,
      ).pending_amount,
    ).toBe(0)
    const pending = world.bookings.find((b) => b.id === 'bkg-sol-1006')!
    expect(bookingSummaryView(ctx, pending, ana.id).pending_amount).toBe(bookingCart(ctx, groupOf(world, pending), pending).pending)
    const payment = world.payments[0]!
    expect(paymentView(payment)).toEqual({
      id: payment.id,
      booking_id: payment.bookingId,
      status: payment.status,
      amount: payment.amount,
      method: payment.method,
      created_at: payment.created_at,
      paid_at: payment.paid_at,
      error_code: payment.error_code,
    })
  })
})
