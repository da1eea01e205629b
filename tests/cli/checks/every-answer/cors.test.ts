import { describe, expect, it } from 'vitest'
import { cors } from '../../../../cli/src/checks/every-answer/cors.ts'
import { checkWorld, type FaultRequest } from '../check-harness.ts'

// cors: no answer or preflight lets another site read it with the caller's credentials (OWASP API8).

const only =
  (...ids: string[]) =>
  (operation: { operationId: string }) =>
    ids.includes(operation.operationId)

/** A backend that echoes whatever Origin comes, with credentials (a common Express `cors({ origin: true, credentials: true })`). */
const reflecting = (request: FaultRequest, mocked: Response) => {
  const origin = request.headers.get('origin')
  if (origin === null) return undefined
  const answer = new Response(mocked.body, mocked)
  answer.headers.set('access-control-allow-origin', origin)
  answer.headers.set('access-control-allow-credentials', 'true')
  return answer
}

describe('the cors check', () => {
  it('asks a read of the session and one of anyone, and passes on the mock', async () => {
    const world = await checkWorld()
    const steps = cors.probes({ ...world.options, selected: only('listBookings', 'getConfig') })
    expect(steps.map((step) => step.id)).toEqual(['cors:listBookings', 'cors:getConfig'])
    const results = await world.run(steps)
    expect(results.map((result) => [result.id, result.status, result.violations])).toEqual([
      ['cors:listBookings', 'passed', []],
      ['cors:getConfig', 'passed', []],
    ])
  })

  it('fails on a backend that reflects any origin with credentials: the answers and the preflights', async () => {
    const world = await checkWorld({ fault: reflecting })
    const [result] = await world.run(cors.probes({ ...world.options, selected: only('listBookings') }))
    expect(result!.status).toBe('failed')
    const found = result!.violations.map((violation) => `${violation.kind} ${violation.actual}`)
    expect(found).toContain('cors Access-Control-Allow-Origin: https://attacker.invalid and Access-Control-Allow-Credentials: true')
    expect(found.some((line) => line.endsWith('on the preflight'))).toBe(true)
  })

  it('fails on one that lets the portal’s host be a prefix of another site, and only for that origin', async () => {
    const world = await checkWorld({
      fault: (request, mocked) => (request.headers.get('origin')?.startsWith('http://localhost') ? reflecting(request, mocked) : undefined),
    })
    const [result] = await world.run(cors.probes({ ...world.options, selected: only('listBookings') }))
    expect(result!.violations.map((violation) => violation.actual)).toEqual([
      'Access-Control-Allow-Origin: http://localhost.attacker.invalid:5173 and Access-Control-Allow-Credentials: true',
      'Access-Control-Allow-Origin: http://localhost.attacker.invalid:5173 and Access-Control-Allow-Credentials: true, on the preflight',
    ])
  })
})
