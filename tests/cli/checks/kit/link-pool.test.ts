import { describe, expect, it } from 'vitest'
import { bodyLeaves, createLinkPool, evaluate } from '../../../../cli/src/checks/kit/link-pool.ts'
import { checkWorld } from '../check-harness.ts'

// The values the contract's links give the next operations, gathered from every answer the run gets.

describe('the link pool', () => {
  it('an answer’s links give the next operation its ids, as the customer’s own when the answer needed a session', async () => {
    const world = await checkWorld()
    const pool = createLinkPool(world.contract)
    pool.observe(world.client.succeeded.get('listBookings')!.answer)
    const id = pool.parametersFor('getBooking').get('path.id')!
    expect(id).toMatchObject({ from: 'listBookings', private: true, created: false })
    expect(id.value).toMatch(/^bkg-sol-/)
    pool.observe(world.client.succeeded.get('listTravelGroups')!.answer)
    expect(pool.parametersFor('getTravelGroup').get('path.id')).toMatchObject({ from: 'listTravelGroups', private: false })
  })

  it('keeps every value found for a parameter, in order, and the values one answer gave together (an invoice with its booking)', async () => {
    const world = await checkWorld()
    const listed = ((await world.read('listBookings')).json as Array<{ id: string }>).map((booking) => booking.id)
    const invoices = new Map<string, string[]>()
    for (const id of ['bkg-sol-1002', ...listed.filter((id) => id !== 'bkg-sol-1002')]) {
      const booking = (await world.read('getBooking', { path: [id] })).json as { invoices: Array<{ id: string }> }
      invoices.set(
        id,
        booking.invoices.map((invoice) => invoice.id),
      )
    }
    const families = world.options.pool
      .families('renderInvoice')
      .filter((family) => family.has('path.invoiceId'))
      .map((family) => [family.get('path.id')?.value, family.get('path.invoiceId')?.value])
    // each booking's first invoice, under that booking, once however often it was read (a booking without one gave its id alone)
    expect(families).toEqual([...invoices].filter(([, ids]) => ids.length > 0).map(([id, ids]) => [id, ids[0]]))
    expect(families.length).toBeGreaterThan(1)
    // each booking read gave its payments their id: every one, in the order read (the harness read bkg-sol-1002 first)
    expect(world.options.pool.valuesFor('getBookingPayments', 'path.id')).toEqual([...invoices.keys()])
    expect(world.options.pool.valuesFor('getBookingPayments', 'path.nothing')).toEqual([])
  })

  it('evaluates runtime expressions against an answer and its request', () => {
    const sources = {
      answer: { json: { data: [{ id: 'tg-1' }], booking_id: 'b-9' } } as never,
      requestPath: new Map([['id', 'b-1']]),
      requestQuery: new URLSearchParams('code=LON'),
    }
    expect(evaluate('$response.body#/data/0/id', sources)).toBe('tg-1')
    expect(evaluate('$response.body#/booking_id', sources)).toBe('b-9')
    expect(evaluate('$request.path.id', sources)).toBe('b-1')
    expect(evaluate('$request.query.code', sources)).toBe('LON')
    expect(evaluate('$response.body#/nothing', sources)).toBeUndefined()
  })

  it('reads a request body’s leaves with their pointers', () => {
    expect(bodyLeaves({ member_id: 'm1', term_ids: ['t1', 't2'], buyer: { name: 'Ana' } })).toEqual([
      { pointer: '/member_id', leaf: 'm1' },
      { pointer: '/term_ids/0', leaf: 't1' },
      { pointer: '/term_ids/1', leaf: 't2' },
      { pointer: '/buyer/name', leaf: 'Ana' },
    ])
  })
})
