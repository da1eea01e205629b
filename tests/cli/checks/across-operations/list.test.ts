import { describe, expect, it } from 'vitest'
import { list } from '../../../../cli/src/checks/across-operations/list.ts'
import { answer, checkWorld } from '../check-harness.ts'

// list: a customer's list holds only what they may read, and no item is in two customers' lists.

describe('the list check', () => {
  it('has a step for each signed-in list whose items link to a read', async () => {
    const world = await checkWorld()
    expect(list.steps(world.options).map((step) => step.id)).toEqual(['list:listBookings'])
  })

  it('passes on the mock, and fails on a backend that lists another customer’s booking', async () => {
    const world = await checkWorld({ other: true })
    expect((await world.run(list.steps(world.options)))[0]).toMatchObject({ status: 'passed' })
    const broken = await checkWorld({
      other: true,
      fault: async ({ operationId }, mocked) => {
        if (operationId !== 'listBookings' || !mocked.ok) return undefined
        const items = (await mocked.clone().json()) as Array<Record<string, unknown>>
        return items.length === 0 ? undefined : answer(200, [...items, { ...items[0], id: 'bkg-norte-2001' }])
      },
    })
    const [result] = await broken.run(list.steps(broken.options))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'probe')!.actual).toMatch(/^getBooking bkg-norte-2001: status 404/)
  })
})
