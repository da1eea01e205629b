import { beforeAll, describe, expect, it } from 'vitest'

import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { malformedBodies } from '../../../contract/engine/malformed-bodies.ts'

// The bodies an operation cannot read, for the malformed-body check.

let contract: ContractIndex

beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
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
