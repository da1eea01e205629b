import { describe, expect, it } from 'vitest'
import { checkedBankAccount } from '../../../../mock/src/world/money/bank-account.ts'
import { refusal } from '../world-fixture.ts'

// The account a refund is paid to: an owner and an IBAN by its check digits, stored in its electronic form.

const texts = { ownerRequired: 'Debes indicar el beneficiario', ibanRequired: 'Debes indicar el número de cuenta' }

describe('a bank account', () => {
  it('is stored trimmed, its IBAN without spaces and upper-cased', () => {
    expect(checkedBankAccount({ owner: ' Ana García ', iban: 'es91 2100 0418 4502 0005 1332' }, texts)).toEqual({
      owner: 'Ana García',
      iban: 'ES9121000418450200051332',
    })
  })

  it('needs both fields, each with the portal’s own words, and an IBAN whose check digits match', () => {
    const fieldsOf = (input: { owner: string; iban: string }) => {
      try {
        checkedBankAccount(input, texts)
        return []
      } catch (error) {
        return (error as { fields: Array<{ field: string; message: string }> }).fields
      }
    }
    expect(fieldsOf({ owner: ' ', iban: '' })).toEqual([
      { field: 'owner', code: 'required', message: 'Debes indicar el beneficiario' },
      { field: 'iban', code: 'required', message: 'Debes indicar el número de cuenta' },
    ])
    expect(refusal(() => checkedBankAccount({ owner: 'Ana', iban: 'ES9121000418450200051333' }, texts))).toEqual({ status: 422, code: 'validation_error' })
  })
})
