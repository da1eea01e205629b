import { describe, expect, it } from 'vitest'
import { exposure } from '../../../../cli/src/checks/every-answer/exposure.ts'
import { answer, checkWorld, realContract } from '../check-harness.ts'

// exposure: no answer shows a credential, token or session the contract does not declare.

describe('the exposure check', () => {
  it('scans every answer with the engine’s scan', async () => {
    expect(exposure.scan(await realContract()).kind).toBe('exposure')
  })

  it('finds a password hash in a profile answer, where the mock shows none', async () => {
    const clean = await checkWorld()
    expect((await clean.read('getProfile')).violations).toEqual([])
    const world = await checkWorld({
      fault: async ({ operationId }, mocked) =>
        operationId === 'getProfile'
          ? answer(200, { ...((await mocked.clone().json()) as object), password_hash: '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy' })
          : undefined,
    })
    const violations = (await world.read('getProfile')).violations
    expect(violations.map((violation) => [violation.kind, violation.actual])).toEqual([['exposure', expect.stringMatching(/^\$\.password_hash: /)]])
  })

  it('finds a card number in a booking and a document number the contract does not declare; the mock’s declared ones pass', async () => {
    const clean = await checkWorld()
    expect((await clean.read('getBooking', { path: ['bkg-sol-1004'] })).violations).toEqual([])
    const world = await checkWorld({
      fault: async ({ operationId }, mocked) => {
        if (operationId !== 'getBooking') return undefined
        const booking = (await mocked.clone().json()) as { members: Record<string, unknown>[] }
        booking.members[0]!['card'] = { number: '4111111111111111', holder: 'ANA GARCIA' }
        booking.members[0]!['national_id'] = '12345678Z'
        return answer(200, booking)
      },
    })
    const violations = (await world.read('getBooking', { path: ['bkg-sol-1002'] })).violations
    expect(violations.map((violation) => violation.actual)).toEqual([
      '$.members[*].card.number: a card number in an undeclared property',
      '$.members[*].national_id: an identity document number (DNI/NIE) in an undeclared property',
    ])
  })
})
