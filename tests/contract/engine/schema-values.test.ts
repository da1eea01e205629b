import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'

import { indexContract, loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { createLinkPool } from '../../../cli/src/checks/kit/link-pool.ts'
import { bodyBreakages, validValues } from '../../../contract/engine/schema-values.ts'
import { createSchemaValidator, type SchemaValidator } from '../../../contract/engine/schema-validator.ts'
import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'

// The generators the conformance run sends, over every request body of the real contract: what it
// calls valid must validate, and every way it breaks a body must really break it. Otherwise the run
// would blame an API for refusing bad data it thought good, or for accepting good data it thought bad.

let contract: ContractIndex
let validator: SchemaValidator

beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
  validator = createSchemaValidator(contract)
})

const jsonBodies = () =>
  [...contract.operations.values()].flatMap((operation) => {
    const media = operation.requestBody?.content.find((item) => item.mediaType === 'application/json')
    return media?.schema === undefined ? [] : [{ operationId: operation.operationId, at: media.schema }]
  })

describe('values generated from the contract', () => {
  it('are valid for every JSON request body, and the same for the same seed', () => {
    expect(jsonBodies().length).toBeGreaterThan(30)
    for (const { operationId, at } of jsonBodies()) {
      const values = fc.sample(validValues(contract, validator, at), { seed: 7, numRuns: 5 })
      expect(values, operationId).toHaveLength(5)
      for (const value of values) expect(validator.validate(at, value).outcome, `${operationId}: ${JSON.stringify(value)}`).toBe('valid')
      expect(fc.sample(validValues(contract, validator, at), { seed: 7, numRuns: 5 })).toEqual(values)
    }
  })

  it('breaks every body in named ways that the schema rejects', () => {
    const lock = jsonBodies().find((body) => body.operationId === 'lockSeats')!
    const names = bodyBreakages(contract, lock.at).map((breakage) => breakage.what)
    expect(names).toEqual(
      expect.arrayContaining([
        'a list instead of an object',
        'without the required field pack_id',
        'members above its maximum 20',
        'members of the wrong type',
      ]),
    )
    for (const { operationId, at } of jsonBodies()) {
      const [valid] = fc.sample(validValues(contract, validator, at), { seed: 3, numRuns: 1 })
      for (const breakage of bodyBreakages(contract, at)) {
        const broken = breakage.apply(valid)
        // Most are invalid by construction; the run drops the few the schema still accepts (e.g. a nullable field).
        if (validator.validate(at, broken).outcome === 'valid') continue
        expect(validator.validate(at, broken).outcome, `${operationId}: ${breakage.what}`).toBe('invalid')
      }
      expect(
        bodyBreakages(contract, at).filter((breakage) => validator.validate(at, breakage.apply(valid)).outcome === 'invalid').length,
        operationId,
      ).toBeGreaterThan(0)
    }
  })
})

describe('the link pool', () => {
  it("reads the contract's links, and warns of one to an operation it does not have", () => {
    expect(contract.warnings.filter((warning) => warning.includes(' link '))).toEqual([])
    expect(contract.operations.get('listBookings')?.responses['200']?.links).toEqual([
      { name: 'booking', operationId: 'getBooking', parameters: { id: '$response.body#/0/id' } },
    ])
    const root = structuredClone(contract.documents.get(contract.rootUrl)) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }
    root.paths['/booking']!['get']!.responses['200'] = {
      description: 'x',
      links: { gone: { operationId: 'noSuchOperation', parameters: { id: '$response.body#/0/id' } } },
    }
    const broken = indexContract(new Map([...contract.documents, [contract.rootUrl, root]]), contract.rootUrl)
    expect(broken.warnings).toContain('listBookings 200 link gone names operation noSuchOperation, which the contract does not have')
  })

  const answer = (operationId: string, url: string, json: unknown) => ({
    operation: contract.operations.get(operationId)!,
    url,
    apiPath: new URL(url).pathname.replace(/^\/api\/customer/, ''),
    requestJson: undefined,
    status: 200,
    json,
    headers: new Headers(),
  })

  it('follows the links declared on an answer, first value kept, own ids marked private', () => {
    const pool = createLinkPool(contract)
    pool.observe(answer('listBookings', 'http://api/api/customer/booking', [{ id: 'bkg-1' }, { id: 'bkg-2' }]))
    expect(pool.parametersFor('getBooking').get('path.id')).toEqual({ value: 'bkg-1', from: 'listBookings', private: true, created: false })
    pool.observe(
      answer('getBooking', 'http://api/api/customer/booking/bkg-1', { id: 'bkg-1', travel_group: { id: 'tg-1' }, invoices: [{ id: 'inv-9' }], members: [] }),
    )
    expect(pool.parametersFor('getBookingPayments').get('path.id')?.value).toBe('bkg-1')
    expect(pool.parametersFor('renderInvoice').get('path.invoiceId')).toEqual({ value: 'inv-9', from: 'getBooking', private: false, created: false })
    // A travel group a booking mentions is anyone's: no owner check on it.
    expect(pool.parametersFor('getRoomingList').get('path.id')).toEqual({ value: 'tg-1', from: 'getBooking', private: false, created: false })
    // A link whose value the answer does not hold gives nothing (no member here): the request builder says what is missing.
    expect(pool.parametersFor('renderAuthorization').get('query.member_id')).toBeUndefined()
    expect(pool.parametersFor('renderAuthorization').get('path.id')?.value).toBe('bkg-1')
    pool.observe(answer('listBookings', 'http://api/api/customer/booking', [{ id: 'bkg-3' }]))
    expect(pool.parametersFor('getBooking').get('path.id')?.value).toBe('bkg-1')
    // Any booking getBooking serves this customer is theirs, the links having said that its ids are.
    pool.observe(answer('getBooking', 'http://api/api/customer/booking/bkg-7', { id: 'bkg-7', travel_group: { id: 'tg-1' }, invoices: [], members: [] }))
    expect(pool.parametersFor('getBookingRooms').get('path.id')).toMatchObject({ value: 'bkg-1', private: true })
  })

  it('prefers what the run made for writes: the booking a checkout answered with', () => {
    const pool = createLinkPool(contract)
    pool.observe(answer('listBookings', 'http://api/api/customer/booking', [{ id: 'bkg-1' }]))
    pool.observe(answer('getBooking', 'http://api/api/customer/booking/bkg-1', { id: 'bkg-1', travel_group: { id: 'tg-1' }, invoices: [], members: [] }))
    pool.observe({
      ...answer('checkout', 'http://api/api/customer/travelgroup/tg-1/checkout', { booking_id: 'bkg-new', action: { payment_id: 'pay-1' } }),
      status: 201,
    })
    pool.observe(answer('getBooking', 'http://api/api/customer/booking/bkg-new', { id: 'bkg-new', travel_group: { id: 'tg-1' }, invoices: [], members: [] }))
    expect(pool.parametersFor('updateBankAccount').get('path.id')?.value).toBe('bkg-1')
    expect(pool.parametersFor('updateBankAccount', { preferCreated: true }).get('path.id')).toMatchObject({ value: 'bkg-new', private: true, created: true })
    expect(pool.parametersFor('checkPayment', { preferCreated: true }).get('path.id')).toMatchObject({ value: 'pay-1', created: true })
  })

  it("takes body ids from the links' requestBody, from the same answer as the path: a member of the run's own booking", () => {
    const pool = createLinkPool(contract)
    pool.observe(
      answer('getBooking', 'http://api/api/customer/booking/bkg-1', {
        id: 'bkg-1',
        members: [{ id: 'mem-1' }],
        payment_method_id: 'pm-1',
        terms: [{ id: 't-1' }],
      }),
    )
    expect(pool.bodyFor('updateDniField')).toEqual(new Map([['/member_id', 'mem-1']]))
    expect(pool.bodyFor('purchaseTerms')).toEqual(
      new Map([
        ['/term_ids/0', 't-1'],
        ['/payment_method_id', 'pm-1'],
      ]),
    )
    // a member the answer does not have gives nothing (no guardian here): the request builder says what is missing
    expect(pool.bodyFor('authorizeMember').has('/guardian_id')).toBe(false)
    expect(pool.bodyFor('updateDniField', { created: true }).size).toBe(0)
    pool.observe({
      ...answer('checkout', 'http://api/api/customer/travelgroup/tg-1/checkout', { booking_id: 'bkg-new', action: { payment_id: 'pay-1' } }),
      status: 201,
    })
    pool.observe(answer('getBooking', 'http://api/api/customer/booking/bkg-new', { id: 'bkg-new', members: [{ id: 'mem-new' }] }))
    expect(pool.bodyFor('updateDniField', { created: true }).get('/member_id')).toBe('mem-new')
    expect(pool.bodyFor('updateDniField').get('/member_id')).toBe('mem-1')
  })

  it('is safe against keys from answers and expressions that point at prototypes', () => {
    const pool = createLinkPool(contract)
    pool.observe(answer('listBookings', 'http://api/api/customer/booking', JSON.parse('[{"__proto__": {"id": "polluted"}, "constructor": 1}]')))
    expect(pool.parametersFor('getBooking').get('path.id')).toBeUndefined()
    expect(({} as Record<string, unknown>)['id']).toBeUndefined()
    expect(pool.parametersFor('__proto__').size).toBe(0)
  })
})
