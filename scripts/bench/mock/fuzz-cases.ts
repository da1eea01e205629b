// Requests generated from the contract for fuzzing the mock: for every operation a valid request
// (the contract's example or a value built from the schema, with ids taken from the live world), then
// mutations of it: wrong types, missing required fields, huge strings and arrays, bad JSON, wrong
// content types, bad, expired and other tenants' tokens, unknown agencies, odd path parameters and
// encodings, unknown paths and methods. Deterministic for a seed (mulberry32).
//
// Used in process by tests/mock/fuzz.test.ts and over HTTP by scripts/bench/mock/fuzz-mock-http.ts (bench:fuzz).
import fc from 'fast-check'

import { API_PATH } from '../../../contract/generated/api-operations.ts'
import type { ContractIndex, OperationSpec, ParameterSpec, SchemaLocation } from '../../../contract/engine/contract-index.ts'
import { getAtPointer } from '../../../contract/engine/json-pointer.ts'
import { createSchemaValidator, type SchemaValidator } from '../../../contract/engine/schema-validator.ts'
import { validValues } from '../../../contract/engine/schema-values.ts'

export type Random = {
  next(): number
  int(max: number): number
  pick<T>(list: readonly T[]): T
  chance(p: number): boolean
}

export const createRandom = (seed: number): Random => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (max) => Math.floor(next() * max),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
  }
}

/** One generated request, before it is turned into a Fetch Request. */
export type FuzzCase = {
  /** what was done to the valid request ('valid', 'wrong-type', 'bad-json', …) */
  kind: string
  /** the operation it targets (undefined for unknown paths) */
  operationId?: string
  method: string
  /** path and query, from the server root (/api/customer/…) */
  path: string
  headers: Record<string, string>
  body?: string | FormData
}

/** Who may sign the requests: tokens by role, refreshed by the runner. */
export type Tokens = {
  /** the main customer (ana, agency ag-sol) */
  own: string
  /** other customers of the same agency */
  others: string[]
  /** a customer of another agency (laura, ag-norte) */
  otherTenant: string
  /** a session that has expired */
  expired: string
  /** a session of the main customer that may be ended (used for logout, which would end `own`) */
  spare: string
}

const AGENCY = 'ag-sol'
const OTHER_AGENCY = 'ag-norte'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Schema = Record<string, unknown>

// ── ids ──

/**
 * The ids a customer sees through the API, by collection: their bookings and what is in them (payments
 * among it), the agency's travel groups. `read` answers an API path (under /api/customer) as JSON, or null.
 */
export async function visibleIds(read: (apiPath: string) => Promise<unknown>): Promise<Map<string, string[]>> {
  const pools = new Map<string, string[]>()
  const list = (await read('/booking')) as { id: string }[] | { data?: { id: string }[] } | null
  const bookings = Array.isArray(list) ? list : (list?.data ?? [])
  harvestIds({ bookings }, pools)
  for (const booking of bookings) {
    harvestIds({ bookings: [await read(`/booking/${booking.id}`)] }, pools)
    harvestIds({ payments: await read(`/booking/${booking.id}/payments`) }, pools)
  }
  harvestIds({ travelGroups: await read('/travelgroup') }, pools)
  return pools
}

/** A collection name as pools key it: lower case, no underscores, singular (travel_groups → travelgroup). */
const collectionKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/_/g, '')
    .replace(/(ie)?s$/, (m) => (m === 'ies' ? 'y' : ''))

/**
 * Every id in a JSON value (the world, or API answers), by the collection it sits in: the key of
 * its array (bookings, members, invoices…) or of its object (travel_group). File names and codes too.
 */
export const harvestIds = (value: unknown, pools: Map<string, string[]> = new Map()): Map<string, string[]> => {
  const add = (key: string, id: string) => {
    const pool = pools.get(key)
    if (pool === undefined) pools.set(key, [id])
    else if (!pool.includes(id)) pool.push(id)
  }
  const visit = (record: Record<string, unknown>, key: string) => {
    if (typeof record['id'] === 'string') add(key, record['id'])
    if (key === 'file' && typeof record['name'] === 'string') add('file', record['name'])
    if (typeof record['code'] === 'string') add(`${key}.code`, record['code'])
  }
  const walk = (node: unknown, key: string) => {
    if (Array.isArray(node)) {
      for (const item of node) {
        if (item !== null && typeof item === 'object' && !Array.isArray(item)) visit(item as Record<string, unknown>, key)
        walk(item, key)
      }
    } else if (node !== null && typeof node === 'object') {
      for (const [childKey, child] of Object.entries(node)) {
        const k = collectionKey(childKey)
        if (child !== null && typeof child === 'object' && !Array.isArray(child)) visit(child as Record<string, unknown>, k)
        walk(child, k)
      }
    }
  }
  walk(value, 'world')
  return pools
}

// What a path segment or a field names, when its word differs from the collection's.
const ALIASES: Record<string, string> = {
  group: 'bookinggroup',
  block: 'raffleblock',
  hosting: 'hostingroom',
  room: 'hostingroom',
  method: 'paymentmethod',
  paymentmethod: 'paymentmethod',
}

const poolFor = (pools: Map<string, string[]>, name: string): string[] | undefined => {
  const key = collectionKey(name.replace(/_?ids?$|Ids?$/, ''))
  const pool = pools.get(ALIASES[key] ?? key)
  return pool !== undefined && pool.length > 0 ? pool : undefined
}

// ── schemas ──

export type ContractView = {
  contract: ContractIndex
  validator: SchemaValidator
  doc: Record<string, unknown>
  resolve(schema: unknown): Schema
  operationObject(op: OperationSpec): Record<string, unknown>
}

export const viewContract = (contract: ContractIndex): ContractView => {
  const doc = contract.documents.get(contract.rootUrl) as Record<string, unknown>
  const resolve = (schema: unknown): Schema => {
    let current = schema as Schema
    for (let hops = 0; hops < 20 && current !== null && typeof current === 'object' && typeof current['$ref'] === 'string'; hops += 1) {
      current = getAtPointer(doc, (current['$ref'] as string).replace(/^#/, '')) as Schema
    }
    return current ?? {}
  }
  return {
    contract,
    validator: createSchemaValidator(contract),
    doc,
    resolve,
    operationObject: (op) => getAtPointer(doc, op.location.pointer) as Record<string, unknown>,
  }
}

/**
 * A value valid for the schema at `location`: the conformance engine's generator, the one the CLI's
 * checks use too (a schema-valid value, checked by ajv), the same for a given random state.
 */
const generate = (view: ContractView, location: SchemaLocation | undefined, random: Random): Json =>
  location === undefined ? null : (fc.sample(validValues(view.contract, view.validator, location), { seed: random.int(2 ** 31), numRuns: 1 })[0] as Json)

/** The contract's example body (first of `examples`), if any. */
const exampleBody = (view: ContractView, op: OperationSpec, random: Random): Json | undefined => {
  const content = ((view.operationObject(op)['requestBody'] as Schema | undefined)?.['content'] ?? {}) as Record<string, Schema>
  const json = content['application/json']
  if (json === undefined) return undefined
  if (json['example'] !== undefined) return structuredClone(json['example'] as Json)
  const examples = json['examples'] as Record<string, Schema> | undefined
  if (examples === undefined) return undefined
  const chosen = view.resolve(random.pick(Object.values(examples)))
  return chosen['value'] === undefined ? undefined : structuredClone(chosen['value'] as Json)
}

/** Replaces id-like fields of an example (mem-1, pk-1…) with ids of the world, recursively. */
const withWorldIds = (value: Json, random: Random, pools: Map<string, string[]>, name = ''): Json => {
  if (Array.isArray(value)) return value.map((item) => withWorldIds(item, random, pools, name.replace(/s$/, '')))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, withWorldIds(child, random, pools, key)]))
  }
  if (typeof value === 'string' && /(^|_)ids?$|Id$/.test(name)) {
    const pool = poolFor(pools, name)
    if (pool !== undefined && pool.length > 0) return random.pick(pool)
  }
  return value
}

// ── mutations ──

const HUGE = 100_000

/** Odd path parameter values (encoded as they would appear in a URL). */
const ODD_SEGMENTS = [
  '..',
  '%2e%2e',
  '%2E%2E%2F%2E%2E',
  '%00',
  '%25',
  '%',
  '%E0%A4%A',
  '%FF',
  '%C3%B1',
  '%F0%9F%98%80',
  'a%2Fb',
  '%20',
  '%0A',
  '%3Cscript%3E',
  "'%20OR%201%3D1%20--",
  'null',
  'undefined',
  '0',
  '-1',
  '1e999',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(3000),
  '%C3%B1'.repeat(400),
]

const BAD_JSON = [
  '{',
  '{"a":',
  '[1,2',
  "{'a':1}",
  '{"a":1}garbage',
  'NaN',
  '{"a":undefined}',
  '\u0000',
  '{"a":"\\x"}',
  '{"__proto__":{"polluted":true}}',
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  `"${'ñ'.repeat(HUGE)}"`,
  'null',
  '123',
  '"text"',
  '[]',
  'true',
  '',
  ' ',
]

const ODD_TOKENS = ['tok_deadbeef', '', 'null', 'undefined', 'tok_' + 'a'.repeat(HUGE), 'tok_ñ', 'tok_%00', '"tok"', 'tok tok']

const otherType = (value: Json, random: Random): Json => {
  const candidates: Json[] = [123, -1, 1.5, 1e308, true, false, null, 'texto', '', [], {}, [1, 'a'], { a: 1 }, '2026-02-30', 'not-a-date']
  const different = candidates.filter((candidate) => typeof candidate !== typeof value || Array.isArray(candidate) !== Array.isArray(value))
  return random.pick(different.length > 0 ? different : candidates)
}

/** Paths to every value inside a JSON value (objects and arrays), for targeted mutations. */
const valuePaths = (value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] => {
  if (Array.isArray(value))
    value.forEach((item, i) => {
      out.push([...prefix, i])
      valuePaths(item, [...prefix, i], out)
    })
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      out.push([...prefix, key])
      valuePaths(child, [...prefix, key], out)
    }
  }
  return out
}

const getAt = (value: Json, path: (string | number)[]): Json => path.reduce<Json>((node, key) => (node as Record<string, Json>)[key as string] as Json, value)
const setAt = (value: Json, path: (string | number)[], next: Json | undefined): Json => {
  const copy = structuredClone(value)
  const parent = getAt(copy, path.slice(0, -1)) as Record<string, Json> | Json[]
  const key = path[path.length - 1]!
  if (next === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1)
    else delete parent[key as string]
  } else (parent as Record<string, Json>)[key as string] = next
  return copy
}

// ── cases ──

export type GeneratorContext = {
  view: ContractView
  random: Random
  /** ids of the whole world */
  pools: Map<string, string[]>
  /** ids the main customer can see (harvested from its own API answers); valid requests use these */
  own: Map<string, string[]>
  tokens: Tokens
}

/** The valid request of an operation: real ids, a body from the contract, the right agency and token. */
const validCase = (ctx: GeneratorContext, op: OperationSpec): FuzzCase & { json?: Json } => {
  const { random, tokens } = ctx
  // Mostly the customer's own ids, sometimes anyone's.
  const pools = random.chance(0.85) ? merged(ctx.own, ctx.pools) : ctx.pools
  // The agency on every call (findAgency ignores it); a token wherever the contract takes one.
  const headers: Record<string, string> = { agencyId: AGENCY }
  if (op.bearer !== 'none')
    headers['Authorization'] = `Bearer ${op.operationId === 'logout' ? tokens.spare : random.chance(0.8) ? tokens.own : random.pick(tokens.others)}`
  const segments = op.path.split('/')
  const path = segments
    .map((segment, i) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1]
      if (param === undefined) return segment
      // the pool of the collection the path names before the param (/booking/{id}, /invoice/{invoiceId})
      const pool = poolFor(pools, param === 'id' ? (segments[i - 1] ?? '') : param) ?? poolFor(pools, segments[i - 1] ?? '') ?? []
      return encodeURIComponent(pool.length > 0 ? random.pick(pool) : 'x')
    })
    .join('/')
  const query = new URLSearchParams()
  for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
    if (!parameter.required && random.chance(0.5)) continue
    query.set(parameter.name, String(queryValue(ctx, pools, parameter)))
  }
  const jsonMedia = op.requestBody?.content.find((c) => c.mediaType === 'application/json')
  const json =
    jsonMedia === undefined ? undefined : withWorldIds(exampleBody(ctx.view, op, random) ?? generate(ctx.view, jsonMedia.schema, random), random, pools)
  let body: string | FormData | undefined
  if (json !== undefined) {
    body = JSON.stringify(json)
    headers['Content-Type'] = 'application/json'
  } else if (op.requestBody?.content.some((c) => c.mediaType === 'multipart/form-data')) {
    body = uploadForm(random)
  }
  const search = query.toString()
  return {
    kind: 'valid',
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    path: `${API_PATH}${path}${search ? `?${search}` : ''}`,
    headers,
    body,
    json,
  }
}

const queryValue = (ctx: GeneratorContext, pools: Map<string, string[]>, parameter: ParameterSpec): Json => {
  const pool = poolFor(pools, parameter.name) ?? (parameter.name === 'code' ? (pools.get('bookinggroup.code') ?? pools.get('ballot.code')) : undefined)
  if (pool !== undefined && pool.length > 0) return ctx.random.pick(pool)
  return generate(ctx.view, parameter.schema, ctx.random)
}

/** `first`'s pools, with `second`'s for the collections `first` lacks. */
const merged = (first: Map<string, string[]>, second: Map<string, string[]>) => new Map([...second, ...[...first].filter(([, ids]) => ids.length > 0)])

const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'

const uploadForm = (random: Random, variant: 'ok' | 'huge' | 'not-pdf' | 'no-file' | 'odd-name' = 'ok'): FormData => {
  const form = new FormData()
  if (variant === 'no-file') {
    form.set('note', 'sin fichero')
    return form
  }
  const content = variant === 'huge' ? PDF + 'x'.repeat(3 * 1024 * 1024) : variant === 'not-pdf' ? 'MZ\u0090\u0000 not a pdf' : PDF
  const name = variant === 'odd-name' ? random.pick(['../../etc/passwd', 'ñ.pdf', '', 'a'.repeat(2000) + '.pdf', 'x.exe']) : 'dni.pdf'
  form.set(
    'file',
    new Blob([content], { type: variant === 'not-pdf' ? random.pick(['application/pdf', 'application/x-msdownload']) : 'application/pdf' }),
    name,
  )
  return form
}

type Mutation = (ctx: GeneratorContext, valid: FuzzCase & { json?: Json }, op: OperationSpec) => FuzzCase | null

const withBody = (valid: FuzzCase, kind: string, body: string, contentType = 'application/json'): FuzzCase => ({
  ...valid,
  kind,
  body,
  headers: { ...valid.headers, 'Content-Type': contentType },
})

const MUTATIONS: Record<string, Mutation> = {
  'wrong-type': ({ random }, valid) => {
    if (valid.json === undefined) return null
    const paths = valuePaths(valid.json)
    if (paths.length === 0) return withBody(valid, 'wrong-type', JSON.stringify(otherType(valid.json, random)))
    const path = random.pick(paths)
    return withBody(valid, 'wrong-type', JSON.stringify(setAt(valid.json, path, otherType(getAt(valid.json, path), random))))
  },
  'missing-field': ({ random }, valid) => {
    if (valid.json === null || typeof valid.json !== 'object' || Array.isArray(valid.json)) return null
    const paths = valuePaths(valid.json).filter((p) => typeof p[p.length - 1] === 'string')
    if (paths.length === 0) return null
    // top-level fields most of the time: that is where the required ones are
    const top = paths.filter((p) => p.length === 1)
    const path = random.chance(0.7) && top.length > 0 ? random.pick(top) : random.pick(paths)
    return withBody(valid, 'missing-field', JSON.stringify(setAt(valid.json, path, undefined)))
  },
  'empty-object': (_ctx, valid) => (valid.json === undefined ? null : withBody(valid, 'empty-object', '{}')),
  'huge-string': ({ random }, valid) => {
    if (valid.json === undefined) return null
    const paths = valuePaths(valid.json).filter((p) => typeof getAt(valid.json!, p) === 'string')
    const huge = random.pick(['x'.repeat(HUGE), 'ñ'.repeat(HUGE / 2), '😀'.repeat(HUGE / 4), '\u200f'.repeat(HUGE / 2)])
    if (paths.length === 0) return withBody(valid, 'huge-string', JSON.stringify({ ...(valid.json as object), extra: huge }))
    return withBody(valid, 'huge-string', JSON.stringify(setAt(valid.json, random.pick(paths), huge)))
  },
  'huge-array': ({ random }, valid) => {
    if (valid.json === undefined) return null
    const paths = valuePaths(valid.json).filter((p) => Array.isArray(getAt(valid.json!, p)))
    const path = paths.length > 0 ? random.pick(paths) : null
    const sample = path === null ? 'x' : ((getAt(valid.json, path) as Json[])[0] ?? 'x')
    const huge = Array.from({ length: 10_000 }, () => sample)
    if (path === null)
      return withBody(valid, 'huge-array', random.chance(0.5) ? JSON.stringify(huge) : JSON.stringify({ ...(valid.json as object), items: huge }))
    return withBody(valid, 'huge-array', JSON.stringify(setAt(valid.json, path, huge)))
  },
  'odd-strings': ({ random }, valid) => {
    if (valid.json === undefined) return null
    const paths = valuePaths(valid.json).filter((p) => typeof getAt(valid.json!, p) === 'string')
    if (paths.length === 0) return null
    const odd = random.pick([
      '\ud800',
      '\u0000',
      '<script>alert(1)</script>',
      "'; DROP TABLE x; --",
      '   ',
      '\n',
      '%00',
      '../../etc/passwd',
      '١٢٣',
      'ñ́',
      '2026-02-30',
      '9999-99-99',
      '-1',
      'ES\u200b',
    ])
    return withBody(valid, 'odd-strings', JSON.stringify(setAt(valid.json, random.pick(paths), odd)))
  },
  'extra-fields': (_ctx, valid) => {
    if (valid.json === null || typeof valid.json !== 'object' || Array.isArray(valid.json)) return null
    return withBody(
      valid,
      'extra-fields',
      JSON.stringify({ ...valid.json, __proto__: { admin: true }, constructor: { prototype: { x: 1 } }, unknown_field: [1, 2, 3] }),
    )
  },
  'bad-json': ({ random }, valid, op) => (op.method === 'get' ? null : withBody(valid, 'bad-json', random.pick(BAD_JSON))),
  'wrong-content-type': ({ random }, valid) => {
    if (valid.body === undefined) return null
    const body = typeof valid.body === 'string' ? valid.body : JSON.stringify({ file: 'no' })
    return withBody(
      valid,
      'wrong-content-type',
      body,
      random.pick([
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        '',
      ]),
    )
  },
  'form-instead-of-json': (_ctx, valid) => {
    if (valid.json === undefined) return null
    const form = new FormData()
    form.set('field', 'value')
    return {
      ...valid,
      kind: 'form-instead-of-json',
      body: form,
      headers: Object.fromEntries(Object.entries(valid.headers).filter(([k]) => k !== 'Content-Type')),
    }
  },
  'upload-variants': ({ random }, valid, op) => {
    if (!op.requestBody?.content.some((c) => c.mediaType === 'multipart/form-data')) return null
    return { ...valid, kind: 'upload-variants', body: uploadForm(random, random.pick(['huge', 'not-pdf', 'no-file', 'odd-name'] as const)) }
  },
  'no-token': (_ctx, valid) => {
    const headers = { ...valid.headers }
    delete headers['Authorization']
    return { ...valid, kind: 'no-token', headers }
  },
  'bad-token': ({ random }, valid) => ({
    ...valid,
    kind: 'bad-token',
    headers: {
      ...valid.headers,
      Authorization: random.pick([
        `Bearer ${random.pick(ODD_TOKENS)}`,
        'Bearer',
        'Basic YWxhZGRpbjpvcGVuc2VzYW1l',
        'tok_deadbeef',
        `bearer  ${random.pick(ODD_TOKENS)}`,
      ]),
    },
  }),
  'expired-token': ({ tokens }, valid) => ({ ...valid, kind: 'expired-token', headers: { ...valid.headers, Authorization: `Bearer ${tokens.expired}` } }),
  'other-tenant-token': ({ tokens }, valid) => ({
    ...valid,
    kind: 'other-tenant-token',
    headers: { ...valid.headers, Authorization: `Bearer ${tokens.otherTenant}` },
  }),
  'other-customer': ({ tokens, random }, valid) => ({
    ...valid,
    kind: 'other-customer',
    headers: { ...valid.headers, Authorization: `Bearer ${random.pick(tokens.others)}` },
  }),
  'other-agency': ({ random, tokens }, valid) => ({
    ...valid,
    kind: 'other-agency',
    headers: { ...valid.headers, agencyId: OTHER_AGENCY, ...(random.chance(0.5) ? { Authorization: `Bearer ${tokens.otherTenant}` } : {}) },
  }),
  'bad-agency': ({ random }, valid) => {
    const headers = { ...valid.headers }
    const value = random.pick([undefined, '', 'ag-nope', 'AG-SOL', 'ag-sol ', 'x'.repeat(10_000), 'ag-ñ', 'ag-sol, ag-norte'])
    if (value === undefined) delete headers['agencyId']
    else headers['agencyId'] = value
    return { ...valid, kind: 'bad-agency', headers }
  },
  'odd-path-param': ({ random }, valid, op) => {
    if (!op.path.includes('{')) return null
    const segments = valid.path.split('?')[0]!.split('/')
    const template = `${API_PATH}${op.path}`.split('/')
    const positions = template.map((s, i) => (/^\{.+\}$/.test(s) ? i : -1)).filter((i) => i >= 0)
    segments[random.pick(positions)] = random.pick(ODD_SEGMENTS)
    const query = valid.path.includes('?') ? `?${valid.path.split('?')[1]}` : ''
    return { ...valid, kind: 'odd-path-param', path: `${segments.join('/')}${query}` }
  },
  'other-collection-id': ({ random, pools }, valid, op) => {
    if (!op.path.includes('{')) return null
    const segments = valid.path.split('?')[0]!.split('/')
    const template = `${API_PATH}${op.path}`.split('/')
    const positions = template.map((s, i) => (/^\{.+\}$/.test(s) ? i : -1)).filter((i) => i >= 0)
    const all = [...pools.values()].flat()
    segments[random.pick(positions)] = encodeURIComponent(random.pick(all))
    const query = valid.path.includes('?') ? `?${valid.path.split('?')[1]}` : ''
    return { ...valid, kind: 'other-collection-id', path: `${segments.join('/')}${query}` }
  },
  'bad-query': ({ random }, valid, op) => {
    const [base, search = ''] = valid.path.split('?') as [string, string?]
    const query = new URLSearchParams(search)
    const params = op.parameters.filter((p) => p.in === 'query')
    const choice = random.int(5)
    if (choice === 0 && params.length > 0)
      query.set(random.pick(params).name, random.pick(['abc', '-1', '0', '1e999', '9'.repeat(400), '', 'null', '[]', 'ñ', 'x'.repeat(5000)]))
    else if (choice === 1 && params.length > 0) {
      const name = random.pick(params).name
      query.append(name, '1')
      query.append(name, '2')
    } else if (choice === 2 && params.some((p) => p.required)) query.delete(params.find((p) => p.required)!.name)
    else if (choice === 3) query.set(random.pick(['__proto__', 'constructor', 'page[]', 'x'.repeat(200)]), '1')
    else query.set('per_page', random.pick(['100000', '-5', '1.5']))
    const text = query.toString()
    return { ...valid, kind: 'bad-query', path: `${base}${text ? `?${text}` : ''}` }
  },
  'wrong-method': ({ random }, valid) => ({
    ...valid,
    kind: 'wrong-method',
    operationId: undefined,
    method: random.pick(['PATCH', 'DELETE', 'HEAD', 'OPTIONS', valid.method === 'GET' ? 'POST' : 'GET']),
  }),
  'trailing-junk-path': ({ random }, valid) => {
    const [base, search] = valid.path.split('?') as [string, string?]
    const junk = random.pick(['/', '//', '/extra', '/%2e%2e/admin', '/.json', ';jsessionid=1', '%20'])
    // a trailing slash still names the operation; anything else is an unknown path
    return {
      ...valid,
      kind: 'trailing-junk-path',
      operationId: junk === '/' ? valid.operationId : undefined,
      path: `${base}${junk}${search ? `?${search}` : ''}`,
    }
  },
}

export const MUTATION_KINDS = Object.keys(MUTATIONS)

/** Unknown paths, in and out of the API. */
export const unknownPathCase = (ctx: GeneratorContext): FuzzCase => {
  const { random } = ctx
  const word = () => random.pick(['admin', 'users', 'booking', 'travelgroup', 'x', '..', '%2e', 'ñ', '__mock', 'api', 'customer', '0', 'null'])
  const path = random.pick([
    () => `${API_PATH}/${word()}/${word()}/${word()}`,
    () => `${API_PATH}/${random.pick(['bookings', 'travelgroups', 'auth/me', 'payments', 'admin', ''])}`,
    () => `/${word()}`,
    () => `/api/${word()}`,
    () => `${API_PATH}/booking/${word()}/${word()}/${word()}/${word()}`,
    () => `/api/customer/x/api/customer/${word()}`,
    () => `${API_PATH}/${'a/'.repeat(500)}`,
  ])()
  return {
    kind: 'unknown-path',
    method: random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']),
    path,
    headers: { agencyId: AGENCY, Authorization: `Bearer ${ctx.tokens.own}` },
  }
}

/** One round: every operation's valid request and `mutationsPerOperation` mutations of it, plus unknown paths. */
export const roundOfCases = (ctx: GeneratorContext, mutationsPerOperation: number, unknownPaths: number): FuzzCase[] => {
  const cases: FuzzCase[] = []
  for (const op of ctx.view.contract.operations.values()) {
    const valid = validCase(ctx, op)
    cases.push(valid)
    let made = 0
    for (let attempt = 0; made < mutationsPerOperation && attempt < mutationsPerOperation * 4; attempt += 1) {
      const mutation = MUTATIONS[ctx.random.pick(MUTATION_KINDS)]!
      const mutated = mutation(ctx, valid, op)
      if (mutated === null) continue
      cases.push(mutated)
      made += 1
    }
  }
  for (let i = 0; i < unknownPaths; i += 1) cases.push(unknownPathCase(ctx))
  // Shuffled (Fisher–Yates): writes land between reads in every order, not in the contract's.
  for (let i = cases.length - 1; i > 0; i -= 1) {
    const j = ctx.random.int(i + 1)
    ;[cases[i], cases[j]] = [cases[j]!, cases[i]!]
  }
  return cases
}
