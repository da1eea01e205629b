import { isSpanishId } from '../../core/document-number.ts'
import { isValidIban } from '../../core/iban.ts'
import type { ContractIndex, SchemaLocation } from './contract-index.ts'
import { joinPointer } from './json-pointer.ts'
import { schemaAt } from './schema-values.ts'
import type { AnswerScan } from './response-checker.ts'
import { readablePath } from './schema-validator.ts'

// Excessive data exposure (OWASP API Security Top 10 2023, API3): an answer that carries a credential,
// a password hash or a token no schema asked for. A schema that allows extra properties lets such a
// field through validation; this reads the answer against the schema for what it does not declare.
//   - an undeclared property whose name says secret (password, hash, token, api_key, session, otp ...),
//     or whose value looks like one (a password hash, a JWT, a private key, a cloud access key);
//   - a password hash, a private key or a full card number anywhere, declared or not: no customer answer needs one;
//   - an IBAN or an identity document number in a property the contract does not declare.
// A declared token (the sign-in's own `token`) is what the contract promises, and is fine.

export type ExposedSecret = {
  /** JSON pointer of the property in the answer */
  pointer: string
  /** why it looks secret: `name "password_hash"`, `a bcrypt hash` */
  why: string
  declared: boolean
}

/** Name words that say a value is a credential. Matched on whole words of snake, kebab or camel case. */
const secretWords = new Set([
  'password',
  'passwd',
  'pwd',
  'hash',
  'hashed',
  'digest',
  'secret',
  'token',
  'apikey',
  'session',
  'sessionid',
  'otp',
  'totp',
  'salt',
  'credential',
  'credentials',
  'cvv',
  'cvc',
  'pin',
  'privatekey',
  'mfa',
])

function nameWords(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  // api_key, private-key, session_id: also as one word
  const pairs = words.slice(1).map((word, index) => `${words[index]}${word}`)
  return [...words, ...pairs]
}

/** Names seen before (an answer repeats its keys on every item); a Map, so any key is safe, and bounded. */
const namesRead = new Map<string, boolean>()

export function secretName(name: string): boolean {
  let secret = namesRead.get(name)
  if (secret === undefined) {
    secret = nameWords(name).some((word) => secretWords.has(word))
    if (namesRead.size < 10_000) namesRead.set(name, secret)
  }
  return secret
}

/** Values that are secrets whatever they are called; `always` ones are a finding even in a declared field. */
const secretValues: ReadonlyArray<{ what: string; test: RegExp; always: boolean }> = [
  { what: 'a bcrypt hash', test: /^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/, always: true },
  { what: 'an argon2 hash', test: /^\$argon2(?:id|i|d)\$/, always: true },
  { what: 'a scrypt hash', test: /^(?:\$scrypt\$|\$7\$)/, always: true },
  { what: 'a PBKDF2 hash', test: /^(?:pbkdf2_sha\d+\$|\$pbkdf2(?:-sha\d+)?\$)/, always: true },
  { what: 'a SHA-crypt hash', test: /^\$[56]\$(?:rounds=\d+\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{43,86}$/, always: true },
  { what: 'a private key', test: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/, always: true },
  { what: 'an AWS access key', test: /^(?:AKIA|ASIA)[0-9A-Z]{16}$/, always: true },
  { what: 'a JSON Web Token', test: /^eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*$/, always: false },
]

/** How every secret value above starts: most strings are ruled out by their first characters. */
const secretStart = /^(?:\$|-----BEGIN|eyJ|AKIA|ASIA|pbkdf2_)|-----BEGIN/

export function secretValue(value: unknown): { what: string; always: boolean } | undefined {
  if (typeof value !== 'string') return undefined
  if (value.length >= 16 && secretStart.test(value)) {
    const secret = secretValues.find((candidate) => candidate.test.test(value))
    if (secret !== undefined) return secret
  }
  return cardOrIdentity(value)
}

// Card and identity data (OWASP API3; PCI DSS keeps a full card number out of any answer): a full card number
// anywhere, as a string of 13–19 digits (spaces or dashes between) that passes Luhn — numbers and timestamps are not
// strings, and a run of one digit is no card; an IBAN or a Spanish DNI/NIE only in a property the contract does not
// declare (a booking's bank account and a passenger's document number are declared).
const CARD = { what: 'a card number', always: true }
const IBAN = { what: 'an IBAN', always: false }
const IDENTITY = { what: 'an identity document number (DNI/NIE)', always: false }
const CARD_SHAPE = /^\d(?:[ -]?\d){12,18}$/
const IBAN_SHAPE = /^[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}$/

const passesLuhn = (digits: string): boolean => {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

function cardOrIdentity(value: string): { what: string; always: boolean } | undefined {
  if (value.length < 9 || value.length > 42) return undefined
  const first = value.charCodeAt(0)
  if (first >= 48 && first <= 57 && CARD_SHAPE.test(value)) {
    const digits = value.replace(/[ -]/g, '')
    return passesLuhn(digits) && !/^(\d)\1+$/.test(digits) ? CARD : undefined
  }
  if (isSpanishId(value)) return IDENTITY
  if (first >= 65 && first <= 90 && IBAN_SHAPE.test(value)) return isValidIban(value) ? IBAN : undefined
  return undefined
}

type Schema = Record<string, unknown>
const isRecord = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value)

/** What a schema says about the members of an object or array: every branch of allOf/anyOf/oneOf counts. */
type Shape = {
  /** property name → the schemas that declare it */
  properties: Map<string, SchemaLocation[]>
  /** schemas for properties not named (additionalProperties, patternProperties): declared as a map */
  extra: SchemaLocation[]
  /** no word on properties at all (`{}`, a bare type: object): nothing can be called undeclared */
  open: boolean
  items: SchemaLocation[]
}

/** Shapes by schema location, once per contract: an answer visits the same schemas over and over (each list item). */
const shapes = new WeakMap<ContractIndex, Map<string, Shape>>()

function shapeOf(contract: ContractIndex, at: SchemaLocation): Shape {
  let known = shapes.get(contract)
  if (known === undefined) shapes.set(contract, (known = new Map()))
  const key = `${at.documentUrl}#${at.pointer}`
  let shape = known.get(key)
  if (shape === undefined) known.set(key, (shape = shapeAt(contract, at, new Set())))
  return shape
}

function shapeAt(contract: ContractIndex, at: SchemaLocation, seen: Set<string>): Shape {
  const shape: Shape = { properties: new Map(), extra: [], open: false, items: [] }
  const located = schemaAt(contract, at)
  const key = located === undefined ? '' : `${located.at.documentUrl}#${located.at.pointer}`
  if (located === undefined || seen.has(key)) return { ...shape, open: true }
  seen.add(key)
  const { schema } = located
  const child = (...segments: Array<string | number>): SchemaLocation => ({
    documentUrl: located.at.documentUrl,
    pointer: joinPointer(located.at.pointer, ...segments),
  })
  let said = false
  if (isRecord(schema['properties'])) {
    said = true
    for (const name of Object.keys(schema['properties'])) shape.properties.set(name, [child('properties', name)])
  }
  if (schema['additionalProperties'] !== undefined && schema['additionalProperties'] !== false) {
    said = true
    if (schema['additionalProperties'] === true) shape.open = true
    else shape.extra.push(child('additionalProperties'))
  } else if (schema['additionalProperties'] === false) said = true
  if (isRecord(schema['patternProperties'])) {
    said = true
    for (const pattern of Object.keys(schema['patternProperties'])) shape.extra.push(child('patternProperties', pattern))
  }
  if (schema['items'] !== undefined && typeof schema['items'] === 'object') shape.items.push(child('items'))
  if (Array.isArray(schema['prefixItems'])) schema['prefixItems'].forEach((_item, index) => shape.items.push(child('prefixItems', index)))
  for (const combinator of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[combinator]
    if (!Array.isArray(branches)) continue
    branches.forEach((_branch, index) => {
      const inner = shapeAt(contract, child(combinator, index), seen)
      said = said || inner.properties.size > 0 || inner.extra.length > 0 || inner.open
      if (inner.open) shape.open = true
      for (const [name, locations] of inner.properties) shape.properties.set(name, [...(shape.properties.get(name) ?? []), ...locations])
      shape.extra.push(...inner.extra)
      shape.items.push(...inner.items)
    })
  }
  if (!said) shape.open = true
  return shape
}

/**
 * The secrets an answer shows: undeclared properties that look secret by name or value, and hashes or
 * private keys anywhere. `at` is the answer's schema; undefined reads everything as undeclared.
 */
export function exposedSecrets(contract: ContractIndex, at: SchemaLocation | undefined, json: unknown, limit = 10): ExposedSecret[] {
  const found: ExposedSecret[] = []
  // A path is kept as a chain of parents and made into a pointer only for what is found.
  type Path = { parent: Path | undefined; segment: string | number } | undefined
  const pointerOf = (path: Path): string => {
    const segments: Array<string | number> = []
    for (let step = path; step !== undefined; step = step.parent) segments.push(step.segment)
    return joinPointer('', ...segments.reverse())
  }
  const visit = (value: unknown, locations: readonly SchemaLocation[], path: Path, declared: boolean, depth: number): void => {
    if (found.length >= limit || depth > 24) return
    if (Array.isArray(value)) {
      const items = locations.flatMap((location) => shapeOf(contract, location).items)
      value.forEach((item, index) => visit(item, items, { parent: path, segment: index }, declared && items.length > 0, depth + 1))
      return
    }
    if (!isRecord(value)) return
    const shapes = locations.map((location) => shapeOf(contract, location))
    // an object the schema leaves open says nothing of its members; one it does not declare at all (no schema
    // reached it) has only undeclared members, each read by its name
    const open = declared ? shapes.length === 0 || shapes.some((shape) => shape.open) : shapes.some((shape) => shape.open)
    for (const name of Object.keys(value)) {
      const child = value[name]
      const named = shapes.length === 1 ? (shapes[0]!.properties.get(name) ?? []) : shapes.flatMap((shape) => shape.properties.get(name) ?? [])
      const mapped = named.length === 0 ? shapes.flatMap((shape) => shape.extra) : []
      // Declared: named by the schema, or a member of a map the schema types; in an open object nothing is known.
      const isDeclared = declared && (named.length > 0 || mapped.length > 0)
      const childPath = { parent: path, segment: name }
      const looks = secretValue(child)
      if (!isDeclared && !open && child !== null && child !== '' && secretName(name)) {
        found.push({ pointer: pointerOf(childPath), why: `an undeclared property named "${name}"`, declared: false })
      } else if (looks !== undefined && (looks.always || !isDeclared)) {
        found.push({ pointer: pointerOf(childPath), why: `${looks.what}${isDeclared ? '' : ' in an undeclared property'}`, declared: isDeclared })
      }
      if (child !== null && typeof child === 'object') visit(child, named.length > 0 ? named : mapped, childPath, isDeclared, depth + 1)
    }
  }
  if (at === undefined) visit(json, [], undefined, false, 0)
  else visit(json, [at], undefined, true, 0)
  return found
}

/**
 * The scan of every answer's JSON body for what exposedSecrets finds (its response checker runs it): one
 * finding per place and reason, the same field on every item of a list one, with how many.
 */
export function exposureScan(contract: ContractIndex): AnswerScan {
  return {
    kind: 'exposure',
    scan({ json, media }) {
      if (media === undefined || json === undefined) return []
      const places = new Map<string, number>()
      for (const secret of exposedSecrets(contract, media.schema, json, 100)) {
        const place = `${readablePath(secret.pointer).replace(/\[\d+\]/g, '[*]')}: ${secret.why}`
        places.set(place, (places.get(place) ?? 0) + 1)
      }
      return [...places].map(([place, count]) => ({
        expected: 'no card number anywhere; no credential, password hash, token, IBAN or identity document the contract does not declare',
        actual: `${place}${count > 1 ? ` (${count} times)` : ''}`,
      }))
    },
  }
}
