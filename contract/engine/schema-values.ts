import fc from 'fast-check'

import type { ContractIndex, SchemaLocation } from './contract-index.ts'
import { fragmentToPointer, getAtPointer, joinPointer } from './json-pointer.ts'
import type { SchemaValidator } from './schema-validator.ts'

// Values generated from the contract's JSON Schemas with fast-check: valid
// ones (positive) and ones broken in one named way (negative: a required field
// missing, a wrong type, out of range, a bad format, an oversized string).
// Every value is checked against the schema by the same validator that checks
// answers, so a generator gap can never blame the API: a "valid" value the
// validator rejects is dropped, and so is a "broken" one it accepts.

type Schema = Record<string, unknown>
type Located = { schema: Schema; at: SchemaLocation }

/** how deep optional properties are still generated (the member ↔ guardian schemas recurse) */
const MAX_DEPTH = 3
const MAX_ITEMS = 3

const isRecord = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value)

export function schemaAt(contract: ContractIndex, at: SchemaLocation): Located | undefined {
  let current: SchemaLocation = at
  for (let hops = 0; hops < 32; hops += 1) {
    const value = getAtPointer(contract.documents.get(current.documentUrl), current.pointer)
    if (typeof value === 'boolean') return { schema: value ? {} : { not: {} }, at: current }
    if (!isRecord(value)) return undefined
    if (typeof value['$ref'] !== 'string') return { schema: value, at: current }
    const target = new URL(value['$ref'], current.documentUrl)
    current = { documentUrl: target.href.split('#')[0] as string, pointer: fragmentToPointer(target.hash) }
  }
  return undefined
}

const child = (located: Located, ...segments: Array<string | number>): SchemaLocation => ({
  documentUrl: located.at.documentUrl,
  pointer: joinPointer(located.at.pointer, ...segments),
})

const typesOf = (schema: Schema): string[] => {
  const type = schema['type']
  if (typeof type === 'string') return [type]
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string')
  if (isRecord(schema['properties'])) return ['object']
  return []
}

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = num(schema['minLength']) ?? 0
  const maxLength = Math.min(num(schema['maxLength']) ?? 24, Math.max(minLength, 24))
  const fits = (value: string) => value.length >= minLength && value.length <= (num(schema['maxLength']) ?? Number.POSITIVE_INFINITY)
  switch (schema['format']) {
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10))
    case 'date-time':
      return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString())
    case 'email':
      // plain addresses in a reserved domain: what a form would send, and nobody's
      return fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/).map((local) => `${local}@example.com`)
    case 'uri':
      return fc.stringMatching(/^[a-z]{1,10}$/).map((slug) => `https://example.com/${slug}`)
    case 'uuid':
      return fc.uuid()
    default:
      break
  }
  if (typeof schema['pattern'] === 'string') return fc.stringMatching(new RegExp(schema['pattern'])).filter(fits)
  return fc.string({ minLength, maxLength }).filter((value) => value.trim().length >= Math.min(minLength, 1))
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = num(schema['exclusiveMinimum'])
  const exclusiveMax = num(schema['exclusiveMaximum'])
  let min = num(schema['minimum']) ?? (exclusiveMin === undefined ? -1000 : exclusiveMin + (integer ? 1 : 0.01))
  let max = num(schema['maximum']) ?? (exclusiveMax === undefined ? Math.max(min + 1000, 1000) : exclusiveMax - (integer ? 1 : 0.01))
  if (max < min) max = min
  if (integer) {
    min = Math.ceil(min)
    return fc.integer({ min, max: Math.floor(max) })
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

/** Values valid for the schema at `at` (a valid-looking shape; see `validValues` for the checked ones). */
export function valueArbitrary(contract: ContractIndex, at: SchemaLocation, depth = 0): fc.Arbitrary<unknown> {
  const located = schemaAt(contract, at)
  if (located === undefined) return fc.constant(null)
  const schema = located.schema
  if ('const' in schema) return fc.constant(schema['const'])
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return fc.constantFrom(...(schema['enum'] as unknown[]))
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword]
    if (Array.isArray(options) && options.length > 0)
      return fc.oneof(...options.map((_, index) => valueArbitrary(contract, child(located, keyword, index), depth)))
  }
  if (Array.isArray(schema['allOf']) && schema['allOf'].length > 0) {
    // The members of allOf are objects in practice: generate each and merge.
    const parts = schema['allOf'].map((_, index) => valueArbitrary(contract, child(located, 'allOf', index), depth))
    return fc.tuple(...parts).map((values) => Object.assign({}, ...values.filter(isRecord)) as unknown)
  }
  const types = typesOf(schema)
  if (types.length > 1) return fc.oneof(...types.map((type) => typedArbitrary(contract, located, type, depth)))
  return typedArbitrary(contract, located, types[0], depth)
}

function typedArbitrary(contract: ContractIndex, located: Located, type: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const schema = located.schema
  switch (type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return numberArbitrary(schema, true)
    case 'number':
      return numberArbitrary(schema, false)
    case 'string':
      return stringArbitrary(schema)
    case 'array': {
      const minItems = num(schema['minItems']) ?? 0
      const items = schema['items'] === undefined ? fc.constant(null) : valueArbitrary(contract, child(located, 'items'), depth + 1)
      return fc.array(items, { minLength: minItems, maxLength: Math.max(minItems, Math.min(num(schema['maxItems']) ?? MAX_ITEMS, MAX_ITEMS)) })
    }
    case 'object': {
      const properties = isRecord(schema['properties']) ? Object.keys(schema['properties']) : []
      const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter((key): key is string => typeof key === 'string') : [])
      const wanted = properties.filter((key) => required.has(key) || depth < MAX_DEPTH)
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      for (const key of wanted) model[key] = valueArbitrary(contract, child(located, 'properties', key), depth + 1)
      return fc.record(model, { requiredKeys: wanted.filter((key) => required.has(key)) }).map((value) => ({ ...value }) as unknown)
    }
    default:
      return fc.constant('x')
  }
}

/** Valid values only: what the validator accepts (a pattern or a format the generator cannot honour is filtered, not sent). */
export function validValues(contract: ContractIndex, validator: SchemaValidator, at: SchemaLocation): fc.Arbitrary<unknown> {
  return valueArbitrary(contract, at).filter((value) => validator.validate(at, value).outcome !== 'invalid')
}

/** One way to break a valid value, named for the report. */
export type Breakage = { what: string; apply(value: unknown): unknown }

const wrongTypeFor = (types: readonly string[]): unknown => {
  if (types.includes('string')) return types.includes('number') || types.includes('integer') ? { not: 'a scalar' } : 12345
  if (types.includes('integer') || types.includes('number')) return 'not-a-number'
  if (types.includes('boolean')) return 'yes'
  if (types.includes('array')) return { not: 'a list' }
  return 'text'
}

const badFormat: Readonly<Record<string, string>> = {
  date: '2026-13-45',
  'date-time': 'yesterday at noon',
  email: 'not-an-email',
  uri: 'not a uri',
  uuid: 'not-a-uuid',
}

/** Ways to break one scalar value of `schema` (a property or a query parameter). */
export function breakagesOfScalar(schema: Schema, label: string): Array<{ what: string; value: unknown }> {
  const out: Array<{ what: string; value: unknown }> = []
  const types = typesOf(schema)
  if (types.length > 0) out.push({ what: `${label} of the wrong type`, value: wrongTypeFor(types) })
  const maxLength = num(schema['maxLength'])
  if (maxLength !== undefined) out.push({ what: `${label} longer than ${maxLength} characters`, value: 'x'.repeat(maxLength + 1) })
  const minLength = num(schema['minLength'])
  // one character short: a backend (or a generator) off by one at the boundary is caught, not only an empty value
  if (minLength !== undefined && minLength > 0) out.push({ what: `${label} shorter than ${minLength} characters`, value: 'x'.repeat(minLength - 1) })
  const maximum = num(schema['maximum'])
  if (maximum !== undefined) out.push({ what: `${label} above its maximum ${maximum}`, value: maximum + 1 })
  const minimum = num(schema['minimum'])
  if (minimum !== undefined) out.push({ what: `${label} below its minimum ${minimum}`, value: minimum - 1 })
  if (Array.isArray(schema['enum'])) out.push({ what: `${label} not one of its values`, value: 'not-one-of-them' })
  const format = typeof schema['format'] === 'string' ? badFormat[schema['format']] : undefined
  if (format !== undefined) out.push({ what: `${label} in a bad ${String(schema['format'])} format`, value: format })
  if (typeof schema['pattern'] === 'string') {
    const pattern = new RegExp(schema['pattern'])
    const candidate = ['!!', ' ', 'a b', '0', ''].map((text) => text).find((text) => !pattern.test(text))
    if (candidate !== undefined) out.push({ what: `${label} not matching ${schema['pattern']}`, value: candidate })
  }
  return out
}

/** Ways to break a JSON body of the schema at `at`: each top-level property, the whole body. */
export function bodyBreakages(contract: ContractIndex, at: SchemaLocation): Breakage[] {
  const located = schemaAt(contract, at)
  if (located === undefined) return []
  const breakages: Breakage[] = [{ what: 'a list instead of an object', apply: () => [] }]
  const properties = isRecord(located.schema['properties']) ? located.schema['properties'] : {}
  const required = Array.isArray(located.schema['required']) ? located.schema['required'].filter((key): key is string => typeof key === 'string') : []
  for (const key of required) {
    breakages.push({
      what: `without the required field ${key}`,
      apply: (value) => {
        const copy = { ...(isRecord(value) ? value : {}) }
        delete copy[key]
        return copy
      },
    })
  }
  for (const key of Object.keys(properties)) {
    const property = schemaAt(contract, child(located, 'properties', key))
    if (property === undefined) continue
    for (const broken of breakagesOfScalar(property.schema, key)) {
      breakages.push({ what: broken.what, apply: (value) => ({ ...(isRecord(value) ? value : {}), [key]: broken.value }) })
    }
  }
  return breakages
}
