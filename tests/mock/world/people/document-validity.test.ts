import { describe, expect, it } from 'vitest'
import { buyerValid, documentProblem, memberDataValid } from '../../../../mock/src/world/people/document-validity.ts'
import { activeScenarios } from '../../../../mock/src/world/kernel/active-scenarios.ts'
import { freshWorld, viewContext } from '../world-fixture.ts'

// Whether a document is valid for a trip, and a passenger's and a buyer's data complete (SPEC §5).

const world = freshWorld()
const london = world.travelGroups.find((g) => g.id === 'tg-sol-lon')!
const booking = world.bookings.find((b) => b.id === 'bkg-sol-1001')!

describe('document validity', () => {
  it('a passport must last 90 days past the return; a DNI until the return', () => {
    const ctx = viewContext(world)
    const returnDay = london.end_at
    const plus = (days: number) => new Date(Date.parse(returnDay) + days * 86_400_000).toISOString().slice(0, 10)
    expect(documentProblem(ctx, london, { type: 'passport', expiry_date: plus(89) }, {})).toBe('close_expiration')
    expect(documentProblem(ctx, london, { type: 'passport', expiry_date: plus(90) }, {})).toBeNull()
    expect(documentProblem(ctx, london, { type: 'dni', expiry_date: plus(-1) }, {})).toBe('close_expiration')
    expect(documentProblem(ctx, london, { type: 'dni', expiry_date: returnDay }, {})).toBeNull()
  })

  it('a document past its date today is expired, and so is every one of its kind under the scenario', () => {
    expect(documentProblem(viewContext(world), london, { type: 'dni', expiry_date: '2026-11-21' }, {})).toBe('expired')
    expect(documentProblem(viewContext(world, ['expired-passport']), london, { type: 'passport', expiry_date: '2040-01-01' }, {})).toBe('expired')
    expect(documentProblem(viewContext(world, ['expired-passport']), london, { type: 'dni', expiry_date: '2040-01-01' }, {})).toBeNull()
    expect(documentProblem(viewContext(world, ['expired-dni']), london, { type: 'dni', expiry_date: '2040-01-01' }, {})).toBe('expired')
  })

  it('the scenario aimed at one passenger expires that passenger’s passport only', () => {
    const pir = world.travelGroups.find((g) => g.id === 'tg-sol-pir')!
    const scoped = structuredClone(world)
    scoped.scenarios = [{ name: 'expired-passport', target: { tenant: 'ag-sol', travelGroup: pir.id, booking: 'bkg-sol-1002', member: 'mem-sol-jorge' } }]
    const ctx = { ...viewContext(scoped), scenarios: activeScenarios(scoped, 'ag-sol') }
    const passport = { type: 'passport', expiry_date: '2040-01-01' } as const
    const jorge = { travelGroup: pir.id, booking: 'bkg-sol-1002', member: 'mem-sol-jorge' }
    expect(documentProblem(ctx, pir, passport, jorge)).toBe('expired')
    expect(documentProblem(ctx, pir, passport, { ...jorge, member: 'mem-sol-ana' })).toBeNull()
  })

  it('personal data are complete with every required field filled (blank is not filled) and a gender', () => {
    const member = booking.members[0]!
    expect(memberDataValid(member)).toBe(true)
    expect(memberDataValid({ ...member, zip: '  ' })).toBe(false)
    expect(memberDataValid({ ...member, gender: null as never })).toBe(false)
  })

  it('a buyer is complete with its data, a company’s name when a company, and the capacity declared', () => {
    const buyer = booking.buyer!
    expect(buyerValid(buyer)).toBe(true)
    expect(buyerValid(null)).toBe(false)
    expect(buyerValid({ ...buyer, type: 'company', company_name: null })).toBe(false)
    expect(buyerValid({ ...buyer, type: 'company', company_name: 'Colegio Sol SL' })).toBe(true)
    expect(buyerValid({ ...buyer, declares_capacity: false as never })).toBe(false)
  })
})
