import type { OperationSpec } from '../../../contract/engine/contract-index.ts'
import { isSecretKey, mask } from '../../../contract/engine/curl.ts'
import type { ApiSession, CallOptions } from './api-types.ts'

// The parts of a request the client builds from the contract: the API's root, the URL, the accept
// header and the token an operation gets; and what it reads back (an error's code, a body's text).

const decoder = new TextDecoder('utf-8')

/**
 * The API's root, taken from --base-url: `http://host/v2/customer` as given (any base path), `http://host/`
 * (a slash after the host) the root itself, and a bare `http://host` the contract's server base path.
 */
export function resolveApiBaseUrl(given: string, basePath: string): string {
  const url = new URL(given)
  const bareHost = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*$/i.test(given.trim())
  if (bareHost && basePath !== '') url.pathname = basePath
  return url.href.replace(/\/+$/, '')
}

/** An error answer's `code`, when its JSON body has one. */
export function errorCode(status: number, json: unknown): string | undefined {
  if (status < 400 || json === null || typeof json !== 'object' || Array.isArray(json)) return undefined
  const code = (json as Record<string, unknown>)['code']
  return typeof code === 'string' && code !== '' ? code : undefined
}

/** Masks credential-like fields of an urlencoded body for the curl line. */
export function maskFormSecrets(body: string): string {
  const params = new URLSearchParams(body)
  let changed = false
  for (const key of new Set(params.keys())) {
    if (isSecretKey(key)) {
      params.set(key, mask)
      changed = true
    }
  }
  return changed ? params.toString().replace(/%2A%2A%2A/g, mask) : body
}

export function tokenFor(operation: OperationSpec, auth: NonNullable<CallOptions['auth']>, session: ApiSession): string | undefined {
  if (auth === 'none') return undefined
  if (typeof auth === 'object') return auth.token
  // Follow the contract: only operations whose security has a bearer scheme
  // get the token, so a "public" endpoint that secretly needs it shows up.
  return operation.bearer === 'none' ? undefined : session.token
}

export function acceptFor(operation: OperationSpec): string {
  const types = new Set<string>()
  for (const [key, response] of Object.entries(operation.responses)) {
    if (key.startsWith('2')) for (const media of response.content) types.add(media.mediaType)
  }
  types.add('application/json')
  return [...types].join(', ')
}

export function buildUrl(baseUrl: string, operation: OperationSpec, options: CallOptions): string {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)
  const given = options.path
  const values = new Map<string, string>()
  if (Array.isArray(given)) {
    if (given.length !== names.length) {
      throw new Error(`${operation.operationId} takes ${names.length} path parameter(s) (${names.join(', ')}), got ${given.length}`)
    }
    names.forEach((name, index) => values.set(name, String(given[index])))
  } else if (given !== undefined) {
    for (const [name, value] of Object.entries(given as Record<string, string | number>)) values.set(name, String(value))
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values.get(name)
    if (value === undefined) throw new Error(`${operation.operationId}: missing path parameter ${name}`)
    return options.rawPath === true ? value : encodeURIComponent(value)
  })
  const url = new URL(`${baseUrl}${path}`)
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item))
    else url.searchParams.append(key, String(value))
  }
  return url.href
}

export function bodyText(bytes: Uint8Array): string {
  return decoder.decode(bytes)
}
