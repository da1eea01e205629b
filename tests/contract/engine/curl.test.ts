import { describe, expect, it } from 'vitest'

import { execFileSync } from 'node:child_process'

import { maskJsonSecrets, maskUrlSecrets, recordedBodyOf, shellQuote, shellQuoteWithSecrets, toCurl } from '../../../contract/engine/curl.ts'

describe('curl reproduction with secrets masked', () => {
  it('masks the bearer token but keeps the scheme', () => {
    const curl = toCurl({
      method: 'GET',
      url: 'http://127.0.0.1:3333/api/customer/auth/profile',
      headers: { Authorization: 'Bearer tok_7d1f2c9a', agencyId: 'ag-sol' },
    })
    expect(curl).toBe(`curl 'http://127.0.0.1:3333/api/customer/auth/profile' -H 'Authorization: Bearer ***' -H 'agencyId: ag-sol'`)
    expect(curl).not.toContain('tok_7d1f2c9a')
  })

  it('masks password fields at any depth of a JSON body, and not passenger fields', () => {
    const curl = toCurl({
      method: 'PUT',
      url: 'http://127.0.0.1:3333/api/customer/auth/password',
      headers: { 'content-type': 'application/json' },
      body: {
        kind: 'json',
        value: { password: 'old-secret', new_password: 'new-secret', nested: [{ passwordConfirmation: 'new-secret' }], passengers: 2, passenger_name: 'Ana' },
      },
    })
    expect(curl).toContain('-X PUT')
    expect(curl).toContain(
      `--data-raw '{"password":"***","new_password":"***","nested":[{"passwordConfirmation":"***"}],"passengers":2,"passenger_name":"Ana"}'`,
    )
    expect(curl).not.toContain('secret')
  })

  it('masks cookies and secret query parameters', () => {
    const curl = toCurl({ method: 'GET', url: 'http://127.0.0.1/x?token=abc&code=ok', headers: { Cookie: 'session=abc' } })
    expect(curl).toBe(`curl 'http://127.0.0.1/x?token=***&code=ok' -H 'Cookie: ***'`)
    expect(maskUrlSecrets('http://127.0.0.1/x?page=2')).toBe('http://127.0.0.1/x?page=2')
  })

  it('quotes anything safely for a POSIX shell', () => {
    expect(shellQuote(`it's "fine" $HOME`)).toBe(`'it'\\''s "fine" $HOME'`)
    const curl = toCurl({ method: 'POST', url: 'http://127.0.0.1/r', headers: {}, body: { kind: 'json', value: { text: "O'Brien" } } })
    expect(curl).toContain(`--data-raw '{"text":"O'\\''Brien"}'`)
  })

  it('renders multipart uploads as -F fields', () => {
    const curl = toCurl({
      method: 'POST',
      url: 'http://127.0.0.1/api/customer/auth/file-upload',
      headers: { 'content-type': 'multipart/form-data' },
      body: {
        kind: 'form',
        fields: [
          { name: 'file', fileName: 'dni.png', contentType: 'image/png' },
          { name: 'kind', value: 'dni' },
        ],
      },
    })
    expect(curl).toBe(`curl -X POST 'http://127.0.0.1/api/customer/auth/file-upload' -F 'file=@dni.png;filename=dni.png;type=image/png' -F 'kind=dni'`)
  })

  it('sends a recorded file itself, from its standard input, so the line runs as printed', () => {
    const curl = toCurl({
      method: 'POST',
      url: 'http://127.0.0.1/api/customer/auth/file-upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: { kind: 'form', fields: [{ name: 'file', fileName: 'dni.png', contentType: 'image/png', base64: 'iVBORw0K' }] },
    })
    expect(curl).toBe(
      `printf %s 'iVBORw0K' | base64 -d | curl -X POST 'http://127.0.0.1/api/customer/auth/file-upload' -F 'file=@-;filename=dni.png;type=image/png'`,
    )
  })

  it('leaves out what curl works out itself: a Content-Length copied without its body would hang the line', () => {
    const curl = toCurl({
      method: 'PUT',
      url: 'http://127.0.0.1/api/customer/booking/b1/data',
      headers: { 'content-type': 'application/json', 'content-length': '13', host: 'proxy:8080', 'accept-encoding': 'gzip', connection: 'keep-alive' },
      body: recordedBodyOf('application/json', new TextEncoder().encode('{"name":"Ana"}')),
    })
    expect(curl).toBe(`curl -X PUT 'http://127.0.0.1/api/customer/booking/b1/data' -H 'content-type: application/json' --data-raw '{"name":"Ana"}'`)
  })

  it('records a body as JSON, text, or bytes that are not text (sent from base64)', () => {
    expect(recordedBodyOf('application/json', new TextEncoder().encode('{"a":1}'))).toEqual({ kind: 'json', value: { a: 1 } })
    expect(recordedBodyOf('application/json', new TextEncoder().encode('{"a":'))).toEqual({ kind: 'text', contentType: 'application/json', text: '{"a":' })
    const bytes = recordedBodyOf('application/pdf', Uint8Array.from([0x25, 0x50, 0xff, 0xfe]))
    expect(bytes).toEqual({ kind: 'binary', contentType: 'application/pdf', base64: 'JVD//g==' })
    expect(toCurl({ method: 'POST', url: 'http://h/x', headers: { 'content-type': 'application/pdf' }, body: bytes })).toBe(
      `printf %s 'JVD//g==' | base64 -d | curl -X POST 'http://h/x' -H 'content-type: application/pdf' --data-binary @-`,
    )
  })

  it('leaves non-secret structures alone', () => {
    expect(maskJsonSecrets({ a: [1, { b: null }], token: null })).toEqual({ a: [1, { b: null }], token: null })
  })

  it('names the secrets the run knows as shell variables, so the line runs as printed once they are exported', () => {
    const secrets = new Map([
      ['tok_7d1f2c9a', 'TRAVEL_PORTAL_TOKEN'],
      ['viaje2026', 'TRAVEL_PORTAL_PASSWORD'],
    ])
    const curl = toCurl(
      {
        method: 'POST',
        url: 'http://127.0.0.1:3333/api/customer/auth/login',
        headers: { Authorization: 'Bearer tok_7d1f2c9a', 'content-type': 'application/json' },
        body: { kind: 'json', value: { email: 'ana@example.com', password: 'viaje2026', new_password: 'not-known' } },
      },
      secrets,
    )
    expect(curl).not.toContain('tok_7d1f2c9a')
    expect(curl).not.toContain('viaje2026')
    expect(curl).toContain(`-H 'Authorization: Bearer '"$TRAVEL_PORTAL_TOKEN"`)
    expect(curl).toContain(`--data-raw '{"email":"ana@example.com","password":"'"$TRAVEL_PORTAL_PASSWORD"'","new_password":"***"}'`)
    // What a shell makes of the quoted pieces is the original request.
    const env = { PATH: process.env['PATH'] ?? '', TRAVEL_PORTAL_TOKEN: 'tok_7d1f2c9a', TRAVEL_PORTAL_PASSWORD: 'viaje2026' }
    const header = shellQuoteWithSecrets('Authorization: Bearer tok_7d1f2c9a', secrets)
    expect(execFileSync('sh', ['-c', `printf '%s' ${header}`], { env, encoding: 'utf8' })).toBe('Authorization: Bearer tok_7d1f2c9a')
    const body = shellQuoteWithSecrets(`{"password":"viaje2026","note":"it's"}`, secrets)
    expect(execFileSync('sh', ['-c', `printf '%s' ${body}`], { env, encoding: 'utf8' })).toBe(`{"password":"viaje2026","note":"it's"}`)
  })

  it('keeps a known secret masked where JSON would escape it', () => {
    const curl = toCurl(
      { method: 'POST', url: 'http://127.0.0.1/x', headers: {}, body: { kind: 'json', value: { password: 'a"b' } } },
      new Map([['a"b', 'TRAVEL_PORTAL_PASSWORD']]),
    )
    expect(curl).toContain('"password":"***"')
  })
})
