import { describe, expect, it } from 'vitest'
import { formatViolation } from '../../../contract/engine/violation.ts'

// The one record every check produces, as a line.

describe('a violation', () => {
  it('reads as kind, operation, request, status, what was expected and what came', () => {
    const violation = {
      kind: 'schema' as const,
      operationId: 'getBooking',
      method: 'GET',
      url: 'http://x/booking/1',
      status: 200,
      expected: '$.id is required',
      actual: 'missing',
      curl: '',
    }
    expect(formatViolation(violation)).toBe('[schema] getBooking GET http://x/booking/1 -> 200: expected $.id is required; got missing')
    const { status: _status, ...unanswered } = violation
    expect(formatViolation({ ...unanswered, kind: 'transport' })).toBe('[transport] getBooking GET http://x/booking/1: expected $.id is required; got missing')
  })
})
