import { cpSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { contractFileToRead, contractJsonPath, defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { loadContract } from '../../../contract/engine/contract-index.ts'

// The shipped contract is read from its JSON twin when the YAML is the one it was generated from; any other as given.

describe('the contract file a run reads', () => {
  it('is the JSON twin for the shipped YAML it was generated from, and indexes the same operations', async () => {
    expect(contractFileToRead(defaultContractPath)).toBe(contractJsonPath)
    const [fromJson, fromYaml] = await Promise.all([loadContract(contractJsonPath), loadContract(defaultContractPath)])
    expect([...fromJson.operations.keys()]).toEqual([...fromYaml.operations.keys()])
    expect(fromJson.operations.get('listBookings')?.order).toEqual(fromYaml.operations.get('listBookings')?.order)
  })

  it('is the path as given for any other contract, a copy of the shipped one too', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'contract-'))
    const copy = path.join(dir, 'openapi.yaml')
    cpSync(defaultContractPath, copy)
    expect(contractFileToRead(copy)).toBe(copy)
    writeFileSync(path.join(dir, 'openapi.json'), '{}')
    expect(contractFileToRead(copy)).toBe(copy)
  })
})
