// What travellers really get: the portal's pages send their Core Web Vitals once per page view
// (web/src/app/background/vitals-beacon.ts, navigator.sendBeacon) to POST /__rum (VITALS_PATH) on the portal's own origin, and
// this writes each as one JSON line. Only the named fields, each bounded, are kept — the page's route template,
// the agency, LCP, INP, CLS, the device's memory and connection type — never an address, a booking or an
// account; the client's address (behind trusted proxies, core/client-address.ts) is used for the flood limit and not written. A body over 2 kB is refused (413),
// a client over its share (429), everything past the file's cap or a failed disk dropped (said once in the log):
// a beacon never costs the server more than a line, and never its life. `npm run rum:report FILE` reads the lines.
import { createWriteStream, statSync, type WriteStream } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'
import type { VitalsBeacon } from '../src/config/vitals.universal.ts'
import { clientAddress, NO_TRUSTED_PROXIES, type TrustedProxies } from '../../core/client-address.ts'

export type RumOptions = {
  /** the JSON-lines file the beacons are appended to */
  file: string
  /** the largest body taken (default 2048 bytes) */
  maxBodyBytes?: number
  /** beacons taken from one client address per minute (default 60: a page view sends one) */
  perClientPerMinute?: number
  /**
   * The share of page views that send one (RUM_SAMPLE, 0 to 1; default 1): the pages decide, and each line says it,
   * so a report counts page views as lines ÷ share
   */
  sample?: number
  /** the proxies in front, through which the client is found (default none: the connection's peer) */
  trustedProxies?: TrustedProxies
  /** the file's cap: past it, beacons are dropped (default 100 MB) */
  maxFileBytes?: number
  log?: (line: string) => void
  /** the clock of the flood limit, in milliseconds (default performance.now) */
  now?: () => number
  /** where lines go (default: appended to `file`); tests give a writer that fails as a full disk does */
  open?: (file: string) => Pick<WriteStream, 'write' | 'on' | 'writableLength'>
}

/** One page view's vitals as written: what the page sent, bounded, when it arrived, and the share sampled (when not all). */
export type RumLine = VitalsBeacon & { at: string; sample?: number }

const CONNECTIONS = new Set(['slow-2g', '2g', '3g', '4g'])
const ROUTE = /^\/[A-Za-z0-9/:_-]{0,100}$/
const AGENCY = /^[A-Za-z0-9_-]{1,64}$/

const bounded = (value: unknown, max: number, decimals: number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max ? Math.round(value * 10 ** decimals) / 10 ** decimals : undefined

/** The line for a beacon's body, or null when it is not one (no route or agency of the right shape). */
export function rumLineOf(body: unknown, at: Date): RumLine | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null
  const fields = body as Record<string, unknown>
  const route = fields['route']
  const agency = fields['agency']
  if (typeof route !== 'string' || !ROUTE.test(route) || typeof agency !== 'string' || !AGENCY.test(agency)) return null
  const line: RumLine = { at: at.toISOString(), route, agency }
  const lcp = bounded(fields['lcp'], 120_000, 0)
  const inp = bounded(fields['inp'], 120_000, 0)
  const cls = bounded(fields['cls'], 100, 4)
  const memory = bounded(fields['memory'], 1024, 2)
  if (lcp !== undefined) line.lcp = lcp
  if (inp !== undefined) line.inp = inp
  if (cls !== undefined) line.cls = cls
  if (memory !== undefined) line.memory = memory
  if (typeof fields['connection'] === 'string' && CONNECTIONS.has(fields['connection'])) line.connection = fields['connection']
  return line
}

const sizeOf = (file: string): number => {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

export type RumSink = { handle(req: IncomingMessage, res: ServerResponse): void }

export function createRumSink(options: RumOptions): RumSink {
  const maxBody = options.maxBodyBytes ?? 2048
  const perMinute = options.perClientPerMinute ?? 60
  const sample = options.sample ?? 1
  const maxFile = options.maxFileBytes ?? 100 * 1024 * 1024
  const log = options.log ?? ((line: string) => console.log(line))
  const now = options.now ?? (() => performance.now())
  let size = sizeOf(options.file)
  let out: Pick<WriteStream, 'write' | 'on' | 'writableLength'> | undefined
  let failed = false
  let full = false
  const writer = () => {
    if (out === undefined) {
      out = (options.open ?? ((file) => createWriteStream(file, { flags: 'a' })))(options.file)
      // a full disk, a file it may not write: the beacons are dropped from here on, the server goes on
      out.on('error', (error: Error) => {
        if (!failed) log(`vitals beacons dropped from now on: ${options.file}: ${error.message}`)
        failed = true
      })
    }
    return out
  }
  // the beacons of each client address in the current minute; bounded, so made-up addresses cannot fill memory
  const clients = new LRUCache<string, { since: number; count: number }>({ max: 10_000 })

  const answer = (res: ServerResponse, status: number) => {
    res.statusCode = status
    res.end()
  }

  return {
    handle(req, res) {
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST')
        answer(res, 405)
        return
      }
      const client = clientAddress(req, options.trustedProxies ?? NO_TRUSTED_PROXIES)
      const at = now()
      const seen = clients.get(client)
      const window = seen === undefined || at - seen.since >= 60_000 ? { since: at, count: 0 } : seen
      window.count += 1
      clients.set(client, window)
      if (window.count > perMinute) {
        req.resume()
        answer(res, 429)
        return
      }
      if (Number(req.headers['content-length'] ?? 0) > maxBody) {
        answer(res, 413)
        req.destroy()
        return
      }
      const chunks: Buffer[] = []
      let length = 0
      let refused = false
      req.on('data', (chunk: Buffer) => {
        length += chunk.length
        if (length > maxBody && !refused) {
          refused = true
          answer(res, 413)
          req.destroy()
          return
        }
        if (!refused) chunks.push(chunk)
      })
      req.on('end', () => {
        if (refused) return
        let body: unknown
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          answer(res, 400)
          return
        }
        const line = rumLineOf(body, new Date())
        if (line === null) {
          answer(res, 400)
          return
        }
        if (sample < 1) line.sample = sample
        const text = `${JSON.stringify(line)}\n`
        // the cap counted again from the file itself (rotated by copytruncate, it is small again), with the
        // lines still on their way to it: the stream writes after we answer, so the file alone says too little
        if (size + text.length > maxFile) size = sizeOf(options.file) + (out?.writableLength ?? 0)
        if (size + text.length > maxFile) {
          if (!full) log(`vitals beacons dropped: ${options.file} reached its cap of ${maxFile} bytes`)
          full = true
        } else if (!failed) {
          full = false
          size += text.length
          writer().write(text)
        }
        answer(res, 204)
      })
      req.on('error', () => undefined)
    },
  }
}
