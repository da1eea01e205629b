import { fetchRetryingIdempotent } from '../../../../core/http-retry.ts'
import { ApiError } from './api-error.ts'
import { apiBaseUrl } from './api-base-url.ts'
import type { ErrorBody } from '@contract/generated/model/errorBody.ts'
import { earlyReadKey, takeEarlyRead } from './early-reads.universal.ts'
import { getAgencyId, getRequestLanguage, getToken, identityHeaders, notifyUnauthorized } from './request-context.universal.ts'

const CREDENTIAL_CALLS = /^\/auth\/(login|autologin|debug|validate|remember)(\?|$)/

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' && value !== null && typeof (value as ErrorBody).code === 'string' && typeof (value as ErrorBody).message === 'string'

const parseBody = async (res: Response): Promise<unknown> => {
  if (res.status === 204 || res.status === 205) return undefined
  const type = res.headers.get('content-type') ?? ''
  if (type.includes('json')) return res.json()
  if (type.startsWith('text/')) return res.text()
  return res.blob()
}

/**
 * The one HTTP client of the portal (orval's mutator): base URL, token, agency, language,
 * and every failure turned into an ApiError carrying the server's code.
 */
export const apiFetch = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
  const headers = new Headers(init.headers)
  // A call may bring its own credentials (the /login callback checks a token before it becomes the session).
  const ownCredentials = headers.has('Authorization')
  const token = ownCredentials ? null : getToken()
  const agencyId = getAgencyId()
  for (const [name, value] of Object.entries(identityHeaders(token, agencyId, getRequestLanguage()))) headers.set(name, value)
  if (init.body && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json')
  }

  const address = `${apiBaseUrl()}${url}`
  let res: Response
  try {
    // A plain read the page's HTML already started with the same credentials (web/server/early-reads.ts)?
    const isRead = (init.method ?? 'GET').toUpperCase() === 'GET' && !init.body && !ownCredentials
    const early = isRead ? takeEarlyRead(address, earlyReadKey(token, agencyId, getRequestLanguage())) : null
    res = (early && (await early.catch(() => null))) || (await fetchRetryingIdempotent(fetch, address, { ...init, headers }))
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(0, 'network_error', 'No answer from the server')
  }

  let body: unknown
  try {
    body = await parseBody(res)
  } catch {
    throw new ApiError(res.status || 0, res.ok ? 'bad_request' : 'service_unavailable', 'Unreadable answer from the server')
  }

  if (res.ok) return body as T

  // A 401 from a sign-in call means wrong credentials or a used link, not an expired session.
  if (res.status === 401 && token && !CREDENTIAL_CALLS.test(url)) notifyUnauthorized()
  if (isErrorBody(body)) throw new ApiError(res.status, body.code, body.message, body.fields ?? [])
  throw new ApiError(res.status, res.status >= 500 ? 'service_unavailable' : 'bad_request', `HTTP ${res.status}`)
}

export default apiFetch
