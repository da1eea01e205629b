// A bank account a refund is paid to (PUT /bank-account, and the one a cancellation gives): an owner
// and an IBAN, both required, the IBAN by its check digits (core/iban.ts), stored in its electronic form.
import type { BankAccount, FieldError } from '../../../../contract/generated/model/index.ts'
import { isValidIban } from '../../../../core/iban.ts'
import { normalizeIban } from '../../../../core/iban-text.ts'
import { fail } from '../kernel/rule-failure.ts'

/** The portal's Spanish messages for the two fields, which differ between the refunds tab and the cancellation. */
export type BankAccountTexts = { ownerRequired: string; ibanRequired: string }

/** The account as stored, or 422 with every field that is wrong (the first one's message leads). */
export const checkedBankAccount = (input: { owner: string; iban: string }, texts: BankAccountTexts): BankAccount => {
  const fields: FieldError[] = [
    ...(input.owner.trim() === '' ? [{ field: 'owner', code: 'required', message: texts.ownerRequired }] : []),
    ...(input.iban.trim() === '' ? [{ field: 'iban', code: 'required', message: texts.ibanRequired }] : []),
    ...(input.iban.trim() !== '' && !isValidIban(input.iban)
      ? [{ field: 'iban', code: 'iban', message: 'The IBAN is not valid (its check digits do not match).' }]
      : []),
  ]
  if (fields.length) fail(422, 'validation_error', fields[0]!.message, fields)
  return { owner: input.owner.trim(), iban: normalizeIban(input.iban) }
}
