import { describe, expect, it } from 'vitest'
import { sessionsStep, signIn, signOut } from '../../../../cli/src/checks/kit/sessions.ts'
import { answer, checkWorld } from '../check-harness.ts'

// The sessions the checks need: one signed out, a spare one to sign out with, and the other customer's.

describe('the sessions step', () => {
  it('opens a session and signs it out (its token is refused from then on), a spare one, and the other customer’s', async () => {
    const world = await checkWorld({ other: true })
    expect([signIn, signOut]).toEqual(['login', 'logout'])
    const { revokedToken, spareToken, otherToken, token } = world.state
    expect(new Set([revokedToken, spareToken, otherToken, token]).size).toBe(4)
    expect((await world.read('getProfile', { auth: { token: revokedToken! } })).status).toBe(401)
    expect((await world.read('getProfile', { auth: { token: spareToken! } })).status).toBe(200)
  })

  it('fails when the sign-out it needs does not work', async () => {
    const world = await checkWorld({ fault: ({ operationId }) => (operationId === 'logout' ? answer(500, { code: 'internal', message: 'x' }) : undefined) })
    const [result] = await world.run([sessionsStep()])
    expect(result!.status).toBe('failed')
    expect(result!.violations.some((violation) => violation.expected === 'the second session signed out (2xx)')).toBe(true)
  })
})
