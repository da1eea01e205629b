// What the write steps send: the travellers, the buyer and the document scan the run books with, tagged
// with the run's marker, in text and dates that show encoding and time-zone bugs when they read back.
import type { JourneyState } from '../run/run-state.ts'

/**
 * Text and dates that show encoding and time-zone bugs when they read back: letters outside ASCII
 * (á é í ó ú ñ ç ü), a character outside the Basic Multilingual Plane in free text, and edge days
 * (29 February, 31 December, 1 January).
 */
export const smokeText = {
  names: ['Smóke Ñandú', 'Çüéllar'],
  surnames: ['Íñiguez Úbeda', 'Müller Gómez'],
  /** 🧳 (U+1F9F3): outside the BMP, two UTF-16 units, four UTF-8 bytes */
  freeText: 'ñandú, cigüeña, façade 🧳',
  /** an adult born on a leap day (the buyer's passenger), and a minor born on 31 December (whose guardians the run writes) */
  birthdates: ['2000-02-29', '2012-12-31'],
} as const

/** The first 29 February on or after a year: a leap day. */
export const leapDayFrom = (year: number): string => {
  let leap = year
  while (!(leap % 4 === 0 && (leap % 100 !== 0 || leap % 400 === 0))) leap += 1
  return `${leap}-02-29`
}

/** A passenger of the smoke booking: adult, tagged with the marker in the second surname. */
export function smokeMember(state: Readonly<JourneyState>, marker: string, index: number): Record<string, unknown> {
  const documents = ['00000000T', '00000001R']
  return {
    name: smokeText.names[index % 2],
    surname1: smokeText.surnames[index % 2],
    surname2: marker,
    gender: index === 0 ? 'female' : 'male',
    birthdate: smokeText.birthdates[index % 2],
    phone: null,
    email: null,
    document_type: 'dni',
    document_number: documents[index] ?? `0000000${index}`,
    country: state.countryCode ?? 'ES',
    state: state.stateId ?? 'ES-M',
    city: state.cityName ?? 'Madrid',
    zip: '28001',
    address: 'Calle de la Acequia 1, 3º B',
    allergies: null,
    medical_notes: `${smokeText.freeText} [${marker}]`,
  }
}

export const memberInputKeys = [
  'name',
  'surname1',
  'surname2',
  'gender',
  'birthdate',
  'phone',
  'email',
  'document_type',
  'document_number',
  'country',
  'state',
  'city',
  'zip',
  'address',
  'allergies',
  'medical_notes',
] as const

/** A one-page PDF that carries the marker, as a document scan. */
export function smokePdf(marker: string): Uint8Array {
  return new TextEncoder().encode(
    `%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  )
}

/** The buyer the run books as (a person: its first passenger's document as tax id), tagged with the run's marker. */
export function smokeBuyer(state: Readonly<JourneyState>, marker: string): Record<string, unknown> {
  return {
    type: 'person',
    name: 'Smóke Comprador',
    surname1: `Peña ${marker}`,
    company_name: null,
    tax_id: smokeMember(state, marker, 0)['document_number'],
    address: 'Plaza de España 1, 2º',
    zip: '28001',
    country: state.countryCode ?? 'ES',
    state: state.stateId ?? 'ES-M',
    city: state.cityName ?? 'Madrid',
    email: state.email,
    phone: '+34600000000',
    declares_capacity: true,
  }
}
