import { describe, expect, it } from 'vitest'
import { reach } from '../../../../cli/src/checks/per-operation/reach.ts'
import { answer, checkWorld } from '../check-harness.ts'

// reach: the operation answers a declared success with valid data, if the journey did not call it.

describe('the reach check', () => {
  it('an operation the journey called is not called again', async () => {
    const world = await checkWorld()
    const [result] = await world.run(reach.steps(world.options, world.operation('getBooking')))
    expect(result).toMatchObject({ id: 'reach:getBooking', status: 'passed', notes: ['called by the journey (status 200)'] })
    expect(result!.calls).toEqual([])
  })

  it('reaches one it did not, with the ids the run found, and fails on an answer that breaks the contract', async () => {
    const world = await checkWorld()
    const [passed] = await world.run(reach.steps(world.options, world.operation('listBookingNotices')))
    expect(passed).toMatchObject({ status: 'passed' })
    expect(passed!.calls[0]!.url).toMatch(/\/booking\/bkg-sol-100\d\/notices/)
    const broken = await checkWorld({
      fault: ({ operationId }) => (operationId === 'listBookingNotices' ? answer(500, { code: 'internal', message: 'boom' }) : undefined),
    })
    const [failed] = await broken.run(reach.steps(broken.options, broken.operation('listBookingNotices')))
    expect(failed!.status).toBe('failed')
    expect(failed!.violations[0]!.kind).toBe('server-error')
  })

  it('a replacement of the customer’s own data sends back what it read, so nothing of theirs changes', async () => {
    const world = await checkWorld()
    const before = (await world.read('getProfile')).json
    const [result] = await world.run(reach.steps(world.options, world.operation('updateProfile')))
    expect(result).toMatchObject({ status: 'passed', notes: ['sent back what getProfile answered, so nothing of the customer’s changes'.replace('’', "'")] })
    expect((await world.read('getProfile')).json).toEqual(before)
  })

  it('never changes the customer’s credentials, and signs out only a session of its own', async () => {
    const world = await checkWorld()
    const [password] = await world.run(reach.steps(world.options, world.operation('updatePassword')))
    expect(password).toMatchObject({ status: 'skipped', reason: expect.stringContaining("changes the customer's credentials") })
    const [logout] = await world.run(reach.steps(world.options, world.operation('logout')))
    expect(logout!.status).toBe('passed')
    expect((await world.read('getProfile')).ok).toBe(true)
  })
})
