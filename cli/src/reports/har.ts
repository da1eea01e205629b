import { maskHeaderValue, maskJsonSecrets, mask, type SecretNames } from '../../../contract/engine/curl.ts'
import type { Exchange } from '../transport/api-types.ts'

// Every exchange of a run as HAR 1.2 (`--har FILE`), the format browsers' network panels and proxies
// read, to attach to a bug report. Nothing secret is written: credential headers and fields are
// masked, and every value the run knows to be secret (the token, a password, an -H value) is
// replaced wherever it appears, answers included (a sign-in answer carries a token).

type HarHeader = { name: string; value: string }

export type Har = {
  log: {
    version: '1.2'
    creator: { name: string; version: string }
    entries: Array<Record<string, unknown>>
  }
}

const textual = /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml|x-www-form-urlencoded|problem\+json))/i
const maxText = 64 * 1024
const decoder = new TextDecoder('utf-8')

export function toHar(exchanges: readonly Exchange[], secrets: SecretNames, version: string): Har {
  const hide = (text: string) => [...secrets.keys()].filter((secret) => secret.length >= 4).reduce((out, secret) => out.split(secret).join(mask), text)
  const headerList = (entries: Iterable<[string, string]>): HarHeader[] =>
    [...entries].map(([name, value]) => ({ name, value: hide(maskHeaderValue(name, value)) }))
  /** A text body with its credentials masked: JSON keys that name one, and the run's secrets anywhere. */
  const maskedText = (mimeType: string, text: string): string => {
    if (/json/i.test(mimeType)) {
      try {
        return hide(JSON.stringify(maskJsonSecrets(JSON.parse(text) as unknown)))
      } catch {
        // not JSON after all: as sent
      }
    }
    return hide(text)
  }
  const bodyText = (mimeType: string, bytes: Uint8Array): { text: string } | { comment: string } => {
    if (!textual.test(mimeType)) return { comment: `${bytes.length} bytes of ${mimeType || 'unknown type'}, not included` }
    return { text: maskedText(mimeType, decoder.decode(bytes.subarray(0, maxText))) + (bytes.length > maxText ? '…' : '') }
  }

  const entries = exchanges.map((exchange) => {
    const url = new URL(exchange.request.url)
    const requestBody = exchange.request.body
    const postData =
      requestBody === undefined
        ? undefined
        : requestBody.kind === 'json'
          ? { mimeType: 'application/json', text: hide(JSON.stringify(maskJsonSecrets(requestBody.value))) }
          : requestBody.kind === 'text'
            ? { mimeType: requestBody.contentType, text: maskedText(requestBody.contentType, requestBody.text) }
            : requestBody.kind === 'binary'
              ? { mimeType: requestBody.contentType, text: '', comment: `${Buffer.byteLength(requestBody.base64, 'base64')} bytes, not included` }
              : {
                  mimeType: 'multipart/form-data',
                  params: requestBody.fields.map((field) =>
                    'value' in field
                      ? { name: field.name, value: hide(field.value) }
                      : { name: field.name, fileName: field.fileName, contentType: field.contentType },
                  ),
                }
    const response = exchange.response
    const mimeType = response?.headers.get('content-type') ?? ''
    return {
      startedDateTime: exchange.startedAt.toISOString(),
      time: exchange.durationMs,
      comment: exchange.label,
      request: {
        method: exchange.request.method,
        url: hide(url.href),
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: headerList(Object.entries(exchange.request.headers)),
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value: hide(value) })),
        ...(postData === undefined ? {} : { postData }),
        headersSize: -1,
        bodySize: -1,
      },
      response:
        response === undefined
          ? {
              status: 0,
              statusText: 'no answer',
              httpVersion: 'HTTP/1.1',
              cookies: [],
              headers: [],
              content: { size: 0, mimeType: '' },
              redirectURL: '',
              headersSize: -1,
              bodySize: -1,
            }
          : {
              status: response.status,
              statusText: response.statusText,
              httpVersion: 'HTTP/1.1',
              cookies: [],
              headers: headerList(response.headers),
              content: { size: response.body.length, mimeType, ...bodyText(mimeType, response.body) },
              redirectURL: response.headers.get('location') ?? '',
              headersSize: -1,
              bodySize: response.body.length,
            },
      cache: {},
      timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    }
  })
  return { log: { version: '1.2', creator: { name: 'travel-portal smoke', version }, entries } }
}
