import { describe, expect, it } from 'vitest'
import { clientAddress, forwardedForChain, normaliseAddress, parseTrustedProxies, peerIsTrusted, TrustedProxiesError } from '../../core/client-address.ts'

// Who is asking, behind the proxies an operator trusts: the connection's peer, then X-Forwarded-For from the right
// while trusted. What a client writes in the header never makes it someone else.

const asked = (peer: string | undefined, forwardedFor?: string | string[]) => ({
  socket: { remoteAddress: peer } as never,
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
})

describe('TRUSTED_PROXIES', () => {
  it('takes addresses, CIDRs and range names, separated by commas or spaces', () => {
    const trusted = parseTrustedProxies(' 10.0.0.0/8, 203.0.113.7  2001:db8::/32,loopback ')
    expect(trusted.list).toEqual(['10.0.0.0/8', '203.0.113.7', '2001:db8::/32', 'loopback'])
    for (const address of ['10.1.2.3', '203.0.113.7', '2001:db8::5', '127.0.0.1', '::1']) expect(trusted.trusts(address), address).toBe(true)
    for (const address of ['11.0.0.1', '203.0.113.8', '2001:db9::1', '192.168.1.1']) expect(trusted.trusts(address), address).toBe(false)
  })

  it('covers an IPv4 entry in its IPv4-mapped IPv6 form, as a dual-stack socket reports the peer', () => {
    expect(parseTrustedProxies('10.0.0.0/8').trusts('::ffff:10.9.8.7')).toBe(true)
    expect(parseTrustedProxies('10.0.0.0/8').trusts('::ffff:11.9.8.7')).toBe(false)
  })

  it('is empty by default: nobody is trusted', () => {
    for (const spec of [undefined, '', ' , ']) {
      const trusted = parseTrustedProxies(spec)
      expect(trusted.list).toEqual([])
      expect(trusted.trusts('127.0.0.1')).toBe(false)
    }
  })

  it('refuses an entry it cannot read, naming it', () => {
    for (const entry of ['10.0.0.0/33', 'proxy.example', '10.0.0', '10.0.0.0/8/1', '::1/129', 'private']) {
      expect(() => parseTrustedProxies(`loopback, ${entry}`), entry).toThrow(TrustedProxiesError)
      expect(() => parseTrustedProxies(entry), entry).toThrow(`'${entry}'`)
    }
  })
})

describe('the client', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const none = parseTrustedProxies('')
    expect(clientAddress(asked('198.51.100.4', '1.2.3.4'), none)).toBe('198.51.100.4')
    expect(clientAddress(asked('198.51.100.4', ['1.2.3.4', '5.6.7.8']), none)).toBe('198.51.100.4')
  })

  it('behind a trusted proxy: the right-most address that is not a trusted proxy', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8')
    // the traveller wrote 6.6.6.6 in the header; the CDN appended who it saw, the load balancer is the peer
    expect(clientAddress(asked('10.0.0.2', '6.6.6.6, 203.0.113.50, 10.0.0.9'), trusted)).toBe('203.0.113.50')
    expect(clientAddress(asked('10.0.0.2', '203.0.113.50'), trusted)).toBe('203.0.113.50')
    // the header split over two lines is one list
    expect(clientAddress(asked('10.0.0.2', ['6.6.6.6', '203.0.113.50']), trusted)).toBe('203.0.113.50')
  })

  it('is the left-most address when every one is trusted, and the peer when there is no header', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8')
    expect(clientAddress(asked('10.0.0.2', '10.0.0.7, 10.0.0.9'), trusted)).toBe('10.0.0.7')
    expect(clientAddress(asked('10.0.0.2'), trusted)).toBe('10.0.0.2')
  })

  it('is one client whether the socket says IPv4 or its IPv4-mapped form', () => {
    expect(clientAddress(asked('::ffff:198.51.100.4'), parseTrustedProxies(''))).toBe('198.51.100.4')
    expect(clientAddress(asked('::ffff:10.0.0.2', '::ffff:203.0.113.50'), parseTrustedProxies('10.0.0.0/8'))).toBe('203.0.113.50')
    expect(normaliseAddress('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1')
  })

  it('is unknown when the connection has gone', () => {
    expect(clientAddress(asked(undefined, '1.2.3.4'), parseTrustedProxies('loopback'))).toBe('unknown')
  })
})

describe('what is passed on', () => {
  it('the chain and the peer from a trusted proxy; the peer alone from anyone else', () => {
    const trusted = parseTrustedProxies('loopback')
    expect(forwardedForChain(asked('127.0.0.1', '203.0.113.50'), trusted)).toBe('203.0.113.50, 127.0.0.1')
    expect(forwardedForChain(asked('198.51.100.4', '6.6.6.6'), trusted)).toBe('198.51.100.4')
    expect(forwardedForChain(asked('127.0.0.1'), trusted)).toBe('127.0.0.1')
    expect(forwardedForChain(asked(undefined, '6.6.6.6'), trusted)).toBeUndefined()
    expect(peerIsTrusted(asked('127.0.0.1'), trusted)).toBe(true)
    expect(peerIsTrusted(asked('198.51.100.4'), trusted)).toBe(false)
  })
})
