import { describe, expect, it } from 'vitest'
import { bookingFor } from '../../../../mock/src/world/kernel/booking-access.ts'
import { authorizationDocument, authorize, setGuardians } from '../../../../mock/src/world/people/guardians.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// A minor's legal guardians (SPEC §1): who they are, their access to the booking, and the parental
// authorization they sign until 60 days before departure.

const guardian = (name: string, email: string, document_number: string) => ({
  name,
  surname1: 'López',
  surname2: null,
  email,
  phone: '+34600000001',
  document_number,
})
const setUp = () => {
  const world = freshWorld()
  const ana = worldContext(world)
  const booking = bookingFor(ana, 'bkg-sol-1001')
  return { world, ana, booking, minor: booking.members.find((m) => m.id === 'mem-sol-lucia')!, adult: booking.members.find((m) => m.id === 'mem-sol-pablo')! }
}

describe('legal guardians', () => {
  it('a minor’s guardians are stored with their documents upper-cased, and see the booking', () => {
    const { world, ana, booking, minor } = setUp()
    setGuardians(ana, booking, { member_id: minor.id, guardian_type: 'mother', guardians: [guardian('Marta', 'marta.lopez@example.com', ' 87654321x ')] })
    expect(minor.guardians).toEqual([expect.objectContaining({ name: 'Marta', email: 'marta.lopez@example.com', document_number: '87654321X' })])
    const marta = world.customers.find((c) => c.email === 'marta.lopez@example.com' && c.agencyId === 'ag-sol')!
    expect(booking.access).toContainEqual({ customerId: marta.id, role: 'guardian' })
    expect(ana.write.changes.saved.get('bookings')?.has(booking.id)).toBe(true)
  })

  it('a guardian removed loses the booking and the signature they gave; one kept keeps both', () => {
    const { world, ana, booking, minor } = setUp()
    setGuardians(ana, booking, {
      member_id: minor.id,
      guardian_type: 'mother_and_father',
      guardians: [guardian('Marta', 'marta.lopez@example.com', '87654321X'), guardian('Luis', 'luis@example.com', '11111111H')],
    })
    const [marta, luis] = minor.guardians
    authorize(ana, booking, { member_id: minor.id, guardian_id: luis!.id, signer_name: 'Luis López', accept: true })
    setGuardians(ana, booking, { member_id: minor.id, guardian_type: 'mother', guardians: [guardian('Marta', 'marta.lopez@example.com', '87654321X')] })
    expect(minor.guardians.map((g) => g.id)).toEqual([marta!.id])
    expect(marta!.id).toBe('grd-sol-1')
    expect(minor.authorizations).toEqual([])
    const martaCustomer = world.customers.find((c) => c.email === 'marta.lopez@example.com' && c.agencyId === 'ag-sol')!
    expect(booking.access.some((a) => a.customerId === martaCustomer.id)).toBe(true)
  })

  it('an adult has no guardians; a badly formed document is refused on its field', () => {
    const { ana, booking, minor, adult } = setUp()
    expect(
      refusal(() => setGuardians(ana, booking, { member_id: adult.id, guardian_type: 'mother', guardians: [guardian('M', 'm@example.com', '1')] })),
    ).toEqual({
      status: 422,
      code: 'validation_error',
    })
    expect(
      refusal(() => setGuardians(ana, booking, { member_id: minor.id, guardian_type: 'mother', guardians: [guardian('M', 'm@example.com', '12-34')] })),
    ).toEqual({
      status: 422,
      code: 'dni_wrong_format',
    })
  })

  it('the authorization: signed by a guardian, replacing their earlier signature, and its document says so', () => {
    const { ana, booking, minor } = setUp()
    setGuardians(ana, booking, { member_id: minor.id, guardian_type: 'mother', guardians: [guardian('Marta', 'marta.lopez@example.com', '87654321X')] })
    const guardianId = minor.guardians[0]!.id
    authorize(ana, booking, { member_id: minor.id, guardian_id: guardianId, signer_name: ' Marta López ', accept: true })
    const again = authorize(ana, booking, { member_id: minor.id, guardian_id: guardianId, signer_name: 'Marta López', accept: true })
    expect(minor.authorizations).toEqual([again])
    expect(again).toMatchObject({ guardian_id: guardianId, signer_name: 'Marta López', signed_at: ana.now.toISOString() })
    const text = authorizationDocument(ana, booking, minor)
      .lines.map((line) => line.text)
      .join('\n')
    expect(text).toContain('Autorización de viaje para menores de edad')
    expect(text).toContain('Firmado por Marta López')
    expect(text).toContain(booking.locator)
  })

  it('the authorization needs guardians first, a guardian of this minor, and 60 days before departure', () => {
    const { ana, booking, minor } = setUp()
    minor.guardians = []
    expect(refusal(() => authorize(ana, booking, { member_id: minor.id, guardian_id: 'grd-x', signer_name: 'X', accept: true }))).toEqual({
      status: 409,
      code: 'guardians_incomplete',
    })
    setGuardians(ana, booking, { member_id: minor.id, guardian_type: 'mother', guardians: [guardian('Marta', 'marta.lopez@example.com', '87654321X')] })
    expect(refusal(() => authorize(ana, booking, { member_id: minor.id, guardian_id: 'grd-x', signer_name: 'X', accept: true }))?.status).toBe(422)
    const late = { ...ana, today: '2027-01-20' }
    expect(refusal(() => authorize(late, booking, { member_id: minor.id, guardian_id: minor.guardians[0]!.id, signer_name: 'X', accept: true }))).toEqual({
      status: 409,
      code: 'authorization_window_closed',
    })
  })
})
