import { describe, expect, it } from 'vitest'
import { placeholderFor, requestMedia, writableFields } from '../../../../cli/src/checks/kit/operation-requests.ts'
import { answer, checkWorld } from '../check-harness.ts'

// A request per operation from what the run found: ids from the links, a valid body, and what must not be touched.

describe('operation requests', () => {
  it('an operation’s path ids come from the links; what nothing linked is a placeholder, said so', async () => {
    const world = await checkWorld()
    const booking = world.options.requests.base(world.operation('getBookingPayments'))
    expect(booking.placeholders).toEqual([])
    expect(String(booking.path['id'])).toMatch(/^bkg-sol-/)
    expect(booking.privatePath).toBe(true)
    const unlinked = [...world.contract.operations.values()].filter((operation) => world.options.requests.base(operation).placeholders.length > 0)
    expect(unlinked.length).toBeGreaterThan(0)
    for (const operation of unlinked)
      for (const placeholder of world.options.requests.base(operation).placeholders) expect(placeholder, operation.operationId).toMatch(/^(path|query)\./)
  })

  it('a child is asked for under its own parent: the ids one answer gave together, not the first of each kind', async () => {
    // the first booking the run reads has no invoice of its own; the next ones have
    const world = await checkWorld({
      fault: async ({ operationId, apiPath }, mocked) =>
        operationId === 'getBooking' && apiPath === '/booking/bkg-sol-1002' && mocked.ok
          ? answer(200, { ...((await mocked.clone().json()) as object), invoices: [] })
          : undefined,
    })
    for (const booking of (await world.read('listBookings')).json as Array<{ id: string }>) await world.read('getBooking', { path: [booking.id] })
    const first = world.options.pool.parametersFor('renderInvoice')
    const request = world.options.requests.base(world.operation('renderInvoice'))
    const booking = (await world.read('getBooking', { path: [String(request.path['id'])] })).json as { invoices: Array<{ id: string }> }
    expect(booking.invoices.map((invoice) => invoice.id)).toContain(request.path['invoiceId'])
    expect(first.get('path.id')?.value).not.toBe(request.path['id'])
    expect((await world.read('renderInvoice', world.options.requests.callOptions(request))).status).toBe(200)
  })

  it('a write to what the customer already had (not made by the run) names what it would change', async () => {
    const world = await checkWorld()
    expect(world.options.requests.base(world.operation('updateBankAccount')).untouchable.length).toBeGreaterThan(0)
    expect(world.options.requests.changesCredentials(world.operation('updatePassword'))).toBe(true)
    expect(world.options.requests.changesCredentials(world.operation('updateProfile'))).toBe(false)
  })

  it('a body sent back from a read: only the fields the request takes, when they make a valid body', async () => {
    const world = await checkWorld()
    const profile = (await world.read('getProfile')).json as Record<string, unknown>
    const body = writableFields(world.contract, world.options.validator, world.operation('updateProfile'), profile) as Record<string, unknown>
    expect(body).toBeDefined()
    expect(Object.keys(body)).not.toContain('id')
    expect(writableFields(world.contract, world.options.validator, world.operation('updateProfile'), { name: 5 })).toBeUndefined()
    expect(requestMedia(world.operation('uploadFile'), 'multipart/form-data')).toBeDefined()
    expect(requestMedia(world.operation('getProfile'), 'application/json')).toBeUndefined()
    expect(placeholderFor('smoke-20261121T100000Z')).toBe('smoke-missing-20261121T100000Z')
  })
})
