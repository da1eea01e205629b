// Turns a recorded request into a copy-pasteable curl command for violation
// reports. Reports end up in CI logs and tickets, so secrets never appear: a
// secret the run knows (the session token, the password it was given) is
// printed as a shell variable ("$TRAVEL_PORTAL_TOKEN"), so the command runs as
// printed once the reader exports it; any other credential-like value is
// masked as *** (the command keeps the request's shape).

/** A form's field: a value, or a file (its bytes as base64 when they were recorded: the curl line then sends them itself). */
export type RecordedFormField = { name: string; value: string } | { name: string; fileName: string; contentType: string; base64?: string }

export type RecordedBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; contentType: string; text: string }
  | { kind: 'form'; fields: readonly RecordedFormField[] }
  /** bytes that are not UTF-8 text, as base64: the curl line decodes them into its standard input */
  | { kind: 'binary'; contentType: string; base64: string }

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A request body as findings print it: JSON parsed (so its credentials are masked in curl lines), else text, else bytes. */
export function recordedBodyOf(contentType: string, body: Uint8Array): RecordedBody {
  let text: string
  try {
    text = utf8.decode(body)
  } catch {
    return { kind: 'binary', contentType, base64: Buffer.from(body).toString('base64') }
  }
  if (/json/i.test(contentType)) {
    try {
      return { kind: 'json', value: JSON.parse(text) as unknown }
    } catch {
      // not JSON after all: as sent
    }
  }
  return { kind: 'text', contentType, text }
}

// What curl works out itself from what it sends: a length, host or encoding copied from the request would be wrong for
// the line as printed (a Content-Length with no body waits for ever).
const computedByCurl = new Set(['content-length', 'host', 'accept-encoding', 'connection', 'transfer-encoding', 'expect', 'keep-alive', 'te'])

export type RecordedRequest = {
  method: string
  url: string
  headers: Readonly<Record<string, string>>
  body?: RecordedBody
}

/** A header of a recorded request by its name, whatever the case it was sent in. */
export const requestHeader = (request: Pick<RecordedRequest, 'headers'>, name: string): string | undefined => {
  const wanted = name.toLowerCase()
  return Object.entries(request.headers).find(([key]) => key.toLowerCase() === wanted)?.[1]
}

/** secret value -> name of the shell variable that stands for it */
export type SecretNames = ReadonlyMap<string, string>

const noSecrets: SecretNames = new Map()

export const mask = '***'

const secretHeaderNames = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key'])

// Keys whose values are credentials wherever they appear in a JSON body or a
// query string (password, newPassword, password_confirmation, token, ...).
// Not a bare /pass/: that would also hide passenger fields.
const secretKeyPattern = /^(?:pass|pwd|cvv|cvc)$|password|passwd|secret|token|api[-_]?key|card[-_]?number/i

export function isSecretKey(key: string): boolean {
  return secretKeyPattern.test(key)
}

export function maskHeaderValue(name: string, value: string, secrets: SecretNames = noSecrets): string {
  const lower = name.toLowerCase()
  if (!secretHeaderNames.has(lower)) return value
  if (knownSecretIn(value, secrets)) return value
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    // Keep the scheme: "Bearer ***" still tells the reader a token was sent.
    const scheme = /^(\S+)\s+\S/.exec(value)?.[1]
    return scheme === undefined ? mask : `${scheme} ${mask}`
  }
  return mask
}

export function maskJsonSecrets(value: unknown, secrets: SecretNames = noSecrets): unknown {
  if (Array.isArray(value)) return value.map((item) => maskJsonSecrets(item, secrets))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, child]) => [
      key,
      isSecretKey(key) && child !== null && child !== undefined && typeof child !== 'object' && !(typeof child === 'string' && spliceable(child, secrets))
        ? mask
        : maskJsonSecrets(child, secrets),
    ]),
  )
}

// A secret is printed as a variable only where it appears verbatim: one that JSON would escape stays masked.
const spliceable = (value: string, secrets: SecretNames) => secrets.has(value) && JSON.stringify(value) === `"${value}"`

const knownSecretIn = (text: string, secrets: SecretNames) => [...secrets.keys()].some((secret) => secret !== '' && text.includes(secret))

/**
 * Single-quotes `value` for a POSIX shell, with every known secret in it
 * spliced in as "$VARIABLE" (outside the quotes, so the shell expands it).
 */
export function shellQuoteWithSecrets(value: string, secrets: SecretNames): string {
  // Longest first, so a secret that contains another is replaced whole.
  const known = [...secrets.entries()].filter(([secret]) => secret !== '' && value.includes(secret)).sort((a, b) => b[0].length - a[0].length)
  if (known.length === 0) return shellQuote(value)
  const pattern = new RegExp(known.map(([secret]) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
  const names = new Map(known)
  let out = ''
  let last = 0
  for (const match of value.matchAll(pattern)) {
    if (match.index > last) out += shellQuote(value.slice(last, match.index))
    out += `"$${names.get(match[0]) as string}"`
    last = match.index + match[0].length
  }
  if (last < value.length) out += shellQuote(value.slice(last))
  return out
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

/**
 * The request as one shell command that runs as printed: its method, URL, headers (less what curl works out itself)
 * and body. Bytes that are not text, and a form's file, come from `printf … | base64 -d` on curl's standard input.
 */
export function toCurl(request: RecordedRequest, secrets: SecretNames = noSecrets): string {
  const quote = (value: string) => shellQuoteWithSecrets(value, secrets)
  const parts = ['curl']
  let stdin: string | undefined
  const method = request.method.toUpperCase()
  if (method !== 'GET' || request.body !== undefined) parts.push('-X', method)
  parts.push(quote(maskUrlSecrets(request.url)))
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase()
    if (computedByCurl.has(lower)) continue
    // curl writes a form's content type itself, with its own boundary
    if (request.body?.kind === 'form' && lower === 'content-type') continue
    parts.push('-H', quote(`${name}: ${maskHeaderValue(name, value, secrets)}`))
  }
  const body = request.body
  if (body?.kind === 'json') {
    parts.push('--data-raw', quote(JSON.stringify(maskJsonSecrets(body.value, secrets))))
  } else if (body?.kind === 'text') {
    parts.push('--data-raw', quote(body.text))
  } else if (body?.kind === 'binary') {
    stdin = body.base64
    parts.push('--data-binary', '@-')
  } else if (body?.kind === 'form') {
    for (const field of body.fields) {
      if ('fileName' in field) {
        // one file can come from standard input; any other is named for the reader to supply
        const fromStdin = field.base64 !== undefined && stdin === undefined
        if (fromStdin) stdin = field.base64
        parts.push('-F', shellQuote(`${field.name}=@${fromStdin ? '-' : field.fileName};filename=${field.fileName};type=${field.contentType}`))
      } else {
        parts.push('-F', quote(`${field.name}=${isSecretKey(field.name) && !secrets.has(field.value) ? mask : field.value}`))
      }
    }
  }
  const command = parts.join(' ')
  return stdin === undefined ? command : `printf %s ${shellQuote(stdin)} | base64 -d | ${command}`
}
