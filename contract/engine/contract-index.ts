import type { ListOrder } from '../../core/list-order.ts'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'

import { parse as parseYaml } from 'yaml'

import { fragmentToPointer, getAtPointer, joinPointer } from './json-pointer.ts'

// Loads contract/openapi.yaml (and any files it $refs), and indexes every
// operation by operationId with what the smoke checker needs. Nothing here
// knows about specific operations: the engine works for any OpenAPI 3.1 file.
//
// Schemas are not inlined: we only remember *where* each schema lives
// (document URL + JSON pointer) and let ajv follow $refs itself, which keeps
// recursive schemas (member -> guardians -> member ...) working.

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const
export type HttpMethod = (typeof httpMethods)[number]

export type SchemaLocation = {
  documentUrl: string
  pointer: string
}

export type MediaTypeSpec = {
  /** lower-cased media type range as declared, e.g. application/json, image/* */
  mediaType: string
  schema: SchemaLocation | undefined
  /** `example`, else the first of `examples` (its value, $ref followed) */
  example?: unknown
}

/**
 * An OpenAPI link: after this answer, `operationId` can be called with these
 * parameters (runtime expressions such as `$response.body#/0/id` or
 * `$request.path.id`, keyed by name or by `path.`/`query.`-qualified name).
 */
export type LinkSpec = {
  name: string
  operationId: string
  parameters: Readonly<Record<string, string>>
  /**
   * the target's request body, or the fields of it the link gives (an object whose string leaves may be
   * runtime expressions, `{ member_id: '$response.body#/members/0/id' }`, as Schemathesis reads them)
   */
  requestBody?: unknown
}

export type ResponseSpec = {
  /** '200', '4XX', 'default' ... exactly as declared */
  statusKey: string
  description: string
  content: readonly MediaTypeSpec[]
  /** response-level x-error-codes, if the author put them there */
  errorCodes: readonly string[]
  links: readonly LinkSpec[]
  /** the headers it declares (Retry-After on 429 and 503), each with its schema */
  headers: readonly HeaderSpec[]
}

export type HeaderSpec = { name: string; required: boolean; schema: SchemaLocation | undefined }

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie'

export type ParameterSpec = {
  name: string
  in: ParameterLocation
  required: boolean
  schema: SchemaLocation | undefined
  example?: unknown
}

export type RequestBodySpec = {
  required: boolean
  content: readonly MediaTypeSpec[]
}

export type SecurityRequirement = Readonly<Record<string, readonly string[]>>

export type SecurityScheme = {
  type: string
  scheme?: string
  in?: string
  name?: string
}

export type OperationSpec = {
  operationId: string
  method: HttpMethod
  /** path template relative to the server base path, e.g. /booking/{id} */
  path: string
  summary: string | undefined
  tags: readonly string[]
  parameters: readonly ParameterSpec[]
  requestBody: RequestBodySpec | undefined
  responses: Readonly<Record<string, ResponseSpec>>
  /** operation-level x-error-codes: status key -> domain codes */
  errorCodes: Readonly<Record<string, readonly string[]>>
  /** effective security (operation's, else the document's) */
  security: readonly SecurityRequirement[]
  /** 'required' when every security alternative includes an http bearer scheme */
  bearer: 'required' | 'optional' | 'none'
  /** bearer === 'required': the operation cannot be called without a token */
  requiresAuth: boolean
  /** `x-idempotency`: a repeat with the same key is the same request (see IdempotencySpec) */
  idempotency?: IdempotencySpec
  /**
   * `x-cache`: whom an answer is for, so what may keep it. `personal`: one customer's (Cache-Control private
   * or no-store); `tenant`: the same for every customer of an agency (a shared cache keeps it only varying on
   * the tenant header); `public`: the same for everyone. Undeclared: personal when the operation needs a
   * session, tenant when it takes the tenant header, else public.
   */
  cache: CachePolicy
  /** whether `x-cache` declared it (else it was inferred) */
  cacheDeclared: boolean
  /** `x-lists`: the lists that show what this read shows, beside those whose items link to it */
  lists: readonly string[]
  /** `x-consistency-ms`: how long after a write this list may take to show it (default 0: at once) */
  consistencyMs: number
  /** `x-order`: the order its list answer keeps (core/list-order.ts) */
  order?: ListOrder
  /** `x-throttle`: after this many tries for one address within the window, a 429 with Retry-After */
  throttle?: { after: number; windowSeconds: number }
  location: SchemaLocation
}

export type CachePolicy = 'personal' | 'tenant' | 'public'
const cachePolicies: readonly CachePolicy[] = ['personal', 'tenant', 'public']

/**
 * `x-idempotency` on an operation: its idempotency key, the answer's values a repeat must answer the same
 * (JSON pointers), and the reads a repeat must leave unchanged (operationIds; parameters from the answer's links).
 */
export type IdempotencySpec = {
  key: { in: 'body' | 'header'; name: string }
  same: readonly string[]
  unchanged: readonly string[]
}

export type ContractIndex = {
  rootUrl: string
  documents: ReadonlyMap<string, unknown>
  /** path part of servers[0].url, e.g. /api/customer ('' when none) */
  basePath: string
  operations: ReadonlyMap<string, OperationSpec>
  securitySchemes: Readonly<Record<string, SecurityScheme>>
  /** the header naming the tenant (agencyId): a header parameter, else an apiKey scheme; undefined when none */
  tenantHeader: string | undefined
  /** codes any error response may carry, by status ('*' = any status) */
  genericErrorCodes: Readonly<Record<string, readonly string[]>>
  /** every `format` value used anywhere, so the validator can flag unknown ones */
  formatsUsed: ReadonlySet<string>
  warnings: readonly string[]
}

/**
 * Codes any error response may carry regardless of x-error-codes, for a
 * status the operation declares. These are the generic codes the contract's
 * description lists; a contract can replace them with a top-level
 * `x-generic-error-codes` (a list, or a map of status -> list).
 */
export const defaultGenericErrorCodes: Readonly<Record<string, readonly string[]>> = {
  '400': ['bad_request', 'invalid_json', 'agency_unknown'],
  '401': ['unauthorized'],
  '403': ['forbidden'],
  '404': ['not_found'],
  '422': ['validation_error'],
  '503': ['service_unavailable'],
}

export class ContractError extends Error {
  override readonly name = 'ContractError'
}

type JsonRecord = Record<string, unknown>

function isRecord(value: unknown): value is JsonRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function documentUrlOf(url: string): string {
  const parsed = new URL(url)
  parsed.hash = ''
  return parsed.href
}

async function readDocument(url: string): Promise<unknown> {
  const parsed = new URL(url)
  if (parsed.protocol !== 'file:') {
    // The smoke run must never fetch from the network to read its own contract.
    throw new ContractError(`only local files can be referenced from the contract, not ${url}`)
  }
  let text: string
  try {
    text = await readFile(parsed, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new ContractError(code === 'ENOENT' ? `contract file not found: ${parsed.pathname}` : `cannot read ${parsed.pathname}: ${(error as Error).message}`)
  }
  try {
    return parsed.pathname.endsWith('.json') ? (JSON.parse(text) as unknown) : (parseYaml(text) as unknown)
  } catch (error) {
    throw new ContractError(`${parsed.pathname} is not valid YAML/JSON: ${(error as Error).message.split('\n')[0]}`)
  }
}

function collectExternalRefs(value: unknown, documentUrl: string, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectExternalRefs(item, documentUrl, into)
    return
  }
  if (!isRecord(value)) return
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) {
      into.add(documentUrlOf(new URL(child, documentUrl).href))
    } else {
      collectExternalRefs(child, documentUrl, into)
    }
  }
}

/** Reads the root contract file and every file it (transitively) $refs. */
export async function loadContractDocuments(file: string): Promise<Map<string, unknown>> {
  const rootUrl = pathToFileURL(file).href
  const documents = new Map<string, unknown>()
  const pending = [rootUrl]
  while (pending.length > 0) {
    const url = pending.pop() as string
    if (documents.has(url)) continue
    const document = await readDocument(url)
    documents.set(url, document)
    const refs = new Set<string>()
    collectExternalRefs(document, url, refs)
    for (const ref of refs) if (!documents.has(ref)) pending.push(ref)
  }
  return documents
}

export async function loadContract(file: string): Promise<ContractIndex> {
  const documents = await loadContractDocuments(file)
  return indexContract(documents, pathToFileURL(file).href)
}

type Located = { value: unknown; documentUrl: string; pointer: string }

/** Follows $ref chains for non-schema objects (responses, parameters ...). */
function dereference(documents: ReadonlyMap<string, unknown>, start: Located): Located {
  let current = start
  for (let hops = 0; hops < 32; hops += 1) {
    if (!isRecord(current.value) || typeof current.value['$ref'] !== 'string') return current
    const target = new URL(current.value['$ref'], current.documentUrl)
    const documentUrl = documentUrlOf(target.href)
    const document = documents.get(documentUrl)
    if (document === undefined) throw new ContractError(`unresolved $ref ${current.value['$ref']} at ${current.documentUrl}#${current.pointer}`)
    const pointer = fragmentToPointer(target.hash)
    const value = getAtPointer(document, pointer)
    if (value === undefined) throw new ContractError(`$ref ${current.value['$ref']} (at ${current.pointer}) points at nothing`)
    current = { value, documentUrl, pointer }
  }
  throw new ContractError(`$ref cycle or chain too long at ${start.documentUrl}#${start.pointer}`)
}

/**
 * The header that names the tenant: a header parameter called like an agency or a tenant, the one most
 * operations declare (how a tenant is modelled: it is not a credential), else an apiKey scheme of such a
 * name (contracts that model it as one).
 */
function tenantHeaderOf(securitySchemes: Readonly<Record<string, SecurityScheme>>, operations: ReadonlyMap<string, OperationSpec>): string | undefined {
  const declared = new Map<string, number>()
  for (const operation of operations.values()) {
    for (const parameter of operation.parameters) {
      if (parameter.in === 'header' && /agency|tenant/i.test(parameter.name)) declared.set(parameter.name, (declared.get(parameter.name) ?? 0) + 1)
    }
  }
  const mostDeclared = [...declared].sort(([, a], [, b]) => b - a)[0]?.[0]
  return (
    mostDeclared ??
    Object.values(securitySchemes).find((scheme) => scheme.type === 'apiKey' && scheme.in === 'header' && /agency|tenant/i.test(scheme.name ?? ''))?.name
  )
}

export function indexContract(documents: ReadonlyMap<string, unknown>, rootUrl: string): ContractIndex {
  const root = documents.get(rootUrl)
  if (!isRecord(root)) throw new ContractError('the contract is not a YAML/JSON object')
  const warnings: string[] = []
  const version = root['openapi']
  if (typeof version !== 'string' || !version.startsWith('3.1')) {
    warnings.push(`openapi version is ${JSON.stringify(version)}; the checker assumes 3.1 (JSON Schema 2020-12)`)
  }

  const securitySchemes = readSecuritySchemes(root)
  const formatsUsed = new Set<string>()
  for (const [url, document] of documents) scanSchemasForWarnings(document, url, '', warnings, formatsUsed)

  const operations = new Map<string, OperationSpec>()
  const rootSecurity = Array.isArray(root['security']) ? (root['security'] as SecurityRequirement[]) : []
  const paths = isRecord(root['paths']) ? root['paths'] : {}
  if (Object.keys(paths).length === 0) warnings.push('the contract declares no paths')

  for (const [pathTemplate, rawPathItem] of Object.entries(paths)) {
    const pathItem = dereference(documents, { value: rawPathItem, documentUrl: rootUrl, pointer: joinPointer('/paths', pathTemplate) })
    if (!isRecord(pathItem.value)) continue
    const sharedParameters = readParameters(documents, pathItem, warnings)
    for (const method of httpMethods) {
      const rawOperation = pathItem.value[method]
      if (!isRecord(rawOperation)) continue
      const location: Located = { value: rawOperation, documentUrl: pathItem.documentUrl, pointer: joinPointer(pathItem.pointer, method) }
      const operation = indexOperation(documents, location, method, pathTemplate, sharedParameters, rootSecurity, securitySchemes, warnings)
      if (operations.has(operation.operationId)) {
        warnings.push(`operationId ${operation.operationId} is used twice (${method.toUpperCase()} ${pathTemplate})`)
        continue
      }
      operations.set(operation.operationId, operation)
    }
  }

  const tenantHeader = tenantHeaderOf(securitySchemes, operations)
  for (const operation of operations.values()) {
    // as a header parameter, or as an apiKey scheme in one of its security alternatives
    const isTenant = (name: string | undefined) => tenantHeader !== undefined && name?.toLowerCase() === tenantHeader.toLowerCase()
    const takesTenant =
      operation.parameters.some((parameter) => parameter.in === 'header' && isTenant(parameter.name)) ||
      operation.security.some((alternative) =>
        Object.keys(alternative).some((scheme) => securitySchemes[scheme]?.in === 'header' && isTenant(securitySchemes[scheme]?.name)),
      )
    if (!operation.cacheDeclared && operation.cache === 'public' && takesTenant) operation.cache = 'tenant'
    for (const name of operation.lists) {
      if (!operations.has(name)) warnings.push(`${operation.operationId}: x-lists names ${name}, which the contract does not have`)
    }
    for (const response of Object.values(operation.responses)) {
      for (const link of response.links) {
        if (!operations.has(link.operationId)) {
          warnings.push(
            `${operation.operationId} ${response.statusKey} link ${link.name} names operation ${link.operationId}, which the contract does not have`,
          )
        }
      }
    }
  }

  return {
    rootUrl,
    documents,
    basePath: readBasePath(root),
    operations,
    securitySchemes,
    tenantHeader,
    genericErrorCodes: readGenericErrorCodes(root, warnings),
    formatsUsed,
    warnings,
  }
}

function readSecuritySchemes(root: JsonRecord): Record<string, SecurityScheme> {
  const components = isRecord(root['components']) ? root['components'] : {}
  const schemes = isRecord(components['securitySchemes']) ? components['securitySchemes'] : {}
  const result: Record<string, SecurityScheme> = {}
  for (const [name, scheme] of Object.entries(schemes)) {
    if (!isRecord(scheme) || typeof scheme['type'] !== 'string') continue
    result[name] = {
      type: scheme['type'],
      ...(typeof scheme['scheme'] === 'string' ? { scheme: scheme['scheme'] } : {}),
      ...(typeof scheme['in'] === 'string' ? { in: scheme['in'] } : {}),
      ...(typeof scheme['name'] === 'string' ? { name: scheme['name'] } : {}),
    }
  }
  return result
}

function readBasePath(root: JsonRecord): string {
  const servers = root['servers']
  if (!Array.isArray(servers) || !isRecord(servers[0]) || typeof servers[0]['url'] !== 'string') return ''
  const server = servers[0]
  const variables = isRecord(server['variables']) ? server['variables'] : {}
  const url = (server['url'] as string).replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const variable = variables[name]
    return isRecord(variable) && typeof variable['default'] === 'string' ? variable['default'] : ''
  })
  const pathname = new URL(url, 'http://placeholder.invalid').pathname
  return pathname.replace(/\/+$/, '')
}

function readGenericErrorCodes(root: JsonRecord, warnings: string[]): Record<string, readonly string[]> {
  const declared = root['x-generic-error-codes']
  if (declared === undefined) return { ...defaultGenericErrorCodes }
  if (Array.isArray(declared) && declared.every((code) => typeof code === 'string')) return { '*': declared }
  if (isRecord(declared)) {
    const result: Record<string, readonly string[]> = {}
    for (const [status, codes] of Object.entries(declared)) {
      if (Array.isArray(codes) && codes.every((code) => typeof code === 'string')) result[status.toUpperCase()] = codes
      else warnings.push(`x-generic-error-codes.${status} is not a list of strings; ignored`)
    }
    return result
  }
  warnings.push('x-generic-error-codes is neither a list nor a map; using the built-in generic codes')
  return { ...defaultGenericErrorCodes }
}

function indexOperation(
  documents: ReadonlyMap<string, unknown>,
  location: Located,
  method: HttpMethod,
  pathTemplate: string,
  sharedParameters: readonly ParameterSpec[],
  rootSecurity: readonly SecurityRequirement[],
  securitySchemes: Readonly<Record<string, SecurityScheme>>,
  warnings: string[],
): OperationSpec {
  const raw = location.value as JsonRecord
  let operationId = typeof raw['operationId'] === 'string' ? raw['operationId'] : ''
  if (operationId === '') {
    operationId = `${method.toUpperCase()} ${pathTemplate}`
    warnings.push(`${operationId} has no operationId; referred to as "${operationId}"`)
  }

  const ownParameters = readParameters(documents, location, warnings)
  const parameters = [...sharedParameters.filter((shared) => !ownParameters.some((own) => own.name === shared.name && own.in === shared.in)), ...ownParameters]

  let requestBody: RequestBodySpec | undefined
  if (raw['requestBody'] !== undefined) {
    const body = dereference(documents, { value: raw['requestBody'], documentUrl: location.documentUrl, pointer: joinPointer(location.pointer, 'requestBody') })
    if (isRecord(body.value)) requestBody = { required: body.value['required'] === true, content: readContent(body, documents) }
  }

  const responses: Record<string, ResponseSpec> = {}
  const rawResponses = isRecord(raw['responses']) ? raw['responses'] : {}
  if (Object.keys(rawResponses).length === 0) warnings.push(`${operationId} declares no responses`)
  for (const [statusKey, rawResponse] of Object.entries(rawResponses)) {
    if (!/^([1-5](\d\d|XX)|default)$/i.test(statusKey)) {
      warnings.push(`${operationId}: response key "${statusKey}" is not a status code, a range like 4XX, or default`)
      continue
    }
    const response = dereference(documents, {
      value: rawResponse,
      documentUrl: location.documentUrl,
      pointer: joinPointer(location.pointer, 'responses', statusKey),
    })
    if (!isRecord(response.value)) continue
    responses[statusKey] = {
      statusKey,
      description: typeof response.value['description'] === 'string' ? response.value['description'] : '',
      content: readContent(response, documents),
      errorCodes: readCodeList(response.value['x-error-codes'], `${operationId} ${statusKey} x-error-codes`, warnings),
      links: readLinks(response.value['links'], `${operationId} ${statusKey}`, warnings),
      headers: readHeaders(response, documents),
    }
  }

  const errorCodes: Record<string, readonly string[]> = {}
  const rawErrorCodes = raw['x-error-codes']
  if (rawErrorCodes !== undefined) {
    if (!isRecord(rawErrorCodes)) {
      warnings.push(`${operationId}: x-error-codes must map status -> list of codes`)
    } else {
      for (const [status, codes] of Object.entries(rawErrorCodes)) {
        errorCodes[status] = readCodeList(codes, `${operationId} x-error-codes.${status}`, warnings)
        if (!(status in responses) && !(`${status[0]}XX` in responses) && !('default' in responses)) {
          warnings.push(`${operationId}: x-error-codes lists status ${status}, which is not a declared response`)
        }
      }
    }
  }

  const security = Array.isArray(raw['security']) ? (raw['security'] as SecurityRequirement[]) : rootSecurity
  const isBearer = (name: string) => securitySchemes[name]?.type === 'http' && securitySchemes[name]?.scheme?.toLowerCase() === 'bearer'
  const withBearer = security.filter((requirement) => Object.keys(requirement).some(isBearer)).length
  const bearer = withBearer === 0 ? 'none' : withBearer === security.length ? 'required' : 'optional'
  for (const requirement of security) {
    for (const name of Object.keys(requirement)) {
      if (securitySchemes[name] === undefined) warnings.push(`${operationId}: security scheme ${name} is not declared`)
    }
  }

  const idempotency = readIdempotency(raw['x-idempotency'], operationId, warnings)
  const declaredCache = raw['x-cache']
  if (declaredCache !== undefined && !cachePolicies.includes(declaredCache as CachePolicy)) {
    warnings.push(`${operationId}: x-cache must be one of ${cachePolicies.join(', ')}; inferred instead`)
  }
  const cacheDeclared = cachePolicies.includes(declaredCache as CachePolicy)
  // an undeclared one is personal or public here; indexContract makes it tenant once it knows the tenant header
  const cache: CachePolicy = cacheDeclared ? (declaredCache as CachePolicy) : bearer === 'required' ? 'personal' : 'public'
  const order = readOrder(raw['x-order'], operationId, warnings)
  const throttle = readThrottle(raw['x-throttle'], operationId, warnings)
  const lists = Array.isArray(raw['x-lists']) ? raw['x-lists'].filter((item): item is string => typeof item === 'string') : []
  const consistency = raw['x-consistency-ms']
  if (consistency !== undefined && (typeof consistency !== 'number' || !(consistency >= 0))) {
    warnings.push(`${operationId}: x-consistency-ms must be a number of milliseconds, 0 or more; 0 used`)
  }
  return {
    operationId,
    cache,
    cacheDeclared,
    lists,
    consistencyMs: typeof consistency === 'number' && consistency >= 0 ? consistency : 0,
    ...(order === undefined ? {} : { order }),
    ...(throttle === undefined ? {} : { throttle }),
    method,
    path: pathTemplate,
    ...(idempotency === undefined ? {} : { idempotency }),
    summary: typeof raw['summary'] === 'string' ? raw['summary'] : undefined,
    tags: Array.isArray(raw['tags']) ? raw['tags'].filter((tag): tag is string => typeof tag === 'string') : [],
    parameters,
    requestBody,
    responses,
    errorCodes,
    security,
    bearer,
    requiresAuth: bearer === 'required',
    location: { documentUrl: location.documentUrl, pointer: location.pointer },
  }
}

function readIdempotency(value: unknown, operationId: string, warnings: string[]): IdempotencySpec | undefined {
  if (value === undefined) return undefined
  const key = isRecord(value) && isRecord(value['key']) ? value['key'] : undefined
  if (!isRecord(value) || key === undefined || (key['in'] !== 'body' && key['in'] !== 'header') || typeof key['name'] !== 'string') {
    warnings.push(`${operationId}: x-idempotency needs key: { in: body or header, name }; ignored`)
    return undefined
  }
  const strings = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [])
  return { key: { in: key['in'], name: key['name'] }, same: strings(value['same']), unchanged: strings(value['unchanged']) }
}

function readCodeList(value: unknown, where: string, warnings: string[]): readonly string[] {
  if (value === undefined) return []
  if (Array.isArray(value) && value.every((code) => typeof code === 'string')) return value
  warnings.push(`${where} is not a list of strings; ignored`)
  return []
}

function readParameters(documents: ReadonlyMap<string, unknown>, owner: Located, warnings: string[]): ParameterSpec[] {
  const raw = (owner.value as JsonRecord)['parameters']
  if (!Array.isArray(raw)) return []
  const result: ParameterSpec[] = []
  raw.forEach((item, index) => {
    const parameter = dereference(documents, { value: item, documentUrl: owner.documentUrl, pointer: joinPointer(owner.pointer, 'parameters', index) })
    const value = parameter.value
    if (!isRecord(value) || typeof value['name'] !== 'string' || typeof value['in'] !== 'string') {
      warnings.push(`parameter at ${owner.pointer}/parameters/${index} has no name/in`)
      return
    }
    result.push({
      name: value['name'],
      in: value['in'] as ParameterLocation,
      required: value['required'] === true || value['in'] === 'path',
      schema: value['schema'] === undefined ? undefined : { documentUrl: parameter.documentUrl, pointer: joinPointer(parameter.pointer, 'schema') },
      ...exampleOf(documents, parameter),
    })
  })
  return result
}

function readContent(owner: Located, documents: ReadonlyMap<string, unknown>): MediaTypeSpec[] {
  const content = (owner.value as JsonRecord)['content']
  if (!isRecord(content)) return []
  return Object.entries(content).map(([mediaType, mediaObject]) => ({
    mediaType: mediaType.toLowerCase().split(';')[0]?.trim() ?? mediaType,
    schema:
      isRecord(mediaObject) && mediaObject['schema'] !== undefined
        ? { documentUrl: owner.documentUrl, pointer: joinPointer(owner.pointer, 'content', mediaType, 'schema') }
        : undefined,
    ...exampleOf(documents, { value: mediaObject, documentUrl: owner.documentUrl, pointer: joinPointer(owner.pointer, 'content', mediaType) }),
  }))
}

function readHeaders(owner: Located, documents: ReadonlyMap<string, unknown>): HeaderSpec[] {
  const headers = (owner.value as JsonRecord)['headers']
  if (!isRecord(headers)) return []
  return Object.keys(headers).map((name) => {
    const header = dereference(documents, { value: headers[name], documentUrl: owner.documentUrl, pointer: joinPointer(owner.pointer, 'headers', name) })
    const value = isRecord(header.value) ? header.value : {}
    return {
      name,
      required: value['required'] === true,
      schema: value['schema'] === undefined ? undefined : { documentUrl: header.documentUrl, pointer: joinPointer(header.pointer, 'schema') },
    }
  })
}

/** `example`, else the first entry of `examples` (an Example Object, possibly a $ref). */
function exampleOf(documents: ReadonlyMap<string, unknown>, owner: Located): { example?: unknown } {
  if (!isRecord(owner.value)) return {}
  if (owner.value['example'] !== undefined) return { example: owner.value['example'] }
  const examples = owner.value['examples']
  if (!isRecord(examples)) return {}
  const [name, first] = Object.entries(examples)[0] ?? []
  if (name === undefined) return {}
  const example = dereference(documents, { value: first, documentUrl: owner.documentUrl, pointer: joinPointer(owner.pointer, 'examples', name) })
  return isRecord(example.value) && example.value['value'] !== undefined ? { example: example.value['value'] } : {}
}

function readLinks(value: unknown, where: string, warnings: string[]): LinkSpec[] {
  if (value === undefined) return []
  if (!isRecord(value)) {
    warnings.push(`${where} links is not a map; ignored`)
    return []
  }
  const links: LinkSpec[] = []
  for (const [name, link] of Object.entries(value)) {
    if (!isRecord(link) || typeof link['operationId'] !== 'string') {
      warnings.push(`${where} link ${name} has no operationId (operationRef is not followed); ignored`)
      continue
    }
    const parameters: Record<string, string> = {}
    for (const [parameter, expression] of Object.entries(isRecord(link['parameters']) ? link['parameters'] : {})) {
      if (typeof expression === 'string') parameters[parameter] = expression
    }
    links.push({ name, operationId: link['operationId'], parameters, ...(link['requestBody'] === undefined ? {} : { requestBody: link['requestBody'] }) })
  }
  return links
}

// OpenAPI 3.1 dropped `nullable`: a 3.0 habit that silently stops meaning
// anything. We validate by 3.1 rules (null is rejected unless the type list
// says 'null') and tell the author where the stale keyword is.
function scanSchemasForWarnings(value: unknown, documentUrl: string, pointer: string, warnings: string[], formats: Set<string>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => scanSchemasForWarnings(item, documentUrl, joinPointer(pointer, index), warnings, formats))
    return
  }
  if (!isRecord(value)) return
  if ('nullable' in value && typeof value['nullable'] === 'boolean') {
    warnings.push(`nullable at ${shortUrl(documentUrl)}#${pointer} is not OpenAPI 3.1 and is ignored; use type: [..., 'null']`)
  }
  if (typeof value['format'] === 'string' && ('type' in value || '$ref' in value || 'enum' in value)) formats.add(value['format'])
  for (const [key, child] of Object.entries(value)) {
    // Examples are free-form data, not schemas.
    if (key === 'example' || key === 'examples') continue
    scanSchemasForWarnings(child, documentUrl, joinPointer(pointer, key), warnings, formats)
  }
}

function shortUrl(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1)
}

export function getOperation(contract: ContractIndex, operationId: string): OperationSpec {
  const operation = contract.operations.get(operationId)
  if (operation === undefined) throw new ContractError(`operation ${operationId} is not in the contract`)
  return operation
}

/** `x-order: { by, direction, collation }`: by a field, ascending unless it says descending, text in a language's alphabet. */
function readOrder(raw: unknown, operationId: string, warnings: string[]): ListOrder | undefined {
  if (raw === undefined) return undefined
  const value = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const direction = value['direction'] ?? 'ascending'
  const collation = value['collation']
  const query = collation !== null && typeof collation === 'object' ? (collation as Record<string, unknown>) : undefined
  const collationOk = collation === undefined || typeof collation === 'string' || (typeof query?.['query'] === 'string' && typeof query['default'] === 'string')
  if (typeof value['by'] !== 'string' || (direction !== 'ascending' && direction !== 'descending') || !collationOk) {
    warnings.push(`${operationId}: x-order must be { by: field, direction: ascending|descending, collation: language or { query, default } }; ignored`)
    return undefined
  }
  return {
    by: value['by'],
    direction,
    ...(collation === undefined
      ? {}
      : { collation: typeof collation === 'string' ? collation : { query: query?.['query'] as string, default: query?.['default'] as string } }),
  }
}

/** `x-throttle: { after, windowSeconds }`: whole numbers, 1 or more. */
function readThrottle(raw: unknown, operationId: string, warnings: string[]): { after: number; windowSeconds: number } | undefined {
  if (raw === undefined) return undefined
  const value = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const { after, windowSeconds } = value
  if (!Number.isInteger(after) || !Number.isInteger(windowSeconds) || (after as number) < 1 || (windowSeconds as number) < 1) {
    warnings.push(`${operationId}: x-throttle must be { after: tries, windowSeconds: seconds }, whole numbers of 1 or more; ignored`)
    return undefined
  }
  return { after: after as number, windowSeconds: windowSeconds as number }
}
