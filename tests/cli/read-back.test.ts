import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { defaultContractPath } from '../../cli/src/base/package-paths.ts'
import { checkCatalogue, checkOfStep, checkSelection } from '../../cli/src/checks/catalogue.ts'
import { loadContract, type ContractIndex } from '../../contract/engine/contract-index.ts'
import { malformedBodies } from '../../contract/engine/malformed-bodies.ts'
import { locate, normalisationsAt, otherValue, readBack, readOnlyProbes, sameValue, sentObjects, withReadOnlyFields } from '../../contract/engine/read-back.ts'

// The engine's read-back rules (round trip and read-only fields), malformed bodies, and the check names.

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

describe('malformed bodies', () => {
  it('text that is not JSON, empty, null, a list for an object, a string; only the text is safe on what the run did not make', () => {
    const bodies = malformedBodies(contract, contract.operations.get('updateBuyer')!)
    expect(bodies.map((body) => [body.what, body.text, body.appliable])).toEqual([
      ['a body that is not JSON (cut off mid-object)', '{"smoke": "not json', false],
      ['an empty body', '', true],
      ['JSON null', 'null', true],
      ['a JSON list where an object is declared', '[]', true],
      ['a JSON string at the top', '"smoke"', true],
    ])
    expect(malformedBodies(contract, contract.operations.get('getBooking')!)).toEqual([])
  })
})

describe('check names', () => {
  it('a step belongs to the check its id starts with; --include/--exclude pick checks, the response check always runs', () => {
    expect(checkOfStep('round-trip:updateDni')).toBe('round-trip')
    expect(checkOfStep('booking.detail')).toBeUndefined()
    expect(checkOfStep('probe.login-wrong-password')).toBeUndefined()
    const only = checkSelection(['round-trip', 'getBooking'], [])
    expect([only('round-trip'), only('exposure'), only('response')]).toEqual([true, false, true])
    const without = checkSelection([], ['exposure'])
    expect([without('exposure'), without('error-leak')]).toEqual([false, true])
  })

  it("cli/README's table lists every check, in the catalogue's order, with its Schemathesis and RESTler counterparts, or none", async () => {
    const readme = await readFile(path.join(import.meta.dirname, '../../cli/README.md'), 'utf8')
    const rows = [...readme.matchAll(/^\| `([a-z-]+)` \| .* \| ([^|]+) \| ([^|]+) \|$/gm)].map((match) => ({
      name: match[1],
      schemathesis: (match[2] as string).trim(),
      restler: (match[3] as string).trim(),
    }))
    expect(rows).toEqual(checkCatalogue.map((check) => ({ name: check.name, schemathesis: check.schemathesis ?? 'none', restler: check.restler ?? 'none' })))
  })
})
