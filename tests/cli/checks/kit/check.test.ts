import { describe, expect, it } from 'vitest'
import { declares, kindOf, statusOf } from '../../../../cli/src/checks/kit/check.ts'
import { realContract } from '../check-harness.ts'

// What every check module shares: a step's kind for an operation, a declared status, an answer in words.

describe('the check kit', () => {
  it('a GET is read (or probed); anything else writes', async () => {
    const contract = await realContract()
    expect(kindOf(contract.operations.get('getBooking')!, 'read')).toBe('read')
    expect(kindOf(contract.operations.get('getBooking')!, 'probe')).toBe('probe')
    expect(kindOf(contract.operations.get('updateProfile')!, 'probe')).toBe('write')
  })

  it('whether an operation declares a status; an answer as a finding says it', async () => {
    const contract = await realContract()
    expect(declares(contract.operations.get('getBooking')!, 404)).toBe(true)
    expect(declares(contract.operations.get('getBooking')!, 418)).toBe(false)
    expect(statusOf({ status: 401, json: { code: 'auth_login_wrong', message: 'x' } })).toBe('status 401 (auth_login_wrong)')
    expect(statusOf({ status: 204, json: undefined })).toBe('status 204')
  })
})
