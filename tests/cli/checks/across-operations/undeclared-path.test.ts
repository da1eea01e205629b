import { describe, expect, it } from 'vitest'
import { undeclaredPath } from '../../../../cli/src/checks/across-operations/undeclared-path.ts'
import { answer, checkWorld } from '../check-harness.ts'

// undeclared-path: under the API's base, what the contract does not declare is not served (OWASP API9).

describe('the undeclared-path check', () => {
  it('tries old versions, consoles, descriptions, deployment files and encoded climbs, none of them declared', async () => {
    const world = await checkWorld()
    const ids = undeclaredPath.steps(world.options).map((step) => step.id)
    expect(ids).toContain('undeclared-path:/v1/auth/profile')
    expect(ids).toContain('undeclared-path:/actuator/env')
    expect(ids).toContain('undeclared-path:/..%2f..%2fadmin')
    expect(ids).toContain('undeclared-path:/%252e%252e/%252e%252e/admin')
  })

  it('passes on the mock', async () => {
    const world = await checkWorld()
    const results = await world.run(undeclaredPath.steps(world.options))
    expect(results.filter((result) => result.status !== 'passed').map((result) => [result.id, result.violations])).toEqual([])
  })

  it('fails on a backend that serves an old version, a console, and a 500 on an encoded climb', async () => {
    const world = await checkWorld({
      fault: ({ apiPath }) => {
        if (apiPath.startsWith('/v1/')) return answer(200, [{ id: 'tg-old', name: 'Viaje antiguo' }])
        if (apiPath === '/actuator/env') return answer(200, { DATABASE_URL: 'postgres://…' })
        if (apiPath.includes('%2f')) return new Response('Internal Server Error', { status: 500 })
        return undefined
      },
    })
    const results = await world.run(undeclaredPath.steps(world.options))
    const failed = results.filter((result) => result.status === 'failed')
    expect(failed.map((result) => [result.id, result.violations[0]?.actual.slice(0, 24)])).toEqual([
      ['undeclared-path:/v1/auth/profile', 'status 200 with a body: '],
      ['undeclared-path:/actuator/env', 'status 200 with a body: '],
      ['undeclared-path:/..%2f..%2fadmin', 'status 500: a server err'],
    ])
  })
})
