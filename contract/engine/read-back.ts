import type { ContractIndex, SchemaLocation } from './contract-index.ts'
import { joinPointer } from './json-pointer.ts'
import { readablePath } from './schema-validator.ts'
import { schemaAt } from './schema-values.ts'

// What a write sent, found again in what a read answers: a backend whose answers are all schema-valid may
// still store a date a day off (a time-zone bug), mangle accents (a wrong character set) or store nothing.
//   - round trip: every field sent reads back equal, or as the request schema's `x-normalised` says it is
//     stored (trim, upper-case, lower-case, no-spaces);
//   - read-only fields: what the resource shows but the request does not take (ids, status, validity,
//     amounts) — sent anyway, it must not be applied (OWASP API Security Top 10 2023, API3).
// Each object in the body (the body itself, a buyer, each passenger) is looked for in the read on its own:
// inside the object whose `id` one of its `…_id` fields names (a member_id), else anywhere, as the object
// holding the most of its field names, then the most of its values.

type Json = Record<string, unknown>
const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value)

export type Normalisation = 'trim' | 'upper-case' | 'lower-case' | 'no-spaces'
const normalisationOrder: readonly Normalisation[] = ['trim', 'upper-case', 'lower-case', 'no-spaces']

/** An object of the body, with its fields that can be compared (scalars and lists of scalars). */
export type SentObject = { pointer: string; fields: Json; anchors: string[] }

/** A field that did not read back as sent. */
export type ReadBackMismatch = {
  /** where in the body it was sent: `$.members[1].birthdate` */
  field: string
  sent: unknown
  /** what the read answered there (undefined: the field, or the object, is not there) */
  read: unknown
  /** where in the read it was looked for ('' when the answer shows the object nowhere) */
  where: string
}

export type ReadBack = {
  /** fields compared */
  compared: number
  mismatches: ReadBackMismatch[]
  /** objects of the body the read does not show (too few of their field names anywhere): not compared */
  unplaced: string[]
}

/** Names of reference fields (`member_id`, `pack_id`) and of fields never compared (credentials, keys). */
const isAnchor = (name: string) => name === 'id' || name.endsWith('_id') || name.endsWith('Id')
const neverCompared = /password|token|secret|idempotency|accept_terms|return_url/i

/** Every object of a body that has fields to compare, with the ids it names. */
export function sentObjects(body: unknown, pointer = ''): SentObject[] {
  if (Array.isArray(body)) return body.flatMap((item, index) => sentObjects(item, joinPointer(pointer, index)))
  if (!isRecord(body)) return []
  const fields: Json = {}
  const anchors: string[] = []
  const nested: SentObject[] = []
  for (const [name, value] of Object.entries(body)) {
    if (isAnchor(name)) {
      if (typeof value === 'string' && value !== '') anchors.push(value)
    } else if (neverCompared.test(name)) continue
    else if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) fields[name] = value
    else nested.push(...sentObjects(value, joinPointer(pointer, name)))
  }
  // a nested object is inside what its parent names
  for (const child of nested) child.anchors = [...new Set([...child.anchors, ...anchors])]
  return [...(Object.keys(fields).length > 0 ? [{ pointer, fields, anchors }] : []), ...nested]
}

/** The `x-normalised` of the request property at `pointer` (through allOf/anyOf/oneOf, items and $ref). */
export function normalisationsAt(contract: ContractIndex, at: SchemaLocation, pointer: string): Normalisation[] {
  const segments = pointer.split('/').slice(1)
  let locations: SchemaLocation[] = [at]
  for (const segment of segments) {
    const next: SchemaLocation[] = []
    for (const location of locations) next.push(...childSchemas(contract, location, segment))
    locations = next
  }
  const found = new Set<Normalisation>()
  for (const location of locations) {
    for (const located of branches(contract, location)) {
      const declared = located.schema['x-normalised']
      for (const item of Array.isArray(declared) ? declared : []) if (normalisationOrder.includes(item as Normalisation)) found.add(item as Normalisation)
    }
  }
  return normalisationOrder.filter((item) => found.has(item))
}

/** The names a request schema takes at an object (every branch counted); undefined when it says none. */
export function acceptedNames(contract: ContractIndex, at: SchemaLocation, pointer: string): Set<string> | undefined {
  let locations: SchemaLocation[] = [at]
  for (const segment of pointer.split('/').slice(1)) locations = locations.flatMap((location) => childSchemas(contract, location, segment))
  const names = new Set<string>()
  let open = false
  for (const location of locations) {
    for (const located of branches(contract, location)) {
      if (isRecord(located.schema['properties'])) for (const name of Object.keys(located.schema['properties'])) names.add(name)
      else if (located.schema['additionalProperties'] !== undefined && located.schema['additionalProperties'] !== false) open = true
    }
  }
  return names.size === 0 || open ? undefined : names
}

type Located = { schema: Json; at: SchemaLocation }

function branches(contract: ContractIndex, at: SchemaLocation, depth = 0): Located[] {
  const located = schemaAt(contract, at)
  if (located === undefined || depth > 8) return []
  const result: Located[] = [located]
  for (const combinator of ['allOf', 'anyOf', 'oneOf']) {
    const list = located.schema[combinator]
    if (!Array.isArray(list)) continue
    list.forEach((_item, index) => {
      result.push(...branches(contract, { documentUrl: located.at.documentUrl, pointer: joinPointer(located.at.pointer, combinator, index) }, depth + 1))
    })
  }
  return result
}

function childSchemas(contract: ContractIndex, at: SchemaLocation, segment: string): SchemaLocation[] {
  const result: SchemaLocation[] = []
  for (const located of branches(contract, at)) {
    const child = (...rest: Array<string | number>) => ({ documentUrl: located.at.documentUrl, pointer: joinPointer(located.at.pointer, ...rest) })
    if (/^\d+$/.test(segment) && located.schema['items'] !== undefined) result.push(child('items'))
    else if (isRecord(located.schema['properties']) && segment in located.schema['properties']) result.push(child('properties', segment))
  }
  return result
}

const normalise = (value: unknown, steps: readonly Normalisation[]): unknown => {
  if (typeof value !== 'string') return value
  let text = value
  for (const step of steps) {
    if (step === 'trim') text = text.trim()
    if (step === 'upper-case') text = text.toUpperCase()
    if (step === 'lower-case') text = text.toLowerCase()
    if (step === 'no-spaces') text = text.replace(/[\s-]+/g, '')
  }
  return text
}

const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

/** Sent and read are the same value: equal after normalising, one instant written two ways, null and '' alike. */
export function sameValue(sent: unknown, read: unknown, steps: readonly Normalisation[] = []): boolean {
  const expected = normalise(sent, steps)
  if ((expected === null || expected === '') && (read === null || read === '' || read === undefined)) return true
  if (typeof expected === 'string' && typeof read === 'string' && instant.test(expected) && instant.test(read)) return Date.parse(expected) === Date.parse(read)
  return JSON.stringify(expected) === JSON.stringify(read)
}

type Node = { pointer: string; value: Json }

function objectNodes(value: unknown, pointer = '', into: Node[] = []): Node[] {
  if (Array.isArray(value)) value.forEach((item, index) => objectNodes(item, joinPointer(pointer, index), into))
  else if (isRecord(value)) {
    into.push({ pointer, value })
    for (const [name, child] of Object.entries(value)) objectNodes(child, joinPointer(pointer, name), into)
  }
  return into
}

/** The property an object sits under (`/guardians/1` → guardians, `/buyer` → buyer; the body itself: none). */
const keyOf = (pointer: string): string | undefined =>
  pointer
    .split('/')
    .slice(1)
    .reverse()
    .find((segment) => !/^\d+$/.test(segment))

/**
 * Where an object of the body shows in the read: undefined when too few of its field names are anywhere.
 * An object under a key (a guardian of `guardians`) is looked for among the read's objects under the same
 * key when the read has any; `taken` nodes (matched to another object of the body already) are passed over.
 */
export function locate(sent: SentObject, read: unknown, taken: ReadonlySet<string> = new Set()): Node | undefined {
  const nodes = objectNodes(read)
  const key = keyOf(sent.pointer)
  const sameKey = key === undefined ? [] : nodes.filter((node) => keyOf(node.pointer) === key)
  const candidates = (sameKey.length > 0 ? sameKey : nodes).filter((node) => !taken.has(node.pointer))
  // Inside what one of its ids names (the member a member_id names), when it shows there; else anywhere.
  for (const anchor of sent.anchors) {
    const owner = objectNodes(read).find((node) => node.value['id'] === anchor)
    if (owner === undefined) continue
    const found = bestMatch(
      sent,
      candidates.filter((node) => node.pointer === owner.pointer || node.pointer.startsWith(`${owner.pointer}/`)),
    )
    if (found !== undefined) return found
  }
  return bestMatch(sent, candidates)
}

/** The node holding the most of the object's field names (at least half, and two), then the most of its values. */
function bestMatch(sent: SentObject, nodes: readonly Node[]): Node | undefined {
  const names = Object.keys(sent.fields)
  const needed = Math.max(Math.min(2, names.length), Math.ceil(names.length / 2))
  let best: { node: Node; score: number } | undefined
  for (const node of nodes) {
    const present = names.filter((name) => Object.hasOwn(node.value, name))
    if (present.length < needed) continue
    const equal = present.filter((name) => sameValue(sent.fields[name], node.value[name])).length
    const score = present.length * 3 + equal
    if (best === undefined || score > best.score) best = { node, score }
  }
  return best?.node
}

/**
 * Whether the read's schema has a place for an object with these field names (an object schema naming at
 * least the share `locate` needs): then an answer without it has lost what was written.
 */
export function schemaHasPlaceFor(contract: ContractIndex, at: SchemaLocation, names: readonly string[]): boolean {
  const needed = Math.max(Math.min(2, names.length), Math.ceil(names.length / 2))
  const seen = new Set<string>()
  const pending: SchemaLocation[] = [at]
  while (pending.length > 0 && seen.size < 2000) {
    const location = pending.pop() as SchemaLocation
    for (const located of branches(contract, location)) {
      const key = `${located.at.documentUrl}#${located.at.pointer}`
      if (seen.has(key)) continue
      seen.add(key)
      const child = (...rest: Array<string | number>) => ({ documentUrl: located.at.documentUrl, pointer: joinPointer(located.at.pointer, ...rest) })
      const properties = located.schema['properties']
      if (isRecord(properties)) {
        if (names.filter((name) => name in properties).length >= needed) return true
        for (const name of Object.keys(properties)) pending.push(child('properties', name))
      }
      if (isRecord(located.schema['items'])) pending.push(child('items'))
    }
  }
  return false
}

/**
 * Compares what a write sent with what the read answers afterwards. `at` is the request body's schema;
 * `readAt` the read's answer schema: an object the answer does not show, where that schema has a place
 * for it, was not stored.
 */
export function readBack(contract: ContractIndex, at: SchemaLocation | undefined, sent: unknown, read: unknown, readAt?: SchemaLocation): ReadBack {
  const result: ReadBack = { compared: 0, mismatches: [], unplaced: [] }
  const taken = new Set<string>()
  for (const object of sentObjects(sent)) {
    const node = locate(object, read, taken)
    if (node !== undefined) taken.add(node.pointer)
    if (node === undefined) {
      const names = Object.keys(object.fields)
      // two fields at least: one name alone (a `reason`) is too little to say the read should show it
      if (readAt !== undefined && names.length >= 2 && schemaHasPlaceFor(contract, readAt, names)) {
        result.compared += names.length
        result.mismatches.push({ field: readablePath(object.pointer), sent: object.fields, read: undefined, where: '' })
      } else result.unplaced.push(readablePath(object.pointer))
      continue
    }
    for (const [name, value] of Object.entries(object.fields)) {
      if (!Object.hasOwn(node.value, name)) continue
      result.compared += 1
      const steps = at === undefined ? [] : normalisationsAt(contract, at, joinPointer(object.pointer, name))
      if (!sameValue(value, node.value[name], steps)) {
        result.mismatches.push({
          field: readablePath(joinPointer(object.pointer, name)),
          sent: value,
          read: node.value[name],
          where: readablePath(joinPointer(node.pointer, name)),
        })
      }
    }
  }
  return result
}

/** A field the read shows that the request does not take, and a value for it that differs from the read's. */
export type ReadOnlyProbe = { object: string; name: string; current: unknown; sent: unknown }

/**
 * The read-only fields of each object of the body, as the read shows them after a successful write: the
 * scalars the object's request schema does not name, each with another value of the same type.
 */
export function readOnlyProbes(
  contract: ContractIndex,
  at: SchemaLocation,
  sent: unknown,
  read: unknown,
  options: { rootIsRead?: boolean; readAt?: SchemaLocation } = {},
): ReadOnlyProbe[] {
  const probes: ReadOnlyProbe[] = []
  const objects = sentObjects(sent)
  // a create's body is the thing it makes: its root is the read's root, whatever fields it has to compare
  if (options.rootIsRead === true && isRecord(sent) && !objects.some((object) => object.pointer === ''))
    objects.unshift({ pointer: '', fields: {}, anchors: [] })
  for (const object of objects) {
    const node = options.rootIsRead === true && object.pointer === '' ? (isRecord(read) ? { pointer: '', value: read } : undefined) : locate(object, read)
    const accepted = acceptedNames(contract, at, object.pointer)
    if (node === undefined || accepted === undefined) continue
    for (const [name, current] of Object.entries(node.value)) {
      if (accepted.has(name) || !isScalar(current) || current === null) continue
      const choices = options.readAt === undefined ? [] : enumAt(contract, options.readAt, joinPointer(node.pointer, name))
      // another value the read's schema allows where it lists them (a status), so only the field's being set is tried
      probes.push({ object: object.pointer, name, current, sent: choices.find((choice) => !sameValue(choice, current)) ?? otherValue(current) })
    }
  }
  return probes
}

/** The values a read's schema lists at a pointer of its answer (every branch counted); none when it lists none. */
function enumAt(contract: ContractIndex, at: SchemaLocation, pointer: string): unknown[] {
  let locations: SchemaLocation[] = [at]
  for (const segment of pointer.split('/').slice(1)) locations = locations.flatMap((location) => childSchemas(contract, location, segment))
  return locations
    .flatMap((location) => branches(contract, location))
    .flatMap((located) => (Array.isArray(located.schema['enum']) ? located.schema['enum'] : []))
}

/** Another value of the same type: what a customer who sets a read-only field would send. */
export function otherValue(value: unknown): unknown {
  if (typeof value === 'boolean') return !value
  if (typeof value === 'number') return Number.isInteger(value) ? value + 1 : value + 0.5
  const text = String(value)
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return `${Number(text.slice(0, 4)) + 1}${text.slice(4)}`
  if (/^[a-z][a-z0-9_]*$/.test(text)) return `${text}_smoke`
  return `${text}-smoke`
}

/** The body with the probes' values added to their objects (prototype keys never written). */
export function withReadOnlyFields(body: unknown, probes: readonly ReadOnlyProbe[], value: (probe: ReadOnlyProbe) => unknown = (probe) => probe.sent): unknown {
  const copy = structuredClone(body) as unknown
  for (const probe of probes) {
    if (['__proto__', 'constructor', 'prototype'].includes(probe.name)) continue
    let target: unknown = copy
    for (const segment of probe.object.split('/').slice(1)) target = isRecord(target) || Array.isArray(target) ? (target as Json)[segment] : undefined
    if (isRecord(target)) Object.defineProperty(target, probe.name, { value: value(probe), enumerable: true, writable: true, configurable: true })
  }
  return copy
}
