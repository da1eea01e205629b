import { describe, expect, it } from 'vitest'
import { parseServerEnvironment, ServerEnvironmentError } from '../../../web/server/server-environment.ts'

// What `npm run serve` reads: the defaults a fresh host gets, and a value it cannot use stops it, named.

describe("the production server's environment", () => {
  it('defaults: port 4173 on loopback, the local API, vitals into rum.jsonl from every page view, no proxy trusted', () => {
    const env = parseServerEnvironment({})
    expect(env).toMatchObject({ port: 4173, host: '127.0.0.1', apiUrl: 'http://localhost:3333/api/customer', paymentOrigins: undefined })
    expect(env.rum).toEqual({ file: 'rum.jsonl', sample: 1 })
    expect(env.trustedProxies.list).toEqual([])
    expect(env.trustedProxies.trusts('127.0.0.1')).toBe(false)
  })

  it('reads TRUSTED_PROXIES, RUM_SAMPLE, RUM_FILE=off and the card provider’s origins', () => {
    const env = parseServerEnvironment({
      TRUSTED_PROXIES: '10.0.0.0/8 loopback',
      RUM_SAMPLE: '0.1',
      PAYMENT_ORIGINS: 'https://pay.example  https://3ds.example',
    })
    expect(env.trustedProxies.trusts('10.20.30.40')).toBe(true)
    expect(env.rum).toEqual({ file: 'rum.jsonl', sample: 0.1 })
    expect(env.paymentOrigins).toEqual(['https://pay.example', 'https://3ds.example'])
    expect(parseServerEnvironment({ RUM_FILE: 'off' }).rum).toBeNull()
  })

  it('stops on a value it cannot use, naming the variable', () => {
    expect(() => parseServerEnvironment({ TRUSTED_PROXIES: 'cdn.example' })).toThrow(/^TRUSTED_PROXIES: 'cdn\.example' is not an address/)
    for (const sample of ['0', '1.5', 'ten', '-0.1']) {
      expect(() => parseServerEnvironment({ RUM_SAMPLE: sample }), sample).toThrow(ServerEnvironmentError)
      expect(() => parseServerEnvironment({ RUM_SAMPLE: sample }), sample).toThrow(/^RUM_SAMPLE must be a share/)
    }
    expect(() => parseServerEnvironment({ PORT: 'http' })).toThrow(/^PORT/)
  })
})
