import { describe, expect, it } from 'vitest'
import { AUTHORIZATION_MIN_DAYS, authorizationOpen } from '../../core/parental-authorization.ts'

// The parental authorization is signed at least 60 days before departure.

describe('the parental authorization window', () => {
  it('is open up to 60 days before departure, and closed after', () => {
    expect(AUTHORIZATION_MIN_DAYS).toBe(60)
    expect(authorizationOpen('2027-03-11', '2027-01-10')).toBe(true)
    expect(authorizationOpen('2027-03-11', '2027-01-11')).toBe(false)
    expect(authorizationOpen('2027-03-11', '2027-03-12')).toBe(false)
  })
})
