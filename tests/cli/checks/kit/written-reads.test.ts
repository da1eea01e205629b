import { describe, expect, it } from 'vitest'
import { readAfterWrite, readsBack, show } from '../../../../cli/src/checks/kit/written-reads.ts'
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
})
