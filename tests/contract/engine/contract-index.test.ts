import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ContractError, getOperation, indexContract, loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
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

  it('whom an answer is for (x-cache): declared, or inferred from the session and the tenant header', async () => {
    const contract = await loadContract(defaultContractPath)
    const declared = [...contract.operations.values()].filter((operation) => operation.cacheDeclared)
    // the product's contract declares every operation
    expect(declared).toHaveLength(contract.operations.size)
    expect(['getProfile', 'listBookings', 'getAgency', 'listTravelGroups', 'listCountries'].map((id) => getOperation(contract, id).cache)).toEqual([
      'personal',
      'personal',
      'tenant',
      'tenant',
      'public',
    ])
    // the mini contract declares none: a session makes it personal, the tenant header tenant, else public
    expect([...mini.operations.values()].some((operation) => operation.cacheDeclared)).toBe(false)
    expect(['createThing', 'listThings', 'findAgency'].map((id) => getOperation(mini, id).cache)).toEqual(['personal', 'tenant', 'public'])
  })

  it('x-lists and x-consistency-ms are read; a bad value is a warning and a default, never a failure', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/trip': { get: { operationId: 'listTrips', 'x-consistency-ms': 1500, 'x-cache': 'private', responses: { '200': { description: 'ok' } } } },
        '/trip/{id}': {
          get: {
            operationId: 'getTrip',
            'x-lists': ['listTrips', 'listGhosts'],
            'x-consistency-ms': -1,
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }
    const small = indexContract(new Map([['file:///t.json', document]]), 'file:///t.json')
    expect(getOperation(small, 'listTrips')).toMatchObject({ consistencyMs: 1500, cache: 'public', cacheDeclared: false, lists: [] })
    expect(getOperation(small, 'getTrip')).toMatchObject({ consistencyMs: 0, lists: ['listTrips', 'listGhosts'] })
    expect(small.warnings).toEqual(
      expect.arrayContaining([
        'listTrips: x-cache must be one of personal, tenant, public; inferred instead',
        'getTrip: x-consistency-ms must be a number of milliseconds, 0 or more; 0 used',
        'getTrip: x-lists names listGhosts, which the contract does not have',
      ]),
    )
  })

  it('a file that is not a contract is refused with the reason, never half read', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'contract-'))
    const broken = path.join(dir, 'broken.yaml')
    await writeFile(broken, 'openapi: 3.1.0\ninfo: [not, a, map\n')
    await expect(loadContract(broken)).rejects.toBeInstanceOf(ContractError)
    await expect(loadContract(path.join(dir, 'missing.yaml'))).rejects.toBeInstanceOf(ContractError)
  })
})
