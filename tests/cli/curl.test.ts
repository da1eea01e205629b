import { describe, expect, it } from 'vitest'

import { maskJsonSecrets, maskUrlSecrets, shellQuote, toCurl } from '../../cli/src/smoke/curl.ts'

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
    expect(curl).toBe(`curl -X POST 'http://127.0.0.1/api/customer/auth/file-upload' -F 'file=@dni.png;type=image/png' -F 'kind=dni'`)
  })

  it('leaves non-secret structures alone', () => {
    expect(maskJsonSecrets({ a: [1, { b: null }], token: null })).toEqual({ a: [1, { b: null }], token: null })
  })
})
