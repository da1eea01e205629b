import type { ContractIndex, OperationSpec } from './contract-index.ts'
import { schemaAt } from './schema-values.ts'

// Bodies a JSON operation must refuse before it reads them: text that is not JSON, nothing at all, JSON
// of the wrong type at the top (null, a list where an object is declared). Each is sent with the right
// content type, so only the body is wrong; a backend must answer a declared 4xx, never a 5xx (a parser
// or a `body.field` on null that throws) and never a success. Schemathesis sends such bodies through its
// `negative_data_rejection` mutations; a crash there is what its `not_a_server_error` catches.

export type MalformedBody = {
  what: string
  contentType: string
  text: string
  /**
   * whether a broken backend could act on it as data: an empty body read as `{}`, a `[]` read as an
   * object. Text that is not JSON cannot be: it is the one sent to what the run did not make.
   */
  appliable: boolean
}

/** The malformed bodies for an operation that takes JSON; none for one that does not. */
export function malformedBodies(contract: ContractIndex, operation: OperationSpec): MalformedBody[] {
  const media = operation.requestBody?.content.find((item) => item.mediaType === 'application/json' || item.mediaType.endsWith('+json'))
  if (media === undefined) return []
  const contentType = media.mediaType
  const schema = media.schema === undefined ? undefined : schemaAt(contract, media.schema)?.schema
  const type = schema?.['type'] ?? (schema?.['properties'] === undefined ? undefined : 'object')
  const types = (Array.isArray(type) ? type : [type]).filter((item): item is string => typeof item === 'string')
  const bodies: MalformedBody[] = [{ what: 'a body that is not JSON (cut off mid-object)', contentType, text: '{"smoke": "not json', appliable: false }]
  if (operation.requestBody?.required === true) bodies.push({ what: 'an empty body', contentType, text: '', appliable: true })
  if (!types.includes('null')) bodies.push({ what: 'JSON null', contentType, text: 'null', appliable: true })
  if (types.includes('object') && !types.includes('array'))
    bodies.push({ what: 'a JSON list where an object is declared', contentType, text: '[]', appliable: true })
  else if (types.includes('array') && !types.includes('object'))
    bodies.push({ what: 'a JSON object where a list is declared', contentType, text: '{}', appliable: true })
  if (types.length > 0 && !types.includes('string')) bodies.push({ what: 'a JSON string at the top', contentType, text: '"smoke"', appliable: true })
  return bodies
}

/** A declared 4xx: the only right answer to a malformed body. */
export function refusesMalformedBody(operation: OperationSpec, status: number): boolean {
  return status >= 400 && status < 500 && (String(status) in operation.responses || '4XX' in operation.responses)
}
