import { describe, expect, it } from 'vitest'
import { statusAfterPayment } from '../../core/booking-status.ts'

describe('statusAfterPayment', () => {
  it('a payment confirms a pending booking and takes up an invitation; a canceled or confirmed one stays as it is', () => {
    expect(statusAfterPayment('pending')).toBe('confirmed')
    expect(statusAfterPayment('invited')).toBe('confirmed')
    expect(statusAfterPayment('confirmed')).toBe('confirmed')
    expect(statusAfterPayment('canceled')).toBe('canceled')
  })
})
