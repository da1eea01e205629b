import { describe, expect, it } from 'vitest'
import { errorLeak } from '../../../../cli/src/checks/every-answer/error-leak.ts'
import { answer, checkWorld } from '../check-harness.ts'

// error-leak: no error answer shows the backend's insides.

describe('the error-leak check', () => {
  it('scans every answer with the engine’s scan', () => {
    expect(errorLeak.scan().kind).toBe('error-leak')
  })

  it('finds a stack trace in a 404, where the mock’s errors show none', async () => {
    const clean = await checkWorld()
    expect((await clean.read('getBooking', { path: ['bkg-none'] })).violations).toEqual([])
    const world = await checkWorld({
      fault: ({ operationId }, mocked) =>
        operationId === 'getBooking' && mocked.status === 404
          ? answer(404, { code: 'not_found', message: 'Error: not found\n    at findBooking (/srv/api/src/bookings.js:42:11)' })
          : undefined,
    })
    const violations = (await world.read('getBooking', { path: ['bkg-none'] })).violations
    expect(violations.map((violation) => violation.kind)).toEqual(['error-leak'])
    expect(violations[0]!.actual).toMatch(/stack trace/)
  })
})
