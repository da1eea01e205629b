import { beforeAll, describe, expect, it } from 'vitest'
import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { createSchemaValidator, readablePath, type SchemaValidator } from '../../../contract/engine/schema-validator.ts'

// The contract's schemas as ajv (JSON Schema 2020-12, with formats) reads them, errors in a reader's words.

let contract: ContractIndex
let validator: SchemaValidator
beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
  validator = createSchemaValidator(contract)
})
const schemaOf = (operationId: string) => contract.operations.get(operationId)!.requestBody!.content[0]!.schema!

describe('the schema validator', () => {
  it('accepts what the contract accepts', () => {
    expect(validator.validate(schemaOf('login'), { email: 'ana.garcia@example.com', password: 'viaje2026' }).outcome).toBe('valid')
  })

  it('refuses with where, why and what was there: a missing field, a wrong type, a bad format', () => {
    const check = validator.validate(schemaOf('login'), { email: 'not an address', password: 5 })
    expect(check.outcome).toBe('invalid')
    if (check.outcome !== 'invalid') return
    const byPath = Object.fromEntries(check.errors.map((error) => [error.path, error]))
    expect(Object.keys(byPath).sort()).toEqual(['$.email', '$.password'])
    expect(byPath['$.password']!.actual).toBe(5)
    const missing = validator.validate(schemaOf('login'), { email: 'ana@example.com' })
    expect(missing.outcome === 'invalid' && missing.errors.map((error) => [error.path, error.message])).toEqual([['$.password', 'is required']])
  })

  it('writes an instance path as a reader reads it', () => {
    expect(readablePath('/members/1/birthdate')).toBe('$.members[1].birthdate')
    expect(readablePath('')).toBe('$')
  })
})
