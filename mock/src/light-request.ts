// What the HTTP server hands a route() handler on its direct route (dispatch.ts) instead of a Fetch
// Request: building one (undici validates every header, wraps the body in a stream) costs more than
// most handlers. Handlers read `method`, `url`, `headers.get()` and `text()`, which this answers from
// the IncomingMessage as Request would; the rest of Request (formData for uploads, arrayBuffer,
// clone, signal…) is answered by a real Request, built on first use.
import type { IncomingMessage } from 'node:http'

const BOM = '\uFEFF'

export type LightRequestInit = {
  method: string
  /** the request's url, parsed (route() reuses it) */
  url: URL
  req: IncomingMessage
  /** header names the handlers must not see (hop-by-hop) */
  hidden: ReadonlySet<string>
  body: Buffer
  /** the equivalent Fetch Request */
  real: () => Request
}

class LightHeaders {
  readonly #init: LightRequestInit
  readonly #real: () => Request

  constructor(init: LightRequestInit, real: () => Request) {
    this.#init = init
    this.#real = real
  }

  get(name: string): string | null {
    const key = name.toLowerCase()
    if (this.#init.hidden.has(key) || key.startsWith(':')) return null
    // headersDistinct keeps every value of a repeated header, joined as Headers.get joins them.
    const values = this.#init.req.headersDistinct[key]
    return values === undefined ? null : values.join(', ')
  }

  has(name: string): boolean {
    return this.get(name) !== null
  }

  forEach(callback: (value: string, name: string, parent: Headers) => void): void {
    this.#real().headers.forEach(callback)
  }

  entries() {
    return this.#real().headers.entries()
  }

  keys() {
    return this.#real().headers.keys()
  }

  values() {
    return this.#real().headers.values()
  }

  getSetCookie(): string[] {
    return this.#real().headers.getSetCookie()
  }

  [Symbol.iterator]() {
    return this.#real().headers[Symbol.iterator]()
  }
}

/** Where a light request keeps its parsed url: route() (handlers/context.ts) reads it instead of parsing again. */
export const PARSED_URL = Symbol.for('travel-portal.mock.parsed-url')

class LightRequest {
  readonly method: string
  readonly url: string
  readonly [PARSED_URL]: URL
  readonly headers: LightHeaders
  readonly #init: LightRequestInit
  #real: Request | undefined

  constructor(init: LightRequestInit) {
    this.#init = init
    this.method = init.method
    this[PARSED_URL] = init.url
    this.url = init.url.href
    this.headers = new LightHeaders(init, () => this.#request())
  }

  #request(): Request {
    this.#real ??= this.#init.real()
    return this.#real
  }

  async text(): Promise<string> {
    // UTF-8 decoding as Body.text() does it: one leading byte-order mark is dropped.
    const text = this.#init.body.toString('utf8')
    return text.startsWith(BOM) ? text.slice(1) : text
  }

  json(): Promise<unknown> {
    return this.text().then((text) => JSON.parse(text) as unknown)
  }

  formData(): Promise<FormData> {
    return this.#request().formData()
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#request().arrayBuffer()
  }

  bytes(): Promise<Uint8Array> {
    return this.#request().bytes()
  }

  blob(): Promise<Blob> {
    return this.#request().blob()
  }

  clone(): Request {
    return this.#request().clone()
  }

  get body() {
    return this.#request().body
  }

  get bodyUsed() {
    return this.#real?.bodyUsed ?? false
  }

  get signal() {
    return this.#request().signal
  }

  get mode() {
    return this.#request().mode
  }

  get credentials() {
    return this.#request().credentials
  }

  get cache() {
    return this.#request().cache
  }

  get redirect() {
    return this.#request().redirect
  }

  get referrer() {
    return this.#request().referrer
  }
}

export const createLightRequest = (init: LightRequestInit): Request => new LightRequest(init) as unknown as Request
