import { describe, expect, it } from 'vitest'
import { readAfterWrite, readsBack, show } from '../../../../cli/src/checks/kit/written-reads.ts'
import type { ContractIndex } from '../../../../contract/engine/contract-index.ts'
import type { CallOptions, CallOutcome, SuccessfulCall } from '../../../../cli/src/transport/api-types.ts'
import { checkWorld } from '../check-harness.ts'

// Where a write the run made reads back: its answer's link, else the read of its path, else the parent's.

describe('written reads', () => {
  it('the writes that are read back: a PUT with a body, a POST to a resource or declaring x-idempotency; not a sign-in', async () => {
    const world = await checkWorld()
    expect(['updateProfile', 'updateDni', 'checkout', 'createReview'].map((id) => readsBack(world.operation(id)))).toEqual([true, true, true, true])
    expect(['login', 'findAgency', 'getProfile', 'logout'].map((id) => readsBack(world.operation(id)))).toEqual([false, false, false, false])
  })

  it('reads what shows a write right after it, through the read of the same path', async () => {
    const world = await checkWorld()
    const profile = (await world.read('getProfile')).json as Record<string, unknown>
    const written = await world.read('updateProfile', {
      json: { name: profile['name'], surname1: profile['surname1'], surname2: profile['surname2'], phone: profile['phone'], lang: profile['lang'] },
    })
    expect(written.ok).toBe(true)
    const readBack = world.client.succeeded.get('updateProfile')!.readBack
    expect(readBack).toMatchObject({ operationId: 'getProfile', linked: false })
    expect(readBack!.json).toMatchObject({ email: 'ana.garcia@example.com' })
    const none = await readAfterWrite(world.contract, world.client.call)({ ...world.client.succeeded.get('updateProfile')!, options: {} })
    expect(none).toBeUndefined()
    expect([show(undefined), show('ñ')]).toEqual(['nothing', '"ñ"'])
  })

  describe('the lists that show what a write made', () => {
    /** The contract with My bookings declaring how long it may take to show a write. */
    const withWindow = (contract: ContractIndex, consistencyMs: number): ContractIndex => ({
      ...contract,
      operations: new Map([...contract.operations].map(([id, operation]) => [id, id === 'listBookings' ? { ...operation, consistencyMs } : operation])),
    })
    /** A backend whose list shows the new booking from its third read on; every call it answers, counted. */
    const eventually = () => {
      const calls: string[] = []
      const call = async (operationId: string, _options: CallOptions) => {
        calls.push(operationId)
        const lists = calls.filter((id) => id === 'listBookings').length
        const json = operationId === 'getBooking' ? { id: 'bkg-new', status: 'pending' } : lists >= 3 ? [{ id: 'bkg-new', status: 'pending' }] : []
        return { json } as CallOutcome
      }
      return { calls, call }
    }
    const checkout = async (contract: ContractIndex): Promise<SuccessfulCall> => ({
      options: { path: ['tg-sol-pir'], json: { idempotency_key: 'k' } },
      answer: {
        operation: contract.operations.get('checkout')!,
        url: 'http://api.test/api/customer/travelgroup/tg-sol-pir/checkout',
        apiPath: '/travelgroup/tg-sol-pir/checkout',
        requestJson: { idempotency_key: 'k' },
        status: 201,
        json: { booking_id: 'bkg-new', action: { type: 'none' } },
        headers: new Headers(),
      },
    })

    it('reads a list once when it declares no x-consistency-ms: a booking missing then is missing', async () => {
      const world = await checkWorld()
      const backend = eventually()
      const readBack = await readAfterWrite(world.contract, backend.call)(await checkout(world.contract))
      expect(readBack?.lists).toEqual([
        { operationId: 'listBookings', id: 'bkg-new', reads: 1, waitedMs: expect.any(Number), agreement: { shown: false, paged: false } },
      ])
    })

    it('re-reads a list within its x-consistency-ms until it shows the write, and stops there', async () => {
      const world = await checkWorld()
      const backend = eventually()
      const readBack = await readAfterWrite(withWindow(world.contract, 3_000), backend.call)(await checkout(world.contract))
      expect(readBack?.lists).toEqual([
        { operationId: 'listBookings', id: 'bkg-new', reads: 3, waitedMs: expect.any(Number), agreement: { shown: true, differences: [] } },
      ])
      expect(backend.calls).toEqual(['getBooking', 'listBookings', 'listBookings', 'listBookings'])
    })
  })
})
