import fc from 'fast-check'

import { asRecord } from '../../run/json-readers.ts'
import type { CallOptions, FormField } from '../../transport/api-types.ts'
import { isSecretKey } from '../../../../contract/engine/curl.ts'
import type { ContractIndex, MediaTypeSpec, OperationSpec, ParameterSpec } from '../../../../contract/engine/contract-index.ts'
import { parsePointer } from '../../../../contract/engine/json-pointer.ts'
import { bodyLeaves, parameterKey, type LinkedValue, type LinkPool } from './link-pool.ts'
import { schemaAt, validValues } from '../../../../contract/engine/schema-values.ts'
import type { SchemaValidator } from '../../../../contract/engine/schema-validator.ts'

// Builds a request for any operation from what the contract says and what
// the run has learned: path and query values from the link pool, a body that
// is valid for the operation's schema (its example when that validates, else
// a generated one, the same for a given seed).

export type RequestBase = {
  path: Record<string, string>
  query: Record<string, string>
  json?: unknown
  form?: FormField[]
  /** parameters no link has given a value for (placeholders were used) */
  placeholders: string[]
  /** body fields the links name that no answer gave (the example's value was left): valid data needs them */
  missingBody: string[]
  /** a path value is the customer's own (see LinkedValue.private): another customer must get 404 */
  privatePath: boolean
  /** the customer's own path values that this run did not make (a write there changes their real data) */
  untouchable: string[]
}

export type RequestBuilder = {
  base(operation: OperationSpec): RequestBase
  /** its JSON body carries credentials (a password): valid data would change them */
  changesCredentials(operation: OperationSpec): boolean
  callOptions(base: RequestBase, extra?: CallOptions): CallOptions
}

/** The operation's request body in one media type, if it takes one. */
export const requestMedia = (operation: OperationSpec, mediaType: 'application/json' | 'multipart/form-data'): MediaTypeSpec | undefined =>
  operation.requestBody?.content.find((item) => item.mediaType === mediaType)

/** `value` with the field at `pointer` set (objects and arrays made on the way); prototype keys are never written. */
function setAtPointer(value: unknown, pointer: string, field: unknown): unknown {
  const segments = parsePointer(pointer)
  if (segments.some((segment) => segment === '__proto__' || segment === 'constructor' || segment === 'prototype')) return value
  const root: unknown = value !== null && typeof value === 'object' ? value : {}
  let node = root as Record<string, unknown>
  segments.forEach((segment, index) => {
    if (index === segments.length - 1) {
      node[segment] = field
      return
    }
    const next = node[segment]
    node[segment] = next !== null && typeof next === 'object' ? next : /^\d+$/.test(segments[index + 1] as string) ? [] : {}
    node = node[segment] as Record<string, unknown>
  })
  return root
}

/** A value nothing can have: used where no link gave one, and for the not-found check. */
export const placeholderFor = (marker: string) => `smoke-missing-${marker.replace(/^smoke-/, '')}`

/** The smallest valid PDF: what a multipart upload sends when a check needs a schema-valid body. */
const tinyPdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

export function createRequestBuilder(contract: ContractIndex, validator: SchemaValidator, pool: LinkPool, seed: number, marker: string): RequestBuilder {
  const bodies = new Map<string, unknown>()

  function jsonBody(operation: OperationSpec): unknown {
    const media = requestMedia(operation, 'application/json')
    if (media?.schema === undefined) return undefined
    if (bodies.has(operation.operationId)) return bodies.get(operation.operationId)
    // An example with credentials is not sent: it may hold the real ones (the mock's seed users do).
    let body: unknown = changesCredentials(operation) ? undefined : media.example
    if (body === undefined || validator.validate(media.schema, body).outcome === 'invalid') {
      body = fc.sample(validValues(contract, validator, media.schema), { seed, numRuns: 1 })[0]
    }
    bodies.set(operation.operationId, body)
    return body
  }

  function changesCredentials(operation: OperationSpec): boolean {
    const media = requestMedia(operation, 'application/json')
    const properties = media?.schema === undefined ? undefined : schemaAt(contract, media.schema)?.schema['properties']
    return properties !== null && typeof properties === 'object' && Object.keys(properties).some(isSecretKey)
  }

  function formBody(operation: OperationSpec): FormField[] | undefined {
    const media = requestMedia(operation, 'multipart/form-data')
    if (media?.schema === undefined) return undefined
    const schema = schemaAt(contract, media.schema)?.schema
    const properties = schema?.['properties'] !== null && typeof schema?.['properties'] === 'object' ? Object.keys(schema['properties'] as object) : []
    return properties.map((name) => ({ name, fileName: 'smoke.pdf', contentType: 'application/pdf', data: tinyPdf }))
  }

  type Found = { value: string; linked: boolean; private: boolean; created: boolean }

  function valueFor(operation: OperationSpec, parameter: ParameterSpec): Found {
    // A write goes to what the run made when it made one (the booking --write books), not to the customer's own.
    const linked = pool.parametersFor(operation.operationId, { preferCreated: operation.method !== 'get' }).get(parameterKey(parameter.in, parameter.name))
    if (linked !== undefined) return { value: linked.value, linked: true, private: linked.private, created: linked.created }
    const unlinked = (value: string): Found => ({ value, linked: false, private: false, created: false })
    if (parameter.example !== undefined) return unlinked(String(parameter.example))
    if (parameter.in === 'query' && parameter.schema !== undefined) {
      const [value] = fc.sample(validValues(contract, validator, parameter.schema), { seed, numRuns: 1 })
      if (value !== undefined && value !== null && typeof value !== 'object') return unlinked(String(value))
    }
    return unlinked(placeholderFor(marker))
  }

  /** Body fields some link names for the operation: they come from the backend's answers, never from an example. */
  const linkedFields = new Map<string, string[]>()
  for (const source of contract.operations.values()) {
    for (const response of Object.values(source.responses)) {
      for (const link of response.links) {
        const pointers = bodyLeaves(link.requestBody).map((leaf) => leaf.pointer)
        linkedFields.set(link.operationId, [...new Set([...(linkedFields.get(link.operationId) ?? []), ...pointers])])
      }
    }
  }

  /**
   * The path values one answer's link gave together (a booking with one of its invoices), when one gave them
   * all: a child is asked for under its own parent, not the first id of each kind found anywhere. A write
   * takes the ones about what the run made first.
   */
  function familyFor(operation: OperationSpec): ReadonlyMap<string, LinkedValue> | undefined {
    const keys = operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameterKey('path', parameter.name))
    if (keys.length < 2) return undefined
    const whole = pool.families(operation.operationId).filter((family) => keys.every((key) => family.has(key)))
    return (operation.method !== 'get' ? whole.find((family) => keys.every((key) => family.get(key)?.created)) : undefined) ?? whole[0]
  }

  function base(operation: OperationSpec): RequestBase {
    const path: Record<string, string> = {}
    const query: Record<string, string> = {}
    const placeholders: string[] = []
    const untouchable: string[] = []
    let privatePath = false
    let pathCreated = false
    const family = familyFor(operation)
    for (const parameter of operation.parameters) {
      if (!(parameter.in === 'path' || (parameter.in === 'query' && parameter.required))) continue
      const together = parameter.in === 'path' ? family?.get(parameterKey('path', parameter.name)) : undefined
      const found =
        together === undefined ? valueFor(operation, parameter) : { value: together.value, linked: true, private: together.private, created: together.created }
      if (!found.linked) placeholders.push(parameterKey(parameter.in, parameter.name))
      if (parameter.in === 'path') {
        path[parameter.name] = found.value
        privatePath ||= found.private
        pathCreated ||= found.created
        if (found.private && !found.created) untouchable.push(found.value)
      } else query[parameter.name] = found.value
    }
    let json = jsonBody(operation)
    const missingBody: string[] = []
    const fields = linkedFields.get(operation.operationId) ?? []
    if (json !== undefined && fields.length > 0) {
      const found = pool.bodyFor(operation.operationId, { created: pathCreated })
      json = structuredClone(json)
      for (const pointer of fields) {
        if (found.has(pointer)) json = setAtPointer(json, pointer, found.get(pointer))
        else missingBody.push(`body${pointer.replace(/\//g, '.')}`)
      }
    }
    const form = formBody(operation)
    return {
      path,
      query,
      ...(json === undefined ? {} : { json }),
      ...(form === undefined ? {} : { form }),
      placeholders,
      missingBody,
      privatePath,
      untouchable,
    }
  }

  return {
    base,
    changesCredentials,
    callOptions: (request, extra = {}) => ({
      path: request.path,
      query: request.query,
      ...(request.json === undefined ? {} : { json: request.json }),
      ...(request.form === undefined ? {} : { form: request.form }),
      ...extra,
    }),
  }
}

/** The body properties out of what the read answered, when they make a valid body. */
export function writableFields(contract: ContractIndex, validator: SchemaValidator, operation: OperationSpec, read: unknown): unknown {
  const media = requestMedia(operation, 'application/json')
  const properties = media?.schema === undefined ? undefined : schemaAt(contract, media.schema)?.schema['properties']
  const answer = asRecord(read)
  if (media?.schema === undefined || answer === undefined || properties === null || typeof properties !== 'object') return undefined
  const body = Object.fromEntries(
    Object.keys(properties)
      .filter((name) => Object.hasOwn(answer, name))
      .map((name) => [name, answer[name]]),
  )
  return validator.validate(media.schema, body).outcome === 'valid' ? body : undefined
}
