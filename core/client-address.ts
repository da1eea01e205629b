// Who is asking, behind the proxies an operator trusts (TRUSTED_PROXIES): the portal's field data counts beacons per
// client (web/server/rum-beacon.ts) and the mock's throttle counts sign-in tries per client (mock/src/handlers/throttle.ts).
// Express's rule, by Express's own library (proxy-addr): start at the connection's peer and walk X-Forwarded-For from
// the right while the address is trusted; the first one that is not is the client (the left-most when all are). With no
// list, the peer: nothing a client writes in a header changes who it is. Framework-free: node:http by type only.
import type { IncomingMessage } from 'node:http'
import ipaddr from 'ipaddr.js'
import proxyAddr from 'proxy-addr'

/** proxy-addr's names for whole ranges, besides addresses and CIDRs. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const

export type TrustedProxies = {
  /** the entries as given, for a start-up line */
  readonly list: readonly string[]
  /** whether this address (a connection's peer, or an entry of X-Forwarded-For) is one of them */
  readonly trusts: (address: string) => boolean
}

/** A TRUSTED_PROXIES entry that is neither an address, a CIDR nor a range name; the message names it. */
export class TrustedProxiesError extends Error {
  override readonly name = 'TrustedProxiesError'
}

/** What a request carries that says who sent it: its connection and its headers. */
type Asked = Pick<IncomingMessage, 'headers' | 'socket'>

/**
 * `TRUSTED_PROXIES` read: addresses (`203.0.113.7`, `2001:db8::1`), CIDRs (`10.0.0.0/8`) and `loopback`, `linklocal`,
 * `uniquelocal`, separated by commas or white space. An IPv4 entry also covers its IPv4-mapped IPv6 form
 * (`::ffff:10.1.2.3`), as a dual-stack socket reports it. Empty or undefined: no proxy is trusted.
 */
export function parseTrustedProxies(spec: string | readonly string[] | undefined): TrustedProxies {
  const list = (typeof spec === 'string' ? spec.split(/[\s,]+/) : [...(spec ?? [])]).map((entry) => entry.trim()).filter(Boolean)
  for (const entry of list) {
    if ((RANGE_NAMES as readonly string[]).includes(entry)) continue
    const [address, bits, extra] = entry.split('/')
    const valid =
      extra === undefined &&
      address !== undefined &&
      ipaddr.isValid(address) &&
      (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128)))
    if (!valid) throw new TrustedProxiesError(`TRUSTED_PROXIES: '${entry}' is not an address, a CIDR or one of ${RANGE_NAMES.join(', ')}`)
  }
  const trusts = proxyAddr.compile(list)
  return { list, trusts: (address) => trusts(address, 0) }
}

/** No proxy trusted: the client is the connection's peer. */
export const NO_TRUSTED_PROXIES: TrustedProxies = parseTrustedProxies(undefined)

/** An address as one client is counted: IPv4-mapped IPv6 as IPv4, IPv6 in its short form; anything else as it came, bounded. */
export const normaliseAddress = (address: string): string => (ipaddr.isValid(address) ? ipaddr.process(address).toString() : address.slice(0, 64))

/** The client's address (normalised), by the rule above; 'unknown' when the connection has none (it closed). */
export function clientAddress(req: Asked, trusted: TrustedProxies): string {
  if (req.socket.remoteAddress === undefined) return 'unknown'
  // node joins a repeated X-Forwarded-For into one line; a header object built elsewhere may keep the lines apart
  const chain = req.headers['x-forwarded-for']
  const asked = { socket: req.socket, headers: chain === undefined ? {} : { 'x-forwarded-for': Array.isArray(chain) ? chain.join(', ') : chain } }
  return normaliseAddress(proxyAddr(asked as IncomingMessage, (address) => trusted.trusts(address)))
}

/** Whether the connection's peer is a trusted proxy: only then do its X-Forwarded-* headers say anything. */
export const peerIsTrusted = (req: Asked, trusted: TrustedProxies): boolean =>
  req.socket.remoteAddress !== undefined && trusted.trusts(req.socket.remoteAddress)

/**
 * The X-Forwarded-For to pass on to the next hop: the chain so far and this connection's peer when the peer is a
 * trusted proxy; the peer alone otherwise, so a chain a client made up stops here (as a proxy in front must strip it).
 */
export function forwardedForChain(req: Asked, trusted: TrustedProxies): string | undefined {
  const peer = req.socket.remoteAddress
  if (peer === undefined) return undefined
  const chain = req.headers['x-forwarded-for']
  const received = Array.isArray(chain) ? chain.join(', ') : chain
  return received === undefined || received.trim() === '' || !trusted.trusts(peer) ? peer : `${received}, ${peer}`
}
