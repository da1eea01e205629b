import { fileURLToPath } from 'node:url'
import { i18n } from '@lingui/core'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '@contract/generated/model/errorCode'
import { isServerErrorCode, messageForCode, unknownErrorMessage } from '@/lib/i18n/error-messages'
import { activateLocale } from '@/lib/i18n/lingui'

// Every code the contract declares (the generated ErrorCode), and the client's own network_error:
// each must have a sentence in both languages. A code the contract gains without one fails to compile
// (error-messages.ts is a Record over them); this checks the catalogs.
const expectedCodes = [...Object.values(ErrorCode), 'network_error'] as const

type RawCatalogs = Awaited<ReturnType<Awaited<ReturnType<typeof getCatalogs>>[number]['readAll']>>
let raw: RawCatalogs

beforeAll(async () => {
  const config = getConfig({ configPath: fileURLToPath(new URL('../../../../web/lingui.config.ts', import.meta.url)) })
  const [catalog] = await getCatalogs(config)
  if (!catalog) throw new Error('no Lingui catalog configured')
  raw = await catalog.readAll()
})

describe('error messages', () => {
  it('has a message for every code the contract declares, and no other', () => {
    for (const code of expectedCodes) expect(isServerErrorCode(code), code).toBe(true)
    expect(isServerErrorCode('payment_declined')).toBe(false)
    expect(expectedCodes).toContain('too_many_requests')
  })

  it.each(expectedCodes)('%s is translated in the es and en catalogs', (code) => {
    const { id } = messageForCode(code)
    expect(id).toBe(`error.${code}`)
    expect(raw.es?.[id]?.translation?.trim()).toBeTruthy()
    expect(raw.en?.[id]?.translation?.trim()).toBeTruthy()
    expect(raw.en?.[id]?.translation).not.toBe(raw.es?.[id]?.translation)
  })

  it('renders in both languages at runtime', async () => {
    await activateLocale('es')
    expect(i18n._(messageForCode('voucher_invalid'))).toBe('Cupón no válido')
    expect(i18n._(messageForCode('auth_login_wrong'))).toBe('Usuario o contraseña incorrectos')
    expect(i18n._(messageForCode('cant_lock_enough_seats'))).toBe('No hay plazas suficientes para realizar la reserva')
    await activateLocale('en')
    expect(i18n._(messageForCode('voucher_invalid'))).toBe('Invalid coupon')
    for (const code of expectedCodes) {
      const text = i18n._(messageForCode(code))
      expect(text, code).not.toMatch(/^error\./)
      expect(text, code).toMatch(/^[A-Z]/)
    }
    await activateLocale('es')
  })

  it('falls back to a generic message for unknown or missing codes', () => {
    expect(messageForCode('no_such_code')).toBe(unknownErrorMessage)
    expect(messageForCode(undefined)).toBe(unknownErrorMessage)
    expect(messageForCode(null)).toBe(unknownErrorMessage)
    expect(messageForCode('toString')).toBe(unknownErrorMessage)
    expect(raw.en?.[unknownErrorMessage.id]?.translation).toBeTruthy()
  })

  it('narrows codes with isServerErrorCode', () => {
    expect(isServerErrorCode('dni_expired')).toBe(true)
    expect(isServerErrorCode('constructor')).toBe(false)
    expect(isServerErrorCode(42)).toBe(false)
  })
})
