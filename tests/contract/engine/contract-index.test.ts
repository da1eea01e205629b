import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ContractError, getOperation, loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { miniContractPath } from '../../cli/helpers/paths.ts'

// The contract read once into what the engine needs: operations with their parameters, security,
// responses, error codes and links; its base path; the tenant header; $refs across files resolved.

let mini: ContractIndex
beforeAll(async () => {
  mini = await loadContract(miniContractPath)
})

describe('the contract index', () => {
  it('reads the base path from the first server, and every operation by its id', () => {
    expect(mini.basePath).toBe('/api/mini')
    expect([...mini.operations.keys()].sort()).toEqual(
      ['createThing', 'deleteThing', 'findAgency', 'getTerms', 'getThing', 'getThingPicture', 'listThings', 'login', 'renderThing'].sort(),
    )
    expect(getOperation(mini, 'getThing')).toMatchObject({ method: 'get', path: '/things/{id}' })
    expect(() => getOperation(mini, 'nope')).toThrow()
  })

  it('knows which operations need a session (a bearer scheme in every alternative) and the tenant header', () => {
    expect(mini.operations.get('findAgency')!.requiresAuth).toBe(false)
    expect(mini.operations.get('listThings')!.requiresAuth).toBe(false)
    expect(mini.operations.get('createThing')!.requiresAuth).toBe(true)
    expect(mini.tenantHeader).toBe('agencyId')
  })

  it('resolves a $ref into another file, and keeps the declared error codes per status', () => {
    const things = mini.operations.get('listThings')!.responses['200']!.content[0]!
    expect(things.schema).toBeDefined()
    expect(mini.operations.get('login')!.errorCodes['401']).toEqual(['auth_login_wrong'])
  })

  it('a file that is not a contract is refused with the reason, never half read', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'contract-'))
    const broken = path.join(dir, 'broken.yaml')
    await writeFile(broken, 'openapi: 3.1.0\ninfo: [not, a, map\n')
    await expect(loadContract(broken)).rejects.toBeInstanceOf(ContractError)
    await expect(loadContract(path.join(dir, 'missing.yaml'))).rejects.toBeInstanceOf(ContractError)
  })
})
