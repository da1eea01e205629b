import { beforeAll, describe, expect, it } from 'vitest'

import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { exposedSecrets, exposureScan, secretName, secretValue } from '../../../contract/engine/secret-exposure.ts'

// Secrets an answer must not show (OWASP API3): by name where the schema does not declare them, by value anywhere.

let contract: ContractIndex
const schemaOf = (operationId: string, status = '200') => contract.operations.get(operationId)?.responses[status]?.content[0]?.schema

beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
})

const bcrypt = '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy'
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjdXMtc29sLWFuYSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ'

describe('secrets in answers', () => {
  it('names that say credential, on whole words of any case style', () => {
    for (const name of ['password', 'password_hash', 'passwordHash', 'api_key', 'apiKey', 'X-Session-Id', 'reset_token', 'otp', 'mfa_secret', 'private_key'])
      expect(secretName(name), name).toBe(true)
    for (const name of ['name', 'surname1', 'passport', 'hashtag', 'tokenizer_version', 'compass', 'spinner']) expect(secretName(name), name).toBe(false)
  })

  it('values that are secrets whatever they are called', () => {
    expect(secretValue(bcrypt)).toMatchObject({ what: 'a bcrypt hash', always: true })
    expect(secretValue('$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo')).toMatchObject({ what: 'an argon2 hash' })
    expect(secretValue('-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA')).toMatchObject({ what: 'a private key' })
    expect(secretValue(jwt)).toMatchObject({ what: 'a JSON Web Token', always: false })
    expect(secretValue('AKIAIOSFODNN7EXAMPLE')).toMatchObject({ what: 'an AWS access key' })
    for (const plain of ['Calle de la Prueba 1', 'smoke-20261126T101500Z', '2026-11-26T10:15:00Z']) expect(secretValue(plain)).toBeUndefined()
  })

  it('a full card number anywhere (strings passing Luhn); an IBAN or a DNI/NIE where the contract does not declare it', () => {
    for (const card of ['4111111111111111', '4111 1111 1111 1111', '5500-0000-0000-0004', '378282246310005', '6011111111111117'])
      expect(secretValue(card), card).toMatchObject({ what: 'a card number', always: true })
    // one digit off (Luhn fails), a run of zeros, a phone, a date, an id of 12 digits: no card
    for (const other of ['4111111111111112', '0000000000000000', '+34600111222', '20261126101500', '123456789012'])
      expect(secretValue(other), other).toBeUndefined()
    expect(secretValue('ES9121000418450200051332')).toMatchObject({ what: 'an IBAN', always: false })
    expect(secretValue('ES91 2100 0418 4502 0005 1332')).toMatchObject({ what: 'an IBAN' })
    expect(secretValue('ES9121000418450200051333')).toBeUndefined()
    expect(secretValue('12345678Z')).toMatchObject({ what: 'an identity document number (DNI/NIE)', always: false })
    expect(secretValue('X1234567L')).toMatchObject({ what: 'an identity document number (DNI/NIE)' })
    expect(secretValue('12345678A')).toBeUndefined()
  })

  it('a card number is found even in a declared field; an IBAN or a DNI only where undeclared', () => {
    const profile = {
      id: 'cus-1',
      email: 'ana@example.com',
      name: '4111 1111 1111 1111',
      surname1: 'García',
      iban: 'ES9121000418450200051332',
      dni: '12345678Z',
    }
    expect(exposedSecrets(contract, schemaOf('getProfile'), profile)).toEqual([
      { pointer: '/name', why: 'a card number', declared: true },
      { pointer: '/iban', why: 'an IBAN in an undeclared property', declared: false },
      { pointer: '/dni', why: 'an identity document number (DNI/NIE) in an undeclared property', declared: false },
    ])
  })

  it('an undeclared secret-looking property is found, with where it is; declared ones are fine', () => {
    const profile = { id: 'cus-1', email: 'ana@example.com', name: 'Ana', surname1: 'García', password_hash: 'x'.repeat(20) }
    expect(exposedSecrets(contract, schemaOf('getProfile'), profile)).toEqual([
      { pointer: '/password_hash', why: 'an undeclared property named "password_hash"', declared: false },
    ])
    // the sign-in answers its own token: declared, a JWT or not
    const login = { token: jwt, user: { id: 'cus-1', email: 'ana@example.com' } }
    expect(exposedSecrets(contract, schemaOf('login'), login)).toEqual([])
    // deep in a list, by value, in a declared field: a hash is never an answer
    const { password_hash: _hash, ...withoutHash } = profile
    const nested = { ...withoutHash, name: bcrypt }
    expect(exposedSecrets(contract, schemaOf('getProfile'), nested)).toEqual([{ pointer: '/name', why: 'a bcrypt hash', declared: true }])
    const bookings = [{ id: 'b-1', members: [{ id: 'm-1', session: jwt }] }]
    expect(exposedSecrets(contract, schemaOf('listBookings'), bookings).map((found) => found.pointer)).toEqual(['/0/members/0/session'])
  })

  it('inside an object the contract does not declare, a member is read by its name too', () => {
    const profile = { id: 'cus-1', email: 'ana@example.com', name: 'Ana', surname1: 'García', payment_card: { number: '4111111111111111', cvv: '123' } }
    expect(exposedSecrets(contract, schemaOf('getProfile'), profile)).toEqual([
      { pointer: '/payment_card/number', why: 'a card number in an undeclared property', declared: false },
      { pointer: '/payment_card/cvv', why: 'an undeclared property named "cvv"', declared: false },
    ])
  })

  it('null and empty secret-named fields say nothing', () => {
    expect(exposedSecrets(contract, schemaOf('getProfile'), { id: 'cus-1', api_key: null, token_hint: '' })).toEqual([])
  })
})

describe('the scan of every answer', () => {
  it('reports each place once, with how many items of a list show it', () => {
    const media = contract.operations.get('listBookings')?.responses['200']?.content[0]
    const json = [
      { id: 'b1', password_hash: '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy' },
      { id: 'b2', password_hash: '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy' },
    ]
    const answer = {
      operation: undefined,
      request: { method: 'GET', url: 'http://x/booking', headers: {} },
      status: 200,
      headers: new Headers(),
      body: new Uint8Array(),
      json,
      media,
    }
    const findings = exposureScan(contract).scan(answer)
    expect(findings).toHaveLength(1)
    expect(findings[0]!.actual).toMatch(/^\$\[\*\]\.password_hash: .*\(2 times\)$/)
    expect(exposureScan(contract).scan({ ...answer, media: undefined })).toEqual([])
  })
})
