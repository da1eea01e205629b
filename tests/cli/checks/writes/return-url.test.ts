import { describe, expect, it } from 'vitest'
import { foreignReturnUrls, redirectFields, returnUrl } from '../../../../cli/src/checks/writes/return-url.ts'
import { answer, checkWorld } from '../check-harness.ts'

// return-url: a URL the backend sends the customer to (x-redirect: agency) is refused unless it is the agency's portal.

describe('the return-url check', () => {
  it('has a step for each write with an x-redirect field: checkout, purchaseTerms, payExtraTerm', async () => {
    const world = await checkWorld()
    const withStep = [...world.contract.operations.values()].filter((operation) => returnUrl.steps(world.options, operation).length > 0)
    expect(withStep.map((operation) => operation.operationId).sort()).toEqual(['checkout', 'payExtraTerm', 'purchaseTerms'])
    expect(redirectFields(world.contract, world.operation('checkout'))).toEqual(['return_url'])
  })

  it("sends another site, the portal's host as a user name and as the start of another host, javascript:, metadata, loopback and private hosts", () => {
    expect(foreignReturnUrls('http://localhost:5173').map((value) => value.url)).toEqual([
      'https://attacker.invalid/payment',
      'http://localhost:5173@attacker.invalid/payment',
      'http://localhost.attacker.invalid/payment',
      'javascript:alert(document.domain)',
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:2375/containers/json',
      'http://[::1]:8500/v1/agent/self',
      'http://10.0.0.1/admin',
    ])
  })

  it("passes on the mock's checkout: one new seat hold, each URL refused with a 422 naming return_url; a host the agency lookup resolves is not sent", async () => {
    const world = await checkWorld()
    await world.journey('checkout.checkout')
    const [result] = await world.run(returnUrl.steps(world.options, world.operation('checkout')))
    expect(result).toMatchObject({ status: 'passed', notes: ["7 URLs off the agency's portal refused naming return_url"] })
    const calls = result!.calls.map((call) => `${call.operationId} ${call.status}`)
    // 127.0.0.1 is one of the demo agency's hosts (POST /agency resolves it): not sent
    expect(calls.filter((call) => call.startsWith('findAgency'))).toEqual(['findAgency 404', 'findAgency 200', 'findAgency 404', 'findAgency 404'])
    expect(calls.filter((call) => call.startsWith('lockSeats'))).toEqual(['lockSeats 201'])
    expect(calls.filter((call) => call.startsWith('checkout'))).toEqual(Array(7).fill('checkout 422'))
    expect(
      result!.calls
        .filter((call) => call.operationId === 'checkout')
        .map((call) => call.curl)
        .join('\n'),
    ).not.toContain('127.0.0.1:2375')
  })

  it('fails on a backend whose checkout takes a return URL on another site, and makes nothing more once one is taken', async () => {
    let made: unknown
    const world = await checkWorld({
      fault: async ({ operationId, json }, mocked) => {
        if (operationId !== 'checkout') return undefined
        if (mocked.status === 201) made ??= await mocked.clone().json()
        const url = (json as { return_url?: string } | undefined)?.return_url ?? ''
        return mocked.status === 422 && url.startsWith('https://attacker.invalid') ? answer(201, made) : undefined
      },
    })
    await world.journey('checkout.checkout')
    const [result] = await world.run(returnUrl.steps(world.options, world.operation('checkout')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'probe')).toMatchObject({
      expected: "a 422 naming return_url for a URL off the agency's portal",
      actual: 'return_url https://attacker.invalid/payment (another site) answered 201',
    })
    expect(result!.calls.filter((call) => call.operationId === 'checkout')).toHaveLength(1)
  })

  it('leaves it untested, and says why, where the backend refuses for another reason first', async () => {
    const world = await checkWorld({
      fault: ({ operationId }) => (operationId === 'checkout' ? answer(409, { code: 'cant_lock_enough_seats', message: 'Seats held elsewhere.' }) : undefined),
    })
    await world.journey('checkout.lock')
    ;(world.client.succeeded as Map<string, never>).set('checkout', {
      options: { path: [world.state.travelGroupId as string], json: { lock_id: world.state.lockId } },
      answer: {},
    } as never)
    const [result] = await world.run(returnUrl.steps(world.options, world.operation('checkout')))
    expect(result).toMatchObject({
      status: 'skipped',
      reason: 'untested: refused for another reason before the URL was read (another site: 409 (cant_lock_enough_seats))',
    })
  })
})
