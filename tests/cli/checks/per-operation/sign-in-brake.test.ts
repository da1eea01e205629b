import { describe, expect, it } from 'vitest'
import { BRAKE_ADDRESS, signInBrake } from '../../../../cli/src/checks/per-operation/sign-in-brake.ts'
import { answer, checkWorld, type FaultRequest } from '../check-harness.ts'

// sign-in-brake: what takes or sends a secret (x-throttle) answers 429 with Retry-After after its declared tries.

describe('the sign-in-brake check', () => {
  it('has a step for login and remember, the operations that declare x-throttle', async () => {
    const world = await checkWorld()
    const withStep = [...world.contract.operations.values()].filter((operation) => signInBrake.steps(world.options, operation).length > 0)
    expect(withStep.map((operation) => operation.operationId).sort()).toEqual(['login', 'remember'])
  })

  it('passes on the mock with its throttling on: five wrong tries for an address no account has, then a 429', async () => {
    const world = await checkWorld({ throttling: true })
    const [login] = await world.run(signInBrake.steps(world.options, world.operation('login')))
    expect(login).toMatchObject({ status: 'passed', notes: ['429 at try 6 of at most 6 (x-throttle: 5 in 900 s)'] })
    expect(login!.calls.map((call) => call.status)).toEqual([401, 401, 401, 401, 401, 429])
    // never the customer the run was given
    expect(login!.calls.every((call) => call.curl.includes(BRAKE_ADDRESS) && !call.curl.includes('ana.garcia'))).toBe(true)
    // a second run within the window meets the brake at once: runs do not pile up
    const [again] = await world.run(signInBrake.steps(world.options, world.operation('login')))
    expect(again!.calls.map((call) => call.status)).toEqual([429])
  })

  it('fails on a backend with no brake (the mock with its throttling off), saying how many tries it took and what came', async () => {
    const world = await checkWorld()
    const [result] = await world.run(signInBrake.steps(world.options, world.operation('login')))
    expect(result!.status).toBe('failed')
    expect(result!.violations[0]).toMatchObject({
      kind: 'probe',
      expected: 'a 429 with Retry-After by try 6 for one address (x-throttle: 5 in 900 s)',
      actual: `6 tries for ${BRAKE_ADDRESS}: 401 ×6`,
    })
  })

  it('fails on one that signs in an address no account has', async () => {
    const world = await checkWorld({
      fault: ({ operationId }) => (operationId === 'login' ? answer(200, { token: 'made-up', user: { id: 'x' } }) : undefined),
    })
    const [result] = await world.run(signInBrake.steps(world.options, world.operation('login')))
    expect(result!.violations.find((violation) => violation.kind === 'probe')?.expected).toBe(`no sign-in for ${BRAKE_ADDRESS}, which no account has`)
  })

  describe('with a throwaway account (--brake-email)', () => {
    /** A backend's brake on a clock the test moves: 5 wrong passwords lock an address for 30 s (`lifts`: or for good). */
    function lockingBackend(lifts: boolean) {
      const clock = { now: 0 }
      const wrong = new Map<string, number>()
      const lockedAt = new Map<string, number>()
      const fault = async (request: FaultRequest, mocked: Response) => {
        if (request.operationId !== 'login') return undefined
        const { email } = request.json as { email: string }
        const since = lockedAt.get(email)
        if (since !== undefined && (!lifts || clock.now < since + 30_000))
          return answer(429, { code: 'too_many_requests', message: 'Later.' }, { 'retry-after': String(Math.ceil((since + 30_000 - clock.now) / 1000)) })
        if (mocked.ok) return undefined
        wrong.set(email, (wrong.get(email) ?? 0) + 1)
        if ((wrong.get(email) ?? 0) >= 5) lockedAt.set(email, clock.now)
        return undefined
      }
      return { clock, fault, sleep: async (ms: number) => void (clock.now += ms) }
    }
    const account = { email: 'nuevo@example.com', password: 'viaje2026', maxWaitMs: 60_000 }

    it('passes when the lock lifts after its Retry-After: the right password signs in, after a wait on the clock it was given', async () => {
      const backend = lockingBackend(true)
      const world = await checkWorld({ fault: backend.fault })
      const [result] = await world.run(signInBrake.steps({ ...world.options, brakeAccount: account, sleep: backend.sleep }, world.operation('login')))
      expect(result).toMatchObject({ status: 'passed' })
      expect(result!.notes).toEqual(['429 at try 6 of at most 6 (x-throttle: 5 in 900 s)', 'nuevo@example.com: locked at try 6, let in after Retry-After 30 s'])
      expect(backend.clock.now).toBe(30_000)
      // its password is never printed
      expect(result!.calls.map((call) => call.curl).join('\n')).not.toContain('viaje2026')
    })

    it('fails when the lock never lifts, saying how long it waited', async () => {
      const backend = lockingBackend(false)
      const world = await checkWorld({ fault: backend.fault })
      const [result] = await world.run(signInBrake.steps({ ...world.options, brakeAccount: account, sleep: backend.sleep }, world.operation('login')))
      expect(result!.violations.find((violation) => violation.kind === 'probe')).toMatchObject({
        expected: 'nuevo@example.com signs in with its password once Retry-After (30 s) has passed',
        actual: 'status 429 after waiting 30 s',
      })
    })

    it('leaves the lifting untested, and says so, where Retry-After is longer than it may wait (the mock: 15 minutes)', async () => {
      const world = await checkWorld({ throttling: true })
      const [result] = await world.run(
        signInBrake.steps({ ...world.options, brakeAccount: account, sleep: () => Promise.reject(new Error('no wait')) }, world.operation('login')),
      )
      expect(result).toMatchObject({ status: 'passed' })
      expect(result!.notes?.[1]).toMatch(/^the lock lifting: untested \(Retry-After \d+, longer than --brake-wait 60 s\)$/)
    })
  })
})
