// The traveller a booking is made with when who travels does not matter: an adult of Madrid with a DNI.
// The seed's members, the contract probes' checkouts and the browser tests' bookings start from it, so a
// change to what a traveller gives is made once.
import type { MemberInput } from '../../../../contract/generated/model/index.ts'

export const TRAVELLER: MemberInput = {
  name: 'Lucía',
  surname1: 'García',
  surname2: 'López',
  gender: 'female',
  birthdate: '1990-04-12',
  phone: null,
  email: null,
  document_type: 'dni',
  document_number: '12345678Z',
  country: 'ES',
  state: 'ES-M',
  city: 'Madrid',
  zip: '28001',
  address: 'Calle Mayor 1',
  allergies: null,
  medical_notes: null,
}

/** The traveller, with what a test or the seed cares about changed. */
export const traveller = (over: Partial<MemberInput> = {}): MemberInput => ({ ...TRAVELLER, ...over })
