import { beforeAll, describe, expect, it } from 'vitest'

import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import {
  locate,
  normalisationsAt,
  otherValue,
  readBack,
  readOnlyProbes,
  sameValue,
  sentObjects,
  withReadOnlyFields,
} from '../../../contract/engine/read-back.ts'

// The engine's read-back rules: what a write sent, found again in what a read answers (round trip), and the
// fields a read shows that the request does not take (read-only fields).

let contract: ContractIndex
const requestSchema = (operationId: string) => contract.operations.get(operationId)?.requestBody?.content[0]?.schema
const answerSchema = (operationId: string) => contract.operations.get(operationId)?.responses['200']?.content[0]?.schema

beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
})

const booking = {
  id: 'bkg-1',
  bank_account: null,
  members: [
    {
      id: 'm-1',
      name: 'Smóke Ñandú',
      surname1: 'Íñiguez',
      documents: [{ type: 'passport', number: 'SMK1', expiry_date: '2032-02-29', valid: true }],
      valid: false,
    },
    {
      id: 'm-2',
      name: 'Çüéllar',
      surname1: 'Müller',
      documents: [
        { type: 'dni', number: '00000001R', expiry_date: '2031-12-31', issue_date: '2024-01-01', country: 'ES', support_number: 'SMK000001', valid: true },
      ],
      valid: true,
    },
  ],
}

describe('round trip', () => {
  it('finds each object of a body inside what its member_id names, and compares with x-normalised', () => {
    const dni = { member_id: 'm-2', number: '00000001r', expiry_date: '2031-12-31', issue_date: '2024-01-01', country: 'ES', support_number: 'smk000001' }
    expect(normalisationsAt(contract, requestSchema('updateDni')!, '/number')).toEqual(['trim', 'upper-case'])
    expect(readBack(contract, requestSchema('updateDni'), dni, booking)).toEqual({ compared: 5, mismatches: [], unplaced: [] })
    // without the contract's word on normalising, a lower-case number does not read back
    expect(readBack(contract, undefined, dni, booking).mismatches.map((mismatch) => mismatch.field)).toEqual(['$.number', '$.support_number'])
  })

  it('names the field, what was sent, what came back and where', () => {
    const shifted = { member_id: 'm-2', number: '00000001R', expiry_date: '2032-01-01', issue_date: '2024-01-01', country: 'ES', support_number: 'SMK000001' }
    expect(readBack(contract, requestSchema('updateDni'), shifted, booking).mismatches).toEqual([
      { field: '$.expiry_date', sent: '2032-01-01', read: '2031-12-31', where: '$.members[1].documents[0].expiry_date' },
    ])
  })

  it('an object the answer shows nowhere, where the read schema has a place for it, was not stored', () => {
    const account = { owner: 'Ana García', iban: 'ES9121000418450200051332' }
    const result = readBack(contract, requestSchema('updateBankAccount'), account, booking, answerSchema('getBooking'))
    expect(result.mismatches).toEqual([{ field: '$', sent: account, read: undefined, where: '' }])
    // with no read schema to say so, it is only unplaced
    expect(readBack(contract, requestSchema('updateBankAccount'), account, booking).unplaced).toEqual(['$'])
  })

  it('reads one instant written two ways, and null or empty as nothing, as the same value', () => {
    expect(sameValue('2026-11-26T10:00:00Z', '2026-11-26T10:00:00.000Z')).toBe(true)
    expect(sameValue('2026-11-26T10:00:00Z', '2026-11-26T11:00:00+01:00')).toBe(true)
    expect(sameValue('2026-11-26', '2026-11-25')).toBe(false)
    expect(sameValue(null, undefined)).toBe(true)
    expect(sameValue('', null)).toBe(true)
    expect(sameValue('ñandú 🧳', 'Ã±andÃº ð\u009f§³')).toBe(false)
  })

  it('never compares credentials or keys, and nested objects keep the ids their parents name', () => {
    const objects = sentObjects({ member_id: 'm-1', password: 'x', idempotency_key: 'k', guardians: [{ name: 'Marta' }] })
    expect(objects).toEqual([{ pointer: '/guardians/0', fields: { name: 'Marta' }, anchors: ['m-1'] }])
  })
})

describe('read-only fields', () => {
  it('the fields the read shows that the request does not take, each with another value', () => {
    const data = { member_id: 'm-1', name: 'Smóke Ñandú', surname1: 'Íñiguez' }
    const probes = readOnlyProbes(contract, requestSchema('updateMemberData')!, data, booking)
    expect(probes.map((probe) => [probe.name, probe.sent])).toEqual([
      ['id', 'm-1-smoke'],
      ['valid', true],
    ])
    const sent = withReadOnlyFields(data, probes) as Record<string, unknown>
    expect(sent).toMatchObject({ ...data, id: 'm-1-smoke', valid: true })
    expect(locate(sentObjects(data)[0]!, booking)?.pointer).toBe('/members/0')
    expect([otherValue('2026-02-28'), otherValue(3), otherValue('confirmed'), otherValue('a@example.com')]).toEqual([
      '2027-02-28',
      4,
      'confirmed_smoke',
      'a@example.com-smoke',
    ])
  })

  it('never writes a prototype key', () => {
    const sent = withReadOnlyFields({}, [{ object: '', name: '__proto__', current: 1, sent: 2 }]) as Record<string, unknown>
    expect(Object.getPrototypeOf(sent)).toBe(Object.prototype)
    expect(Object.keys(sent)).toEqual([])
  })
})
