import { describe, expect, it } from 'vitest'
import { tenant } from '../../../../cli/src/checks/per-operation/tenant.ts'
import { answer, checkWorld } from '../check-harness.ts'

// tenant: another tenant's agency id, and none, are refused; never served as some default tenant.

describe('the tenant check', () => {
  it('has a step for each operation that needs the tenant', async () => {
    const world = await checkWorld()
    expect(tenant.steps(world.options, world.operation('getBooking')).map((step) => step.id)).toEqual(['tenant:getBooking'])
    expect(tenant.steps(world.options, world.operation('findAgency'))).toEqual([])
  })

  it('passes on the mock', async () => {
    const world = await checkWorld()
    const [result] = await world.run(tenant.steps(world.options, world.operation('getBooking')))
    expect(result).toMatchObject({ id: 'tenant:getBooking', status: 'passed' })
  })

  it('fails on a backend that serves a request without the tenant header as some default tenant', async () => {
    const world = await checkWorld({
      fault: async ({ operationId, headers }, mocked) =>
        operationId === 'getBooking' && headers.get('agencyid') === null ? answer(200, await mocked.clone().json()) : undefined,
    })
    const [result] = await world.run(tenant.steps(world.options, world.operation('getBooking')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'probe')).toMatchObject({
      expected: expect.stringContaining('without the agencyId header'),
      actual: expect.stringContaining('served as some default tenant'),
    })
  })
})
