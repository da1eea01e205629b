// The generated zod (what the mock and the CLI validate with) says exactly what the contract says: every
// value the contract accepts passes it, and every value broken in one of the contract's own ways (a
// pattern, a format, a length, a range, an enum, a required field, a type) that the contract refuses, it
// refuses too. The contract's verdict is ajv's over the contract itself (the CLI's validator); the values
// come from the CLI's generators. A generator bug such as orval's lost slash in '^/' fails here.
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { type ContractIndex, loadContract, type OperationSpec, type SchemaLocation } from '../../contract/engine/contract-index.ts'
import { createSchemaValidator, type SchemaValidator } from '../../contract/engine/schema-validator.ts'
import { joinPointer } from '../../contract/engine/json-pointer.ts'
import { bodyBreakages, breakagesOfScalar, schemaAt, validValues } from '../../contract/engine/schema-values.ts'
import * as generated from '../../contract/generated/zod'

let contract: ContractIndex
let validator: SchemaValidator

beforeAll(async () => {
  contract = await loadContract('contract/openapi.yaml')
  validator = createSchemaValidator(contract)
})

const zodNamed = (name: string): ZodType | undefined => (generated as Record<string, unknown>)[name] as ZodType | undefined
const pascal = (operationId: string) => operationId[0]!.toUpperCase() + operationId.slice(1)
const jsonSchemaOf = (content: readonly { mediaType: string; schema: SchemaLocation | undefined }[]) =>
  content.find((media) => media.mediaType === 'application/json')?.schema

// Values at the edges of each format the contract uses, where validators are known to differ: each must
// get the same verdict from the generated zod as from the contract (ajv with ajv-formats).
const FORMAT_EDGES: Readonly<Record<string, readonly string[]>> = {
  email: [
    'a&b@example.com',
    "o'brien@example.com",
    'first.last+tag@sub.example.co.uk',
    'A@EXAMPLE.COM',
    'x@localhost',
    'ñandú@example.es',
    'a..b@example.com',
    '.a@example.com',
    'a@-example.com',
  ],
  date: ['2024-02-29', '2026-12-31', '2026-02-29', '2026-13-01', '2026-1-01', '20260101', '2026-11-25T10:00:00Z'],
  'date-time': ['2026-11-25T10:00:00Z', '2026-11-25T10:00:00+01:00', '2026-11-25T10:00:00.123Z', '2026-11-25T10:00:00', '2026-11-25', '2026-11-25T25:00:00Z'],
  uri: ['https://example.com/x?y=1#z', 'http://localhost:5173/payment', 'urn:isbn:0451450523', '/relative/path', 'not a uri', 'https://exa mple.com'],
}

type Part = { operation: string; name: string; at: SchemaLocation; zod: ZodType }

/** Each JSON body and each first 2xx JSON answer of the contract, with the generated schema for it. */
async function parts(): Promise<Part[]> {
  const index = await loadContract('contract/openapi.yaml')
  const found: Part[] = []
  for (const operation of index.operations.values()) {
    const base = pascal(operation.operationId)
    const body = operation.requestBody && jsonSchemaOf(operation.requestBody.content)
    const bodyZod = zodNamed(`${base}Body`)
    if (body && bodyZod) found.push({ operation: operation.operationId, name: `${base}Body`, at: body, zod: bodyZod })
    const success = Object.keys(operation.responses)
      .filter((status) => /^2\d\d$/.test(status))
      .sort()
      .map((status) => jsonSchemaOf(operation.responses[status]!.content))
      .find(Boolean)
    const responseZod = zodNamed(`${base}Response`)
    if (success && responseZod) found.push({ operation: operation.operationId, name: `${base}Response`, at: success, zod: responseZod })
  }
  return found
}

const allParts = await parts()
const operations = [...(await loadContract('contract/openapi.yaml')).operations.values()]

type Spot = { path: (string | number)[]; schema: Record<string, unknown>; required: string[] }

/**
 * Every object and scalar inside a valid value, below its top level, with its schema (properties and
 * array items, through $refs; allOf/oneOf branches are left to the samples above).
 */
function nestedSpots(at: SchemaLocation, value: unknown, path: (string | number)[] = []): Spot[] {
  const located = schemaAt(contract, at)
  if (!located) return []
  const schema = located.schema
  const spots: Spot[] = path.length > 1 ? [{ path, schema, required: Array.isArray(schema['required']) ? (schema['required'] as string[]) : [] }] : []
  const child = (...segments: (string | number)[]): SchemaLocation => ({
    documentUrl: located.at.documentUrl,
    pointer: joinPointer(located.at.pointer, ...segments),
  })
  if (Array.isArray(value) && value.length > 0 && schema['items'] !== undefined) spots.push(...nestedSpots(child('items'), value[0], [...path, 0]))
  const properties = schema['properties']
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && typeof properties === 'object' && properties !== null) {
    for (const key of Object.keys(properties)) {
      if (key in value) spots.push(...nestedSpots(child('properties', key), (value as Record<string, unknown>)[key], [...path, key]))
    }
  }
  return spots
}

/** A copy of `value` with `replace(old)` at `path` (undefined deletes the key). */
function withAt(value: unknown, path: (string | number)[], replace: (old: unknown) => unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let node = copy
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<string | number, unknown>
  const last = path.at(-1)!
  const next = replace(node[last])
  if (next === undefined) delete node[last]
  else node[last] = next
  return copy
}

const refusedByContract = (at: SchemaLocation, value: unknown) => validator.validate(at, value).outcome === 'invalid'
const issuesOf = (zod: ZodType, value: unknown) => {
  const result = zod.safeParse(value)
  return result.success ? 'accepted' : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
}

describe('generated zod equals the contract', () => {
  it('finds a generated schema for every JSON body and answer the contract has', () => {
    const missing: string[] = []
    for (const operation of operations) {
      const base = pascal(operation.operationId)
      if (operation.requestBody && jsonSchemaOf(operation.requestBody.content) && !zodNamed(`${base}Body`)) missing.push(`${base}Body`)
    }
    expect(missing).toEqual([])
    expect(allParts.length).toBeGreaterThanOrEqual(90)
  })

  it.each(allParts.map((part) => [part.name, part] as const))('%s: accepts what the contract accepts, refuses what it refuses', (_name, part) => {
    const samples = fc.sample(validValues(contract, validator, part.at), { numRuns: 25, seed: 20261125 })
    for (const value of samples) {
      expect(issuesOf(part.zod, value), `${part.name} should accept ${JSON.stringify(value)}`).toBe('accepted')
    }
    const base = samples[0]
    const located = schemaAt(contract, part.at)
    if (base === undefined || located === undefined || typeof base !== 'object' || base === null || Array.isArray(base)) return
    for (const breakage of bodyBreakages(contract, part.at)) {
      const broken = breakage.apply(base)
      if (!refusedByContract(part.at, broken)) continue
      expect(issuesOf(part.zod, broken), `${part.name} ${breakage.what}: the contract refuses ${JSON.stringify(broken)}`).not.toBe('accepted')
    }
    // below the top level: each nested field broken in its own ways, each nested required field left out
    for (const spot of nestedSpots(part.at, base)) {
      const where = `${part.name}.${spot.path.join('.')}`
      const breakages = [
        ...breakagesOfScalar(spot.schema, where).map((broken) => ({ what: broken.what, apply: () => broken.value })),
        ...(FORMAT_EDGES[String(spot.schema['format'])] ?? []).map((edge) => ({ what: `${where} = ${JSON.stringify(edge)}`, apply: () => edge, agree: true })),
      ]
      for (const breakage of breakages) {
        const broken = withAt(base, spot.path, breakage.apply)
        const contractSays = refusedByContract(part.at, broken) ? 'refused' : 'accepted'
        if (contractSays === 'accepted' && !('agree' in breakage)) continue
        const zodSays = issuesOf(part.zod, broken) === 'accepted' ? 'accepted' : 'refused'
        expect(zodSays, `${breakage.what}: the contract ${contractSays} ${JSON.stringify(broken)}`).toBe(contractSays)
      }
      const holder = withAt(base, spot.path, (old) => old)
      for (const key of spot.required) {
        const broken = withAt(holder, [...spot.path, key], () => undefined)
        if (!refusedByContract(part.at, broken)) continue
        expect(issuesOf(part.zod, broken), `${where} without the required ${key}`).not.toBe('accepted')
      }
    }
    const properties = located.schema['properties']
    for (const key of Object.keys(typeof properties === 'object' && properties !== null ? properties : {})) {
      const property = schemaAt(contract, { documentUrl: located.at.documentUrl, pointer: joinPointer(located.at.pointer, 'properties', key) })
      const format = property?.schema['format']
      for (const edge of typeof format === 'string' ? (FORMAT_EDGES[format] ?? []) : []) {
        const value = { ...base, [key]: edge }
        const contractSays = refusedByContract(part.at, value) ? 'refused' : 'accepted'
        const zodSays = issuesOf(part.zod, value) === 'accepted' ? 'accepted' : 'refused'
        expect(zodSays, `${part.name}.${key} (${format}) ${JSON.stringify(edge)}: the contract ${contractSays} it`).toBe(contractSays)
      }
    }
  })

  it.each(operations.filter((op) => op.parameters.some((p) => p.in === 'query' || p.in === 'path')).map((op) => [op.operationId, op] as const))(
    '%s: its path and query parameters, as the contract has them',
    (_id, operation: OperationSpec) => {
      for (const where of ['path', 'query'] as const) {
        const zod = zodNamed(`${pascal(operation.operationId)}${where === 'path' ? 'Params' : 'QueryParams'}`)
        const params = operation.parameters.filter((p) => p.in === where && p.schema)
        if (params.length === 0) continue
        expect(zod, `${operation.operationId} ${where} parameters are generated`).toBeDefined()
        const valid: Record<string, unknown> = {}
        for (const param of params) {
          const value = fc.sample(validValues(contract, validator, param.schema!), { numRuns: 1, seed: 20261125 })[0]
          if (value !== undefined) valid[param.name] = value
        }
        expect(issuesOf(zod!, valid), `${operation.operationId} ${where} ${JSON.stringify(valid)}`).toBe('accepted')
        for (const param of params) {
          const schema = schemaAt(contract, param.schema!)
          if (!schema) continue
          for (const broken of breakagesOfScalar(schema.schema, param.name)) {
            if (!refusedByContract(param.schema!, broken.value)) continue
            // query values arrive as text: a wrong type is the parser's business, not the schema's
            if (where === 'query' && broken.what.includes('wrong type')) continue
            expect(issuesOf(zod!, { ...valid, [param.name]: broken.value }), `${operation.operationId} ${broken.what}`).not.toBe('accepted')
          }
        }
      }
    },
  )
})
