// Walks every operation of the contract against the mock: each probe runs in a fresh world, its answer
// is checked (status declared, content type, body schema, error code declared) with the same checker the
// CLI's smoke command uses, and coverage is enforced: every operation has a 2xx probe and every error
// code an operation declares (x-error-codes) is produced by at least one probe.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { type ContractIndex, loadContract } from '../../contract/engine/contract-index.ts'
import { answerScans } from '../../cli/src/checks/catalogue.ts'
import { createResponseChecker, type ResponseChecker } from '../../contract/engine/response-checker.ts'
import { formatViolation } from '../../contract/engine/violation.ts'
import { createProbeApi, type Probe } from './probe.ts'

const probesDir = fileURLToPath(new URL('./probes/', import.meta.url))
const contractFile = fileURLToPath(new URL('../../contract/openapi.yaml', import.meta.url))

const loadProbes = async (): Promise<Probe[]> => {
  const all: Probe[] = []
  for (const file of readdirSync(probesDir)
    .filter((f) => f.endsWith('.probes.ts'))
    .sort()) {
    const mod = (await import(`./probes/${file}`)) as Record<string, unknown>
    for (const value of Object.values(mod)) if (Array.isArray(value)) all.push(...(value as Probe[]))
  }
  return all
}

const probes = await loadProbes()
let contract: ContractIndex
let checker: ResponseChecker
const exercised: { operationId: string; status: number; code?: string }[] = []

beforeAll(async () => {
  contract = await loadContract(contractFile)
  checker = createResponseChecker(contract, { scans: answerScans(contract) })
})

describe('every probe answers as the contract says', () => {
  it.each(probes.map((p) => [`${p.operationId}: ${p.name}`, p] as const))('%s', async (_title, probe) => {
    const api = createProbeApi()
    const res = await probe.run(api)
    const url = new URL(res.url || 'http://localhost:3333/')
    const checked = await checker.checkResponse(probe.operationId, { method: 'GET', url: url.toString(), headers: {} }, res)
    const violations = checked.violations.map(formatViolation)
    expect(violations, violations.join('\n')).toEqual([])
    const code = (checked.json as { code?: string } | undefined)?.code
    expect({ status: res.status, code: probe.code ? code : undefined }).toEqual({ status: probe.status, code: probe.code })
    exercised.push({ operationId: probe.operationId, status: res.status, code })
  })
})

describe('coverage of the contract', () => {
  it('every probe names a real operation', () => {
    const unknown = probes.filter((p) => !contract.operations.has(p.operationId)).map((p) => p.operationId)
    expect(unknown).toEqual([])
  })

  it('every operation has a successful probe', () => {
    const missing = [...contract.operations.keys()].filter((id) => !probes.some((p) => p.operationId === id && p.status < 300))
    expect(missing, `operations without a 2xx probe: ${missing.join(', ')}`).toEqual([])
  })

  it('every declared operation-specific error code is produced by a probe', () => {
    const missing: string[] = []
    for (const op of contract.operations.values()) {
      for (const [status, codes] of Object.entries(op.errorCodes)) {
        for (const code of codes) {
          if (!probes.some((p) => p.operationId === op.operationId && String(p.status) === status && p.code === code))
            missing.push(`${op.operationId} ${status} ${code}`)
        }
      }
    }
    expect(missing, `declared codes without a probe:\n${missing.join('\n')}`).toEqual([])
  })

  it('every operation that needs a token has a 401 probe', () => {
    const missing = [...contract.operations.values()]
      .filter((op) => op.requiresAuth && op.responses['401'])
      .filter((op) => !probes.some((p) => p.operationId === op.operationId && p.status === 401))
      .map((op) => op.operationId)
    expect(missing, `operations without a 401 probe: ${missing.join(', ')}`).toEqual([])
  })
})
