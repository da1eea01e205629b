import { describe, expect, it } from 'vitest'
import { fail, invalid, RuleFailure } from '../../../../mock/src/world/kernel/rule-failure.ts'

// How a rule refuses: with the contract's error, which the handler turns into the error body.

describe('a rule failure', () => {
  it('carries the status, code, message, field errors and headers', () => {
    const failure = (() => {
      try {
        fail(429, 'too_many_requests', 'Slow down.', undefined, { 'Retry-After': '30' })
      } catch (error) {
        return error
      }
    })() as RuleFailure
    expect(failure).toBeInstanceOf(RuleFailure)
    expect(failure).toMatchObject({ status: 429, code: 'too_many_requests', message: 'Slow down.', headers: { 'Retry-After': '30' } })
  })

  it('a 422 on one field names it with its code and message', () => {
    expect(() => invalid('iban', 'iban', 'The IBAN is not valid.')).toThrow(
      expect.objectContaining({ status: 422, code: 'validation_error', fields: [{ field: 'iban', code: 'iban', message: 'The IBAN is not valid.' }] }),
    )
  })
})
