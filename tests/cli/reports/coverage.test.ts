import { beforeAll, describe, expect, it } from 'vitest'

import { coloursFor } from '../../../cli/src/base/cli-io.ts'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { buildCoverageMatrix, coveragePercent, pairsLeft, parseCoverageInput, renderCoverageMatrix } from '../../../cli/src/reports/coverage.ts'
import { miniContractPath } from '../helpers/paths.ts'

let contract: ContractIndex
beforeAll(async () => {
  contract = await loadContract(miniContractPath)
})

const plain = coloursFor({ write: () => undefined, isTTY: false }, {})

describe('coverage inputs', () => {
  it('reads the mock journal shape ({capacity, entries}) and maps paths to operations', () => {
    const journal = {
      capacity: 500,
      entries: [
        { id: 3, time: '', method: 'GET', path: '/api/mini/things/t-1?lang=es', status: 200, agency: 'ag-sol', durationMs: 1 },
        { id: 2, time: '', method: 'GET', path: '/api/mini/things/t-1', status: 404, agency: 'ag-sol', durationMs: 1 },
        { id: 1, time: '', method: 'GET', path: '/__mock/scenarios', status: 200, agency: null, durationMs: 1 },
        { id: 0, time: '', method: 'GET', path: '/api/mini/things', status: 0, agency: null, durationMs: 1 },
      ],
    }
    const input = parseCoverageInput(JSON.stringify(journal), 'journal', contract)
    expect(input.entries.map((entry) => `${entry.operationId} ${entry.status}`)).toEqual(['getThing 200', 'getThing 404'])
    // the control API call and the dropped connection (status 0)
    expect(input.unmatched).toBe(2)
  })

  it('reads JSON lines too', () => {
    const lines = [
      JSON.stringify({ method: 'DELETE', url: 'http://127.0.0.1/api/mini/things/9', status: 204 }),
      JSON.stringify({ operationId: 'getTerms', status: 200 }),
    ].join('\n')
    const input = parseCoverageInput(lines, 'jsonl', contract)
    expect(input.entries.map((entry) => `${entry.operationId} ${entry.status}`)).toEqual(['deleteThing 204', 'getTerms 200'])
  })
})

describe('coverage matrix', () => {
  it('marks declared statuses exercised, declared only, and undeclared ones', () => {
    const matrix = buildCoverageMatrix(contract, [
      { operationId: 'getThing', method: 'GET', path: '/things/{id}', status: 200, count: 2 },
      { operationId: 'getThing', method: 'GET', path: '/things/{id}', status: 500, count: 1 },
      { operationId: 'listThings', method: 'GET', path: '/things', status: 418, count: 1 },
      { operationId: 'gone', method: 'GET', path: '/gone', status: 200, count: 1 },
    ])
    const getThing = matrix.rows.find((row) => row.operationId === 'getThing')
    expect(getThing?.exercised).toEqual({ '200': 2 })
    expect(getThing?.undeclared).toEqual([500])
    expect(matrix.rows.find((row) => row.operationId === 'listThings')?.exercised).toEqual({ '4XX': 1 })
    expect(matrix.totals.unknownOperations).toEqual(['gone'])
    expect(matrix.columns[0]).toBe('200')
    expect(matrix.columns.at(-1)).toBe('default')
    expect(coveragePercent(matrix)).toBeGreaterThan(0)

    const text = renderCoverageMatrix(matrix, plain)
    const line = text.split('\n').find((row) => row.startsWith('getThing '))
    expect(line).toContain('✓')
    expect(line).toContain('·')
    expect(line?.trimEnd().endsWith('500')).toBe(true)
    expect(text).toContain('operations touched: 2/9')
    expect(text).toContain('not in the contract (ignored): gone')
    // What is left, by status, with why.
    expect(text).toMatch(/^left \(\d+ pairs\), by status and why:$/m)
    expect(text).toMatch(/^ {2}404 \(no run asked it for something that does not exist\): .*getThing/m)
    expect(pairsLeft(matrix).find((group) => group.status === '200')?.operationIds).not.toContain('getThing')
  })
})
