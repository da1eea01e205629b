// The scenarios in force for a request, and whether one applies to what a rule is looking at: a
// scenario aimed at a trip, a pack, a booking or a passenger applies only where the rule names that one.
import type { ScenarioName, ScenarioTarget } from '../../../../contract/mock-control.ts'
import type { BookingRecord, World } from './types.ts'

/** What a rule is looking at: a trip, one of its packs, a booking, a passenger of it (with their parents). */
export type ScenarioSubject = Omit<ScenarioTarget, 'tenant'>

/** The scenarios in force for one tenant's request. `has(name)` without a subject: those aimed at the whole tenant or everyone. */
export type ScenarioSwitches = { has(name: ScenarioName, subject?: ScenarioSubject): boolean }

const SUBJECT_KINDS = ['travelGroup', 'pack', 'booking', 'member'] as const

/** Every part of the target is the subject's (an empty target applies to anything). */
export const appliesTo = (target: ScenarioTarget, subject: ScenarioSubject): boolean =>
  SUBJECT_KINDS.every((kind) => target[kind] === undefined || target[kind] === subject[kind])

export const activeScenarios = (world: World, agencyId: string | null): ScenarioSwitches => {
  const inForce = world.scenarios.filter((s) => s.target.tenant === undefined || s.target.tenant === agencyId)
  return { has: (name, subject = {}) => inForce.some((s) => s.name === name && appliesTo(s.target, subject)) }
}

/** A booking as a scenario's subject: it and its trip. */
export const bookingSubject = (booking: Pick<BookingRecord, 'id' | 'travelGroupId'>): ScenarioSubject => ({
  travelGroup: booking.travelGroupId,
  booking: booking.id,
})

/** A passenger of a booking as a scenario's subject. */
export const memberSubject = (booking: Pick<BookingRecord, 'id' | 'travelGroupId'>, memberId: string): ScenarioSubject => ({
  ...bookingSubject(booking),
  member: memberId,
})
