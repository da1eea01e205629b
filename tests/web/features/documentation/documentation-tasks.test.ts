import { describe, expect, it } from 'vitest'
import { authorizationOpen } from '@core/parental-authorization'
import {
  documentationTasks,
  pendingCount,
  pendingSections,
  type TaskBooking,
  type TaskMember,
  type TaskService,
  withinWindow,
} from '@/features/documentation/documentation-tasks'
import type { Document } from '@contract/generated/model/document'
import { addDays } from '@core/calendar'

// The documentation table of SPEC §4, branch by branch and at every boundary.
const TODAY = '2026-11-21'
const day = (offset: number) => addDays(TODAY, offset)!
/** Born `years` years before `on`, shifted by `shiftDays` (positive: born later, so younger). */
const bornYearsBefore = (on: string, years: number, shiftDays = 0) => {
  const [y, m, d] = on.split('-')
  return addDays(`${Number(y) - years}-${m}-${d}`, shiftDays)!
}

const doc = (type: 'dni' | 'passport', valid: boolean): Document => ({
  type,
  number: type === 'dni' ? '12345678Z' : 'PAA123456',
  expiry_date: valid ? '2035-01-01' : '2026-01-01',
  issue_date: '2020-01-01',
  country: 'ES',
  support_number: type === 'dni' ? 'BAA123456' : null,
  valid,
  file: null,
})

const adult = (over: Partial<TaskMember> = {}): TaskMember => ({
  birthdate: '1984-02-20',
  valid: true,
  has_dni: true,
  documents: [],
  guardians: [],
  authorizations: [],
  emergency_contacts: [],
  ...over,
})

const booking = (departureOffset: number, buyerValid: boolean | null = true): TaskBooking => ({
  buyer: buyerValid === null ? null : { valid: buyerValid },
  travel_group: { start_at: day(departureOffset) },
})

const service = (over: Partial<TaskService> = {}): TaskService => ({ dni_required: true, documentation_days: 45, emergency_contact_required: 1, ...over })

const guardian = { id: 'g1', name: 'Marta', surname1: 'López', surname2: null, email: 'm@example.com', phone: '600', document_number: '1X' }
const authorization = { id: 'a1', member_id: 'm1', guardian_id: 'g1', signer_name: 'Marta', signed_at: '2026-01-01T10:00:00Z' }
const contact = { name: 'Luis', surname1: 'García', surname2: null, email: 'l@example.com', phone: '600' }

describe('the documentation window', () => {
  it.each([
    [44, true, 'one day inside'],
    [45, true, 'exactly documentation_days before departure'],
    [46, false, 'one day outside'],
    [0, true, 'departure today'],
    [-3, true, 'departure passed'],
  ])('departure in %i days with 45 documentation days: %s (%s)', (offset, expected) => {
    expect(withinWindow(day(offset), TODAY, 45)).toBe(expected)
  })

  it('documentation_days 0 opens the window on the departure day only', () => {
    expect(withinWindow(day(1), TODAY, 0)).toBe(false)
    expect(withinWindow(day(0), TODAY, 0)).toBe(true)
  })
})

type Row = {
  name: string
  member?: Partial<TaskMember>
  departure?: number
  buyer?: boolean | null
  service?: Partial<TaskService>
  expect: Partial<Record<keyof ReturnType<typeof documentationTasks>, [shown: boolean, required: boolean, completed: boolean]>>
}

const table: Row[] = [
  // personal data and buyer: always shown and required; completed when valid
  { name: 'personal data valid', expect: { personal: [true, true, true] } },
  { name: 'personal data not valid', member: { valid: false }, expect: { personal: [true, true, false] } },
  { name: 'personal data required even outside the window', departure: 300, member: { valid: false }, expect: { personal: [true, true, false] } },
  { name: 'buyer valid', expect: { buyer: [true, true, true] } },
  { name: 'buyer not valid', buyer: false, expect: { buyer: [true, true, false] } },
  { name: 'no buyer yet (invited)', buyer: null, expect: { buyer: [true, true, false] } },

  // DNI
  { name: 'dni_required off: DNI not shown', service: { dni_required: false }, departure: 10, expect: { dni: [false, false, false] } },
  { name: 'dni_required on, no documents, within the window: required', departure: 10, expect: { dni: [true, true, false] } },
  { name: 'dni_required on, exactly documentation_days before departure: required', departure: 45, expect: { dni: [true, true, false] } },
  { name: 'dni_required on, one day before the window: not required yet', departure: 46, expect: { dni: [true, false, false] } },
  {
    name: 'dni_required on, a valid passport: DNI not required',
    departure: 10,
    member: { documents: [doc('passport', true)] },
    expect: { dni: [true, false, false] },
  },
  {
    name: 'dni_required on, an invalid passport: DNI required',
    departure: 10,
    member: { documents: [doc('passport', false)] },
    expect: { dni: [true, true, false] },
  },
  { name: 'a valid DNI: completed', departure: 10, member: { documents: [doc('dni', true)] }, expect: { dni: [true, true, true] } },
  { name: 'an invalid (expired) DNI: not completed', departure: 10, member: { documents: [doc('dni', false)] }, expect: { dni: [true, true, false] } },
  {
    name: 'a passenger without a DNI is not asked for one',
    departure: 10,
    member: { has_dni: false },
    expect: { dni: [true, false, false], passport: [true, true, false] },
  },

  // passport
  {
    name: 'dni_required off, within the window: passport required',
    service: { dni_required: false },
    departure: 10,
    expect: { passport: [true, true, false] },
  },
  {
    name: 'dni_required off, exactly at the window: passport required',
    service: { dni_required: false, documentation_days: 60 },
    departure: 60,
    expect: { passport: [true, true, false] },
  },
  {
    name: 'dni_required off, outside the window: shown, not required',
    service: { dni_required: false, documentation_days: 60 },
    departure: 61,
    expect: { passport: [true, false, false] },
  },
  {
    name: 'dni_required off, a valid DNI does not replace the passport',
    service: { dni_required: false },
    departure: 10,
    member: { documents: [doc('dni', true)] },
    expect: { passport: [true, true, false] },
  },
  {
    name: 'dni_required on, a valid DNI: passport not required',
    departure: 10,
    member: { documents: [doc('dni', true)] },
    expect: { passport: [true, false, false] },
  },
  {
    name: 'dni_required on, an invalid DNI: passport required',
    departure: 10,
    member: { documents: [doc('dni', false)] },
    expect: { passport: [true, true, false] },
  },
  {
    name: 'dni_required on, no documents: DNI and passport both required (either completes)',
    departure: 10,
    expect: { dni: [true, true, false], passport: [true, true, false] },
  },
  {
    name: 'a valid passport: completed',
    service: { dni_required: false },
    departure: 10,
    member: { documents: [doc('passport', true)] },
    expect: { passport: [true, true, true] },
  },
  {
    name: 'an invalid passport: not completed',
    service: { dni_required: false },
    departure: 10,
    member: { documents: [doc('passport', false)] },
    expect: { passport: [true, true, false] },
  },

  // legal guardians: under 18 today
  { name: 'an adult: no guardians section', expect: { guardians: [false, false, false] } },
  { name: 'turning 18 today: an adult, no guardians', member: { birthdate: bornYearsBefore(TODAY, 18) }, expect: { guardians: [false, false, false] } },
  {
    name: 'turning 18 tomorrow: a minor, guardians required',
    member: { birthdate: bornYearsBefore(TODAY, 18, 1) },
    expect: { guardians: [true, true, false] },
  },
  { name: 'a minor with a guardian: completed', member: { birthdate: '2011-04-12', guardians: [guardian] }, expect: { guardians: [true, true, true] } },
  { name: 'guardians required even outside the window', departure: 300, member: { birthdate: '2011-04-12' }, expect: { guardians: [true, true, false] } },

  // parental authorization: under 18 on the departure day
  { name: 'an adult: no authorization', expect: { authorization: [false, false, false] } },
  {
    name: '18 on the departure day: no authorization',
    departure: 30,
    member: { birthdate: bornYearsBefore(day(30), 18) },
    expect: { authorization: [false, false, false], guardians: [true, true, false] },
  },
  {
    name: '18 the day after departure: authorization shown and required within the window',
    departure: 30,
    member: { birthdate: bornYearsBefore(day(30), 18, 1) },
    expect: { authorization: [true, true, false] },
  },
  {
    name: 'a minor, exactly documentation_days before departure: required',
    departure: 45,
    member: { birthdate: '2011-04-12' },
    expect: { authorization: [true, true, false] },
  },
  {
    name: 'a minor, outside the window: shown, not required',
    departure: 46,
    member: { birthdate: '2011-04-12' },
    expect: { authorization: [true, false, false] },
  },
  {
    name: 'a minor with a signed authorization: completed',
    departure: 10,
    member: { birthdate: '2011-04-12', authorizations: [authorization] },
    expect: { authorization: [true, true, true] },
  },

  // emergency contact: 0 not shown, 1 optional, 2 required within the window
  { name: 'setting 0: not shown', departure: 10, service: { emergency_contact_required: 0 }, expect: { emergencyContact: [false, false, false] } },
  {
    name: 'setting 0 with a contact on file: still not shown',
    departure: 10,
    service: { emergency_contact_required: 0 },
    member: { emergency_contacts: [contact] },
    expect: { emergencyContact: [false, false, true] },
  },
  { name: 'setting 1: shown, optional', departure: 10, service: { emergency_contact_required: 1 }, expect: { emergencyContact: [true, false, false] } },
  {
    name: 'setting 1 with a contact: completed',
    departure: 10,
    service: { emergency_contact_required: 1 },
    member: { emergency_contacts: [contact] },
    expect: { emergencyContact: [true, false, true] },
  },
  {
    name: 'setting 2 within the window: required',
    departure: 45,
    service: { emergency_contact_required: 2 },
    expect: { emergencyContact: [true, true, false] },
  },
  {
    name: 'setting 2 outside the window: shown, not required',
    departure: 46,
    service: { emergency_contact_required: 2 },
    expect: { emergencyContact: [true, false, false] },
  },
  {
    name: 'setting 2 with a contact: completed',
    departure: 10,
    service: { emergency_contact_required: 2 },
    member: { emergency_contacts: [contact] },
    expect: { emergencyContact: [true, true, true] },
  },
]

describe('documentationTasks (SPEC §4)', () => {
  it.each(table)('$name', (row) => {
    const tasks = documentationTasks(adult(row.member), booking(row.departure ?? 100, row.buyer === undefined ? true : row.buyer), service(row.service), TODAY)
    for (const [section, [shown, required, completed]] of Object.entries(row.expect)) {
      expect(tasks[section as keyof typeof tasks], section).toEqual({ shown, required, completed })
    }
  })

  it('pendingSections lists what is shown, required and not completed', () => {
    const tasks = documentationTasks(adult({ valid: false, birthdate: '2011-04-12' }), booking(10, false), service({ emergency_contact_required: 2 }), TODAY)
    expect(pendingSections(tasks)).toEqual(['personal', 'buyer', 'dni', 'passport', 'guardians', 'authorization', 'emergencyContact'])
    const done = documentationTasks(
      adult({ birthdate: '2011-04-12', documents: [doc('dni', true)], guardians: [guardian], authorizations: [authorization], emergency_contacts: [contact] }),
      booking(10),
      service({ emergency_contact_required: 2 }),
      TODAY,
    )
    expect(pendingSections(done)).toEqual([])
  })

  it('pendingCount adds up the members and counts the buyer once', () => {
    const b = {
      ...booking(10, false),
      members: [
        { ...adult(), id: 'a' },
        { ...adult({ documents: [doc('dni', true)] }), id: 'b' },
      ],
    }
    // a: buyer + dni + passport; b: nothing but the buyer, counted once
    expect(pendingCount(b, service(), TODAY)).toBe(3)
  })
})

describe('the parental authorization window (SPEC §9: at least 60 days before departure)', () => {
  it.each([
    [61, true],
    [60, true],
    [59, false],
  ])('%i days before departure: open %s', (offset, open) => {
    expect(authorizationOpen(day(offset), TODAY)).toBe(open)
  })
})
