import { describe, expect, it } from 'vitest'

import { checkPaymentTarget, isLoopbackHost, smokeMarker } from '../../../cli/src/run/safety.ts'

describe('payment safety', () => {
  it('knows loopback hosts', () => {
    for (const host of ['localhost', 'mock.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true)
    for (const host of ['example.com', '10.0.0.1', '192.168.1.1', 'localhost.example.com', '128.0.0.1']) expect(isLoopbackHost(host), host).toBe(false)
  })

  it('allows loopback payment URLs and refuses real providers', () => {
    expect(checkPaymentTarget('http://127.0.0.1:3333/__mock/provider/pay/1', [])).toEqual({ allowed: true })
    const refused = checkPaymentTarget('https://sis.redsys.es/sis/realizarPago', [])
    expect(refused.allowed).toBe(false)
    if (!refused.allowed) expect(refused.reason).toContain('https://sis.redsys.es/sis/realizarPago')
  })

  it('allows a provider only under an --allow-provider prefix', () => {
    const allow = ['https://sandbox.provider.example/pay']
    expect(checkPaymentTarget('https://sandbox.provider.example/pay/123', allow).allowed).toBe(true)
    expect(checkPaymentTarget('https://sandbox.provider.example/pay', allow).allowed).toBe(true)
    expect(checkPaymentTarget('https://sandbox.provider.example/payout', allow).allowed).toBe(false)
    expect(checkPaymentTarget('https://live.provider.example/pay/123', allow).allowed).toBe(false)
    expect(checkPaymentTarget('javascript:alert(1)', allow).allowed).toBe(false)
  })

  it('makes a sortable smoke marker', () => {
    expect(smokeMarker(new Date('2026-11-21T04:23:05.123Z'))).toBe('smoke-20261121T042305Z')
  })
})
