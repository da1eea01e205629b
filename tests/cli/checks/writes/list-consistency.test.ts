import { describe, expect, it } from 'vitest'
import { listConsistency } from '../../../../cli/src/checks/writes/list-consistency.ts'
import { checkWorld, type Fault } from '../check-harness.ts'

// list-consistency: after a write, every list that shows what it wrote shows it at once, as the item's read does.

/** A backend that serves My bookings from a cache nothing clears: each customer's first list, forever. */
const cachedList = (): Fault => {
  let first: Response | undefined
  return ({ operationId }, mocked) => {
    if (operationId !== 'listBookings' || !mocked.ok) return undefined
    first ??= mocked.clone()
    return first.clone()
  }
}

/** A backend whose list keeps each booking's status as it first listed it. */
const staleStatus = (): Fault => {
  const statuses = new Map<string, unknown>()
  return async ({ operationId }, mocked) => {
    if (operationId !== 'listBookings' || !mocked.ok) return undefined
    const items = (await mocked.clone().json()) as Array<Record<string, unknown>>
    for (const item of items) if (!statuses.has(String(item['id']))) statuses.set(String(item['id']), item['status'])
    return new Response(JSON.stringify(items.map((item) => ({ ...item, status: statuses.get(String(item['id'])) }))), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }
}

describe('the list-consistency check', () => {
  it('has a step for each write that is read back, and uses what reach wrote', async () => {
    const world = await checkWorld()
    expect(listConsistency.steps(world.options, world.operation('checkout')).map((step) => step.id)).toEqual(['list-consistency:checkout'])
    expect(listConsistency.steps(world.options, world.operation('getBooking'))).toEqual([])
    expect(listConsistency.uses).toEqual(['reach'])
  })

  it('passes on the mock: the booking the run made is in My bookings at once, and so is its cancellation', async () => {
    const world = await checkWorld()
    await world.journey('checkout.checkout')
    expect((await world.run(listConsistency.steps(world.options, world.operation('checkout'))))[0]).toMatchObject({
      status: 'passed',
      notes: ['listBookings read right after it'],
    })
    await world.cleanUp()
    expect((await world.run(listConsistency.steps(world.options, world.operation('cancelBooking'))))[0]).toMatchObject({ status: 'passed' })
  })

  it('fails on a backend whose list misses the booking just made', async () => {
    const world = await checkWorld({ fault: cachedList() })
    await world.journey('checkout.checkout')
    const [result] = await world.run(listConsistency.steps(world.options, world.operation('checkout')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'list-consistency')).toMatchObject({
      expected: 'the lists show what checkout wrote, as getBooking does',
      actual: expect.stringMatching(/^listBookings does not show bkg-\S+$/),
    })
  })

  it('fails on a backend whose list shows a canceled booking as it was, naming the field and both values', async () => {
    const world = await checkWorld({ fault: staleStatus() })
    await world.journey('checkout.checkout')
    await world.cleanUp()
    const [result] = await world.run(listConsistency.steps(world.options, world.operation('cancelBooking')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'list-consistency')!.actual).toMatch(
      /^listBookings shows bkg-\S+ with status "pending" where getBooking reads "canceled"$/,
    )
  })

  it('is skipped where no list shows the read (the profile)', async () => {
    const world = await checkWorld()
    const profile = (await world.read('getProfile')).json as Record<string, unknown>
    await world.read('updateProfile', { json: { name: profile['name'], surname1: profile['surname1'], phone: profile['phone'], lang: profile['lang'] } })
    expect((await world.run(listConsistency.steps(world.options, world.operation('updateProfile'))))[0]).toMatchObject({
      status: 'skipped',
      reason: 'untested: no list shows what getProfile reads',
    })
  })
})
