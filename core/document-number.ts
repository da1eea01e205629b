// Identity documents and tax ids: how they are written (SPEC §5) and the one rule that ties a buyer
// to a traveller by them. The portal's forms, the mock's checkout and its documentation all use it.
import { isMinorOn } from './calendar.ts'

const LETTERS_AND_DIGITS = /^[A-Za-z0-9]+$/

/** A document number or tax id as the backend takes it: numbers and letters only, no spaces or dashes. */
export const isDocumentNumber = (value: string): boolean => LETTERS_AND_DIGITS.test(value)

const SPANISH_ID = /^[XYZ\d]\d{7}[A-Z]$/
const SPANISH_ID_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'

/** A Spanish DNI (8 digits) or NIE (X, Y or Z and 7 digits) whose last letter is its check letter. */
export const isSpanishId = (value: string): boolean => {
  if (!SPANISH_ID.test(value)) return false
  const number = Number(value.slice(0, 8).replace('X', '0').replace('Y', '1').replace('Z', '2'))
  return SPANISH_ID_LETTERS[number % 23] === value[8]
}

/** As stored and compared: no surrounding spaces, upper case ("12345678z" is "12345678Z"). */
export const normalizeDocumentNumber = (value: string): string => value.trim().toUpperCase()

type MinorCheck = {
  buyer: { type: string; tax_id: string }
  travellers: readonly { document_number: string; birthdate: string }[]
}

/**
 * A minor cannot make the purchase: the buyer is a person whose id is that of a traveller under 18
 * on `today` (the buyer form has no birth date: the id is what ties a buyer to a traveller).
 */
export const buyerIsMinor = ({ buyer, travellers }: MinorCheck, today: string): boolean => {
  if (buyer.type !== 'person') return false
  const id = normalizeDocumentNumber(buyer.tax_id)
  return id !== '' && travellers.some((t) => normalizeDocumentNumber(t.document_number) === id && isMinorOn(t.birthdate, today))
}
