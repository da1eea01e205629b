// Turns a recorded request into a copy-pasteable curl command for violation
// reports. Reports end up in CI logs and tickets, so secrets are masked: the
// command reproduces the request's shape, not the credentials.

export type RecordedFormField = { name: string; value: string } | { name: string; fileName: string; contentType: string }

export type RecordedBody =
  { kind: 'json'; value: unknown } | { kind: 'text'; contentType: string; text: string } | { kind: 'form'; fields: readonly RecordedFormField[] }

export type RecordedRequest = {
  method: string
  url: string
  headers: Readonly<Record<string, string>>
  body?: RecordedBody
}

export const mask = '***'

const secretHeaderNames = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key'])

// Keys whose values are credentials wherever they appear in a JSON body or a
// query string (password, newPassword, password_confirmation, token, ...).
// Not a bare /pass/: that would also hide passenger fields.
const secretKeyPattern = /^(?:pass|pwd|cvv|cvc)$|password|passwd|secret|token|api[-_]?key|card[-_]?number/i

export function isSecretKey(key: string): boolean {
  return secretKeyPattern.test(key)
}

export function maskHeaderValue(name: string, value: string): string {
  const lower = name.toLowerCase()
  if (!secretHeaderNames.has(lower)) return value
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    // Keep the scheme: "Bearer ***" still tells the reader a token was sent.
    const scheme = /^(\S+)\s+\S/.exec(value)?.[1]
    return scheme === undefined ? mask : `${scheme} ${mask}`
  }
  return mask
}

export function maskJsonSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJsonSecrets)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, child]) => [
      key,
      isSecretKey(key) && child !== null && child !== undefined && typeof child !== 'object' ? mask : maskJsonSecrets(child),
    ]),
  )
}

export function maskUrlSecrets(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  let changed = false
  // Rebuilt in order, so the masked URL reads like the original.
  const masked = new URLSearchParams()
  for (const [key, value] of parsed.searchParams) {
    const secret = isSecretKey(key)
    changed ||= secret
    masked.append(key, secret ? mask : value)
  }
  parsed.search = masked.toString()
  // Re-serialising would percent-encode the mask; keep it readable.
  return changed ? parsed.href.replace(/%2A%2A%2A/g, mask) : url
}

/** POSIX shell single-quoting: safe for any content. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

export function toCurl(request: RecordedRequest): string {
  const parts = ['curl']
  const method = request.method.toUpperCase()
  if (method !== 'GET' || request.body !== undefined) parts.push('-X', method)
  parts.push(shellQuote(maskUrlSecrets(request.url)))
  for (const [name, value] of Object.entries(request.headers)) {
    // curl computes these itself for -F.
    if (request.body?.kind === 'form' && name.toLowerCase() === 'content-type') continue
    parts.push('-H', shellQuote(`${name}: ${maskHeaderValue(name, value)}`))
  }
  const body = request.body
  if (body?.kind === 'json') {
    parts.push('--data-raw', shellQuote(JSON.stringify(maskJsonSecrets(body.value))))
  } else if (body?.kind === 'text') {
    parts.push('--data-raw', shellQuote(body.text))
  } else if (body?.kind === 'form') {
    for (const field of body.fields) {
      if ('fileName' in field) {
        parts.push('-F', shellQuote(`${field.name}=@${field.fileName};type=${field.contentType}`))
      } else {
        parts.push('-F', shellQuote(`${field.name}=${isSecretKey(field.name) ? mask : field.value}`))
      }
    }
  }
  return parts.join(' ')
}
