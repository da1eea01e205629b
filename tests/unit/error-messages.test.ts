import { fileURLToPath } from 'node:url'
import { i18n } from '@lingui/core'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { beforeAll, describe, expect, it } from 'vitest'
import { isServerErrorCode, messageForCode, serverErrorCodes, unknownErrorMessage } from '@/lib/error-messages'
import { activateLocale } from '@/lib/i18n'

// SPEC §8 codes plus the API's generic ones: the list the contract must match.
const expectedCodes = [
  'auth_login_wrong',
  'auth_wrong_password',
  'user_not_validated',
  'password_does_not_match',
  'payment_term_limit_date_excedeed',
  'insurance_limit_date_excedeed',
  'extra_limit_date_excedeed',
  'cant_lock_enough_seats',
  'dni_close_expiration',
  'dni_expired',
  'passport_close_expiration',
  'passport_expired',
  'rooming_list_already_confirmed',
  'dni_wrong_format',
  'passport_wrong_format',
  'nif_wrong_format',
  'cif_wrong_format',
  'travel_group_pack_full',
  'booking_already_traveled',
  'booking_group_mail_invalid',
  'bad_request',
  'invalid_json',
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'agency_unknown',
  'voucher_invalid',
  'guardians_incomplete',
  'authorization_window_closed',
  'billing_data_incomplete',
  'booking_not_cancelable',
  'payment_already_completed',
  'payment_declined',
  'debug_disabled',
  'too_many_requests',
  'internal_error',
  'service_unavailable',
  'network_error',
]

type RawCatalogs = Awaited<ReturnType<Awaited<ReturnType<typeof getCatalogs>>[number]['readAll']>>
let raw: RawCatalogs

beforeAll(async () => {
  const config = getConfig({ configPath: fileURLToPath(new URL('../../web/lingui.config.ts', import.meta.url)) })
  const [catalog] = await getCatalogs(config)
  if (!catalog) throw new Error('no Lingui catalog configured')
  raw = await catalog.readAll()
})

describe('error messages', () => {
  it('knows exactly the expected codes', () => {
    expect([...serverErrorCodes].sort()).toEqual([...expectedCodes].sort())
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
