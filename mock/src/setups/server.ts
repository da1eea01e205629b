// The mock as a real HTTP server (npm run mock): node:http in front of the same MSW handlers that
// run in Vitest and in the service worker, through the same path: IncomingMessage → Fetch Request →
// msw getResponse() → ServerResponse. (@mswjs/http-middleware does not support msw 3.)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

import { getResponse, http, HttpResponse, type RequestHandler } from 'msw'

import { corsHeadersFor, preflightHeaders } from './cors.ts'
import { errorBody, errorResponse } from '../http/http-json.ts'
import { readBody, requestOrigin, sendJson, toFetchRequest, urlHost, writeResponse } from './node-http.ts'
import { isJournalRead, journalFor, maskBody, maskUrl, type Journal } from '../control/journal.ts'
import { CONTROL_PREFIX } from '../control/control.ts'
import { type Api, createApi } from '../handlers/index.ts'
import { createMockHandlers } from './mock-handlers.ts'
import { createRuntime, type Runtime, type Store } from '../runtime/runtime.ts'
import { createSqliteStore, DEFAULT_DATA_DIR, type SqliteStore, type SqliteStoreStats } from '../runtime/sqlite-store.ts'
import { trackForGracefulClose } from '../../../core/graceful-close.ts'
import { clientAddress, NO_TRUSTED_PROXIES, type TrustedProxies } from '../../../core/client-address.ts'

export const DEFAULT_PORT = 3333
export const DEFAULT_HOST = '127.0.0.1'
export const MAX_BODY_BYTES = 10 * 1024 * 1024
/** MSW's path matcher throws past 8192 characters; longer targets get a 414 before they reach it. */
export const MAX_URL_CHARS = 8000

export type MockServerOptions = {
  /** 0 picks a free port (tests) */
  port?: number
  host?: string
  seed?: number
  /** ignore the stored state and start (and store) the seeded world */
  fresh?: boolean
  dataDir?: string
  /** no per-request log lines */
  quiet?: boolean
  /** the runtime's clock, for tests that need a fixed today */
  now?: () => Date
  /** handlers consulted before the mock's own (tests inject failures this way) */
  extraHandlers?: (rt: Runtime) => RequestHandler[]
  maxBodyBytes?: number
  /** where log lines go; console.log by default */
  log?: (line: string) => void
  /** false: no control API at all (/__mock answers 404), for a demo others can reach */
  control?: boolean
  /** debug sign-in (POST /auth/debug) for every tenant, not only those that turned it on */
  debugLogin?: boolean
  /**
   * The proxies in front (--trusted-proxies, core/client-address.ts), through whose X-Forwarded-For the client the
   * throttle counts is found; default none: the connection's peer, whatever a client writes in the header
   */
  trustedProxies?: TrustedProxies
}

/** Where the world came from at start-up. */
export type MockStateSource = 'restored' | 'seeded' | 'fresh'

export type MockServer = {
  url: string
  port: number
  host: string
  dataDir: string
  state: MockStateSource
  runtime: Runtime
  /** whether the control API (/__mock) exists on this server */
  control: boolean
  /** the database's counters: transactions committed, rows written and removed */
  storeStats(): SqliteStoreStats
  close(): Promise<void>
}

// ── the server ──

export const startMockServer = async (opts: MockServerOptions = {}): Promise<MockServer> => {
  const port = opts.port ?? DEFAULT_PORT
  const host = opts.host ?? DEFAULT_HOST
  const dataDir = opts.dataDir ?? DEFAULT_DATA_DIR
  const maxBodyBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES
  const trustedProxies = opts.trustedProxies ?? NO_TRUSTED_PROXIES
  const log = opts.log ?? ((line: string) => console.log(line))
  const logError = (line: string, error?: unknown) => {
    log(`[mock] ${line}${error === undefined ? '' : `: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`}`)
  }

  // Filled in once the port is ours (see below); until then requests get a 503.
  let live: { rt: Runtime; journal: Journal } | null = null
  let sqlite: SqliteStore | null = null
  let handlers: RequestHandler[] = []
  // The API answered without MSW's handler machinery: the same operations, the same Request and
  // Response, minus a request clone and an abort controller per request. Null when a test put
  // handlers of its own in front (they must be asked first, so everything goes through MSW).
  let direct: Api | null = null
  // The API's own routes, always (for the methods a path has, even when test handlers come first)
  let api: Api | null = null
  // Set once listening (port 0 becomes the real port); only used when a request has no Host header.
  let fallbackHost = `${urlHost(host)}:${port}`

  const handle = async (req: IncomingMessage, res: ServerResponse, rt: Runtime, journal: Journal): Promise<void> => {
    const started = performance.now()
    const time = new Date().toISOString()
    const method = (req.method ?? 'GET').toUpperCase()
    const rawPath = req.url ?? '/'
    const pathname = rawPath.split('?')[0] ?? '/'
    const agencyHeader = req.headers['agencyid']
    const agency = typeof agencyHeader === 'string' && agencyHeader !== '' ? agencyHeader : null
    const origin = req.headers.origin
    const cors = corsHeadersFor(origin, rt)
    let journalBody: string | undefined

    const done = (status: number) => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10
      if (!isJournalRead(method, pathname)) {
        journal.record({ time, method, path: maskUrl(rawPath), status, agency, durationMs, ...(journalBody === undefined ? {} : { body: journalBody }) })
      }
      if (!opts.quiet) log(`${method} ${maskUrl(rawPath)} → ${status === 0 ? 'dropped' : status} ${durationMs}ms`)
    }

    // A CORS preflight is answered here; a plain OPTIONS goes to the API, which lists a path's own methods.
    if (method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.writeHead(204, preflightHeaders(cors, req.headers['access-control-request-private-network'] === 'true'))
      res.end()
      done(204)
      return
    }

    if (rawPath.length > MAX_URL_CHARS) {
      sendJson(res, 414, errorBody('bad_request', `The request target is longer than ${MAX_URL_CHARS} characters.`), cors)
      done(414)
      return
    }

    const read = await readBody(req, maxBodyBytes)
    if (read.kind === 'aborted') return
    if (read.kind === 'too-large') {
      sendJson(res, 413, errorBody('bad_request', `The body is larger than ${Math.round(maxBodyBytes / 1024 / 1024)} MB.`), cors)
      done(413)
      return
    }
    journalBody = maskBody(read.body.toString('utf8'), req.headers['content-type'] ?? null)

    // The request's url as a Fetch Request would see it. A target that is not a path (absolute-form
    // `http://…`, `*`) never reaches the handlers.
    let url: URL | null = null
    if (rawPath.startsWith('/')) {
      try {
        url = new URL(`${requestOrigin(req, fallbackHost)}${rawPath}`)
      } catch {
        url = null
      }
    }
    if (url === null) {
      sendJson(res, 400, errorBody('bad_request', 'The request target is not a path.'), cors)
      done(400)
      return
    }
    // TRACE, TRACK and CONNECT are no method of any operation (and a Fetch Request refuses them): 405, never a 500.
    if (method === 'TRACE' || method === 'CONNECT' || method === 'TRACK') {
      const allowed = api?.allowedMethods(url.pathname) ?? []
      sendJson(res, 405, errorBody('bad_request', `${method} is not supported.`), { ...cors, ...(allowed.length > 0 ? { Allow: allowed.join(', ') } : {}) })
      done(405)
      return
    }
    // No abort signal: no handler reads one (each answers from memory; the slow scenario's delay ends
    // on its own).
    const request = toFetchRequest(req, url.href, read.body, clientAddress(req, trustedProxies))

    // A write is in the database before its answer comes back from the handlers (route() commits it).
    let response: Response
    try {
      response =
        (await direct?.answer(request)) ??
        (await getResponse(handlers, request, { quiet: true })) ??
        errorResponse(404, 'not_found', `The mock has no route for ${method} ${pathname}.`)
    } catch (error) {
      logError(`handler failed for ${method} ${maskUrl(rawPath)}`, error)
      response = errorResponse(500, 'service_unavailable', 'The mock failed to handle this request.')
    }

    if (response.type === 'error' || response.status === 0) {
      // HttpResponse.error(): the flaky scenario's dropped connection. No bytes, just a reset.
      req.socket.destroy()
      done(0)
      return
    }

    try {
      await writeResponse(res, response, cors, method === 'HEAD')
    } catch (error) {
      // Usually the client hung up mid-body; nothing more to send.
      if (!res.headersSent) sendJson(res, 500, errorBody('service_unavailable', 'The mock could not send its answer.'), cors)
      else res.destroy()
      if (!isClientGone(error)) logError(`could not write the answer to ${method} ${maskUrl(rawPath)}`, error)
    }
    done(response.status)
  }

  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    if (live === null) {
      sendJson(res, 503, errorBody('service_unavailable', 'The mock is starting.'), { 'Retry-After': '1' })
      return
    }
    handle(req, res, live.rt, live.journal).catch((error: unknown) => {
      logError('unexpected failure', error)
      if (!res.headersSent) sendJson(res, 500, errorBody('service_unavailable', 'The mock failed unexpectedly.'), {})
      else res.destroy()
    })
  })

  // Answers in flight get 2 s to finish when the mock stops (a slow-scenario delay is 1.5 s).
  const closeGracefully = trackForGracefulClose(server, 2_000)
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Malformed HTTP or a reset connection: answer if still possible, never let it reach the process.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(errorBody('bad_request', 'Malformed HTTP request.'))}`,
    )
  })

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} on ${host} is already in use (is another mock running?)`, { cause: error }) : error)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, host)
  })
  // After start-up a server error is logged, never thrown: the mock must keep serving.
  server.on('error', (error) => logError('server error', error))

  // The state is loaded only now that the port is ours: a second mock started by mistake on the
  // same data directory fails on the port before it can touch (or, with --fresh, replace) the store.
  let runtime: Runtime
  let state: MockStateSource
  try {
    const storeLog = (line: string) => log(`[mock] ${line}`)
    const database = createSqliteStore(dataDir, { log: storeLog })
    sqlite = database
    let restored = false
    const store: Store = {
      load: () => {
        const world = database.load()
        restored = world !== null
        return world
      },
      replace: database.replace,
      write: database.write,
    }
    // With fresh it does not even read the old world; a world it had to seed, it stores at once.
    runtime = createRuntime({ seed: opts.seed, store, now: opts.now, fresh: opts.fresh === true, debugLogin: opts.debugLogin })
    state = opts.fresh === true ? 'fresh' : restored ? 'restored' : 'seeded'
    if (state === 'restored' && opts.seed !== undefined && opts.seed !== runtime.world.seed) {
      log(`[mock] kept the stored world (seed ${runtime.world.seed}); --seed ${opts.seed} applies with --fresh`)
    }
    // This process, for benchmarks and soak runs: memory, and what the database stored.
    // ?gc=1 runs a full garbage collection first: what is live, not what awaits collection (soak runs).
    const processHandler = http.get(`${CONTROL_PREFIX}/process`, ({ request }) => {
      const collected = new URL(request.url).searchParams.get('gc') === '1'
      if (collected) fullGc()
      const memory = process.memoryUsage()
      return HttpResponse.json({
        pid: process.pid,
        uptimeS: Math.round(process.uptime() * 10) / 10,
        memory: {
          rss: memory.rss,
          heapUsed: memory.heapUsed,
          heapTotal: memory.heapTotal,
          external: memory.external,
          arrayBuffers: memory.arrayBuffers,
          afterGc: collected,
        },
        store: database.stats(),
      })
    })
    const control = opts.control !== false
    api = createApi(runtime)
    const extra = opts.extraHandlers?.(runtime) ?? []
    handlers = [...extra, ...(control ? [processHandler] : []), ...createMockHandlers(runtime, { control, api })]
    direct = extra.length === 0 ? api : null
    live = { rt: runtime, journal: journalFor(runtime) }
  } catch (error) {
    sqlite?.close()
    server.close()
    throw error
  }
  const actualPort = (server.address() as AddressInfo).port
  fallbackHost = `${urlHost(host)}:${actualPort}`
  const url = `http://${urlHost(host)}:${actualPort}`

  let closed: Promise<void> | null = null
  const close = (): Promise<void> => {
    closed ??= (async () => {
      await closeGracefully()
      // Folds the WAL into world.db.
      sqlite?.close()
    })()
    return closed
  }

  const storeStats = () => sqlite!.stats()
  return { url, port: actualPort, host, dataDir, state, runtime, control: opts.control !== false, storeStats, close }
}

let gcFunction: (() => void) | null = null
/** A full collection, without starting Node with --expose-gc (the flag is set at run time, gc() taken from a fresh context). */
const fullGc = () => {
  if (gcFunction === null) {
    setFlagsFromString('--expose-gc')
    gcFunction = runInNewContext('gc') as () => void
  }
  gcFunction()
}

const isClientGone = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE'
}
