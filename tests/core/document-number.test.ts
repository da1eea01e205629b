import { describe, expect, it } from 'vitest'
import { buyerIsMinor, isDocumentNumber, isSpanishId, normalizeDocumentNumber } from '../../core/document-number.ts'

// A DNI, passport or tax id: numbers and letters only; stored trimmed and upper-cased.

describe('document numbers', () => {
  it('are numbers and letters only', () => {
    for (const ok of ['12345678Z', 'x1234567l', 'AB123456']) expect(isDocumentNumber(ok), ok).toBe(true)
    for (const bad of ['', '1234-5678Z', '12 34', '12.345.678Z', 'Ñ1234', '<script>']) expect(isDocumentNumber(bad), bad).toBe(false)
    expect(normalizeDocumentNumber('  x1234567l ')).toBe('X1234567L')
  })

  it('a Spanish DNI or NIE carries its check letter', () => {
    for (const ok of ['12345678Z', 'X1234567L', 'Y1234567X', 'Z1234567R', '00000000T']) expect(isSpanishId(ok), ok).toBe(true)
    for (const bad of ['12345678A', 'X1234567A', '1234567Z', 'A1234567L', '12345678z', 'PAB123456']) expect(isSpanishId(bad), bad).toBe(false)
  })

  it('a buyer whose id is that of a traveller under 18 is a minor buying; a company never is', () => {
    const travellers = [
      { document_number: '12345678z', birthdate: '2010-06-01' },
      { document_number: '87654321X', birthdate: '1980-01-01' },
    ]
    expect(buyerIsMinor({ buyer: { type: 'person', tax_id: ' 12345678Z ' }, travellers }, '2026-11-21')).toBe(true)
    expect(buyerIsMinor({ buyer: { type: 'person', tax_id: '87654321X' }, travellers }, '2026-11-21')).toBe(false)
    expect(buyerIsMinor({ buyer: { type: 'person', tax_id: '12345678Z' }, travellers }, '2028-06-01')).toBe(false)
    expect(buyerIsMinor({ buyer: { type: 'company', tax_id: '12345678Z' }, travellers }, '2026-11-21')).toBe(false)
  })
})
