import { describe, expect, it } from 'vitest'

import { corsProblem, corsScan, foreignOrigins, isForeignOrigin } from '../../../contract/engine/cors-rules.ts'

// Cross-origin reads (OWASP API8): a foreign origin named back with credentials, or * with credentials.

const headers = (values: Record<string, string>) => new Headers(values)

describe('the cors rule', () => {
  it('foreign origins: another site, null, and the portal’s host with another site after it', () => {
    expect(foreignOrigins('http://localhost:5173')).toEqual(['https://attacker.invalid', 'null', 'http://localhost.attacker.invalid:5173'])
    expect(foreignOrigins('https://portal.viajes.example').every(isForeignOrigin)).toBe(true)
    expect(isForeignOrigin('https://portal.viajes.example')).toBe(false)
  })

  it('a foreign origin named back with credentials, or * with credentials, is a finding; the portal’s origin or no credentials is not', () => {
    const portal = 'https://portal.viajes.example'
    expect(
      corsProblem(
        'https://attacker.invalid',
        headers({ 'access-control-allow-origin': 'https://attacker.invalid', 'access-control-allow-credentials': 'true' }),
      ),
    ).toMatchObject({
      actual: 'Access-Control-Allow-Origin: https://attacker.invalid and Access-Control-Allow-Credentials: true',
    })
    expect(corsProblem('null', headers({ 'access-control-allow-origin': 'null', 'access-control-allow-credentials': 'true' }))).toBeDefined()
    expect(corsProblem(portal, headers({ 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' }))).toBeDefined()
    expect(corsProblem(portal, headers({ 'access-control-allow-origin': portal, 'access-control-allow-credentials': 'true' }))).toBeUndefined()
    expect(corsProblem('https://attacker.invalid', headers({ 'access-control-allow-origin': '*' }))).toBeUndefined()
    expect(corsProblem(undefined, headers({ 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' }))).toBeUndefined()
  })
})

describe('the scan of every answer', () => {
  it('reads the Origin the request had, whatever its case, and says nothing without one', () => {
    const answer = (requestHeaders: Record<string, string>) => ({
      operation: undefined,
      request: { method: 'GET', url: 'https://api.example/booking', headers: requestHeaders },
      status: 200,
      headers: headers({ 'access-control-allow-origin': 'null', 'access-control-allow-credentials': 'true' }),
      body: new Uint8Array(),
      json: undefined,
      media: undefined,
    })
    expect(corsScan().scan(answer({ ORIGIN: 'null' }))).toHaveLength(1)
    expect(corsScan().scan(answer({}))).toEqual([])
  })
})
