import { beforeAll, describe, expect, it } from 'vitest'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { findOperationByRoute, parentRead, pathParamsOf, readOfSamePath } from '../../../contract/engine/contract-routes.ts'
import { miniContractPath } from '../../cli/helpers/paths.ts'

// Routes of the contract: an operation by method and path, a path's values, and the reads that show a write.

let mini: ContractIndex
beforeAll(async () => {
  mini = await loadContract(miniContractPath)
})

describe('contract routes', () => {
  it('finds an operation by its method and a concrete path, or its template', () => {
    expect(findOperationByRoute(mini, 'GET', '/things/t-1')?.operationId).toBe('getThing')
    expect(findOperationByRoute(mini, 'get', '/things/{id}')?.operationId).toBe('getThing')
    expect(findOperationByRoute(mini, 'DELETE', '/things/t-1')?.operationId).toBe('deleteThing')
    expect(findOperationByRoute(mini, 'PATCH', '/things/t-1')).toBeUndefined()
    expect(findOperationByRoute(mini, 'GET', '/nowhere')).toBeUndefined()
  })

  it('reads a path’s values by their names', () => {
    expect([...pathParamsOf(mini.operations.get('renderThing')!, '/things/t%201/render')]).toEqual([['id', 't 1']])
  })

  it('the read of the same path, and the read of the longest parent path a write changes', () => {
    const remove = mini.operations.get('deleteThing')!
    expect(readOfSamePath(mini, remove)?.operationId).toBe('getThing')
    expect(parentRead(mini, remove)?.operationId).toBe('getThing')
    // a read changes nothing; a write with no read above it has none
    expect(parentRead(mini, mini.operations.get('getThing')!)).toBeUndefined()
    expect(parentRead(mini, mini.operations.get('createThing')!)).toBeUndefined()
    expect(readOfSamePath(mini, mini.operations.get('findAgency')!)).toBeUndefined()
  })
})
