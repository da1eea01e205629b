import { describe, expect, it } from 'vitest'
import { hierarchy } from '../../../../cli/src/checks/per-operation/hierarchy.ts'
import { checkWorld, type Fault } from '../check-harness.ts'

// hierarchy: a resource under another (an invoice under a booking) is found only under its own parent.

const invoiceRoute = /^\/booking\/([^/]+)\/invoice\/([^/]+)\/render$/

/** A backend that finds an invoice by its own id, whatever booking the path names. */
const invoiceByIdAlone = (): Fault => {
  const served = new Map<string, Response>()
  return ({ operationId, apiPath }, mocked) => {
    if (operationId !== 'renderInvoice') return undefined
    const invoice = invoiceRoute.exec(apiPath)?.[2] as string
    if (mocked.ok) served.set(invoice, mocked.clone())
    return mocked.status === 404 ? served.get(invoice)?.clone() : undefined
  }
}

describe('the hierarchy check', () => {
  it('has a step for each operation with two ids in its path', async () => {
    const world = await checkWorld()
    expect(hierarchy.steps(world.options, world.operation('renderInvoice')).map((step) => step.id)).toEqual(['hierarchy:renderInvoice'])
    expect(hierarchy.steps(world.options, world.operation('getBooking'))).toEqual([])
  })

  it("passes on the mock: an invoice asked for under the customer's other booking, and under the other customer's, is 404", async () => {
    const world = await checkWorld({ other: true })
    await world.read('getBooking', { path: ['bkg-sol-1001'] })
    const [result] = await world.run(hierarchy.steps(world.options, world.operation('renderInvoice')))
    expect(result).toMatchObject({ status: 'passed' })
    const misplaced = result!.calls.filter((call) => call.operationId === 'renderInvoice')
    expect(misplaced.length).toBeGreaterThan(0)
    expect(misplaced.every((call) => call.status === 404)).toBe(true)
    expect(result!.notes).toEqual([`${misplaced.length} misplaced ${misplaced.length === 1 ? 'child' : 'children'} tried`])
  })

  it('fails on a backend that finds an invoice by its own id under any booking, naming where it was found', async () => {
    const world = await checkWorld({ fault: invoiceByIdAlone() })
    await world.read('getBooking', { path: ['bkg-sol-1001'] })
    // the run has rendered each booking's invoice (so the backend has served them)
    for (const booking of ['bkg-sol-1001', 'bkg-sol-1002']) {
      const json = (await world.read('getBooking', { path: [booking] })).json as { invoices?: Array<{ id: string }> }
      for (const invoice of json.invoices ?? []) await world.read('renderInvoice', { path: [booking, invoice.id] })
    }
    const [result] = await world.run(hierarchy.steps(world.options, world.operation('renderInvoice')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'probe')).toMatchObject({
      expected: '404 when invoiceId is asked for under another id than its own',
      actual: expect.stringMatching(/^invoiceId inv-\S+ \(found under id bkg-sol-100\d\): status 200 \(served\)/),
    })
  })

  it('is skipped when the run found no second parent', async () => {
    const world = await checkWorld()
    const [result] = await world.run(hierarchy.steps(world.options, world.operation('getGroup')))
    expect(result).toMatchObject({ status: 'skipped' })
  })
})
