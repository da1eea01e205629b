import { describe, expect, it } from 'vitest'
import { bookingFor } from '../../../../mock/src/world/kernel/booking-access.ts'
import { savePassport, saveDni, setBuyer, setEmergencyContact, setHasDni, updatePersonalData } from '../../../../mock/src/world/people/passenger-documents.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'
import { traveller } from '../../../../mock/src/world/seed/traveller.ts'

// A passenger's documentation and the buyer's billing data: each checked as the portal's forms are, each
// change of a minor's told to their guardians.

const setUp = (scenarios: Parameters<typeof worldContext>[1] = {}) => {
  const world = freshWorld()
  const ana = worldContext(world, scenarios)
  const booking = bookingFor(ana, 'bkg-sol-1001')
  return { world, ana, booking, adult: booking.members.find((m) => m.id === 'mem-sol-pablo')!, minor: booking.members.find((m) => m.id === 'mem-sol-lucia')! }
}
const dni = { number: ' 12345678z ', expiry_date: '2031-01-01', issue_date: '2021-01-01', country: 'ES', support_number: 'abc123456' }

describe('passenger documents', () => {
  it('a DNI replaces the one on file, its numbers trimmed and upper-cased, and the passenger has one', () => {
    const { ana, booking, adult } = setUp()
    saveDni(ana, booking, { member_id: adult.id, ...dni })
    expect(adult.documents.filter((d) => d.type === 'dni')).toEqual([
      expect.objectContaining({ number: '12345678Z', support_number: 'ABC123456', expiry_date: '2031-01-01' }),
    ])
    expect(adult.has_dni).toBe(true)
    saveDni(ana, booking, { member_id: adult.id, ...dni, number: '87654321X' })
    expect(adult.documents.filter((d) => d.type === 'dni').map((d) => d.number)).toEqual(['87654321X'])
    setHasDni(ana, booking, { member_id: adult.id, has_dni: false })
    expect(adult.documents.some((d) => d.type === 'dni')).toBe(false)
  })

  it('refuses a malformed number, an expired document, one that expires before the return, a future issue date', () => {
    const { ana, booking, adult } = setUp()
    expect(refusal(() => saveDni(ana, booking, { member_id: adult.id, ...dni, number: '12-34' }))).toEqual({ status: 422, code: 'dni_wrong_format' })
    expect(refusal(() => saveDni(ana, booking, { member_id: adult.id, ...dni, expiry_date: '2026-01-01', issue_date: '2020-01-01' }))).toEqual({
      status: 422,
      code: 'dni_expired',
    })
    expect(refusal(() => savePassport(ana, booking, { member_id: adult.id, number: 'AB123456', expiry_date: '2027-04-01', country: 'ES' }))).toEqual({
      status: 422,
      code: 'passport_close_expiration',
    })
    expect(refusal(() => saveDni(ana, booking, { member_id: adult.id, ...dni, issue_date: '2027-01-01' }))).toEqual({ status: 422, code: 'validation_error' })
  })

  it('the expired-passport scenario refuses any passport as expired', () => {
    const { ana, booking, adult } = setUp({ scenarios: ['expired-passport'] })
    expect(refusal(() => savePassport(ana, booking, { member_id: adult.id, number: 'AB123456', expiry_date: '2040-01-01', country: 'ES' }))).toEqual({
      status: 422,
      code: 'passport_expired',
    })
  })

  it('a scan is one this customer uploaded', () => {
    const { ana, booking, adult } = setUp()
    expect(refusal(() => saveDni(ana, booking, { member_id: adult.id, ...dni, file: 'f-someone-else.pdf' }))).toEqual({ status: 422, code: 'validation_error' })
  })

  it('personal data: stored trimmed, the document upper-cased; a birth date in the future refused', () => {
    const { ana, booking, adult } = setUp()
    const data = {
      member_id: adult.id,
      ...traveller({ name: ' Pablo ', surname1: 'García', surname2: null, gender: 'male', birthdate: '2007-12-21', document_number: '12345678z' }),
    }
    updatePersonalData(ana, booking, data)
    expect(adult).toMatchObject({ name: 'Pablo', document_number: '12345678Z' })
    expect(refusal(() => updatePersonalData(ana, booking, { ...data, birthdate: '2030-01-01' }))).toEqual({ status: 422, code: 'validation_error' })
  })

  it('a minor’s emergency contact is told to the guardians; an adult’s to no one', () => {
    const { world, ana, booking, adult, minor } = setUp()
    const contact = { name: 'Eva', surname1: 'Ruiz', surname2: null, email: 'eva@example.com', phone: '+34600000002' }
    const before = world.outbox.length
    setEmergencyContact(ana, booking, { member_id: adult.id, ...contact })
    expect(world.outbox.length).toBe(before)
    setEmergencyContact(ana, booking, { member_id: minor.id, ...contact })
    expect(minor.emergency_contacts).toEqual([contact])
    expect(world.outbox.length).toBe(before + new Set(minor.guardians.map((g) => g.email.toLowerCase())).size)
  })

  it('the buyer: a company needs its name, a tax id its format', () => {
    const { ana, booking } = setUp()
    const buyer = { ...booking.buyer!, type: 'company' as const, company_name: ' Colegio Sol SL ', tax_id: 'b12345678', declares_capacity: true as const }
    setBuyer(ana, booking, buyer)
    expect(booking.buyer).toMatchObject({ company_name: 'Colegio Sol SL', tax_id: 'B12345678' })
    expect(refusal(() => setBuyer(ana, booking, { ...buyer, company_name: '  ' }))).toEqual({ status: 422, code: 'validation_error' })
    expect(refusal(() => setBuyer(ana, booking, { ...buyer, tax_id: 'B-12' }))).toEqual({ status: 422, code: 'cif_wrong_format' })
    expect(refusal(() => setBuyer(ana, booking, { ...buyer, type: 'person', tax_id: '12.34' }))).toEqual({ status: 422, code: 'nif_wrong_format' })
  })
})
