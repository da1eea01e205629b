// The documentation tasks of SPEC §4, as one pure function: for each section of a passenger's
// documentation, whether it is shown, required and completed. The forms, the section badges, the
// tab's counter and the pending-documentation modal all read this and nothing else.
import type { Booking } from '@contract/generated/model/booking'
import type { Member } from '@contract/generated/model/member'
import type { Service } from '@contract/generated/model/service'
import { ADULT_AGE, ageOn, daysBetween } from '@core/calendar'

export type SectionState = { shown: boolean; required: boolean; completed: boolean }

export const SECTIONS = ['personal', 'buyer', 'dni', 'passport', 'guardians', 'authorization', 'emergencyContact'] as const
export type Section = (typeof SECTIONS)[number]
export type DocumentationTasks = Record<Section, SectionState>

/** What the function reads: a member of the contract's Booking (only these fields matter). */
export type TaskMember = Pick<Member, 'birthdate' | 'valid' | 'has_dni' | 'documents' | 'guardians' | 'authorizations' | 'emergency_contacts'>
export type TaskBooking = { buyer: Pick<NonNullable<Booking['buyer']>, 'valid'> | null; travel_group: { start_at: string } }
export type TaskService = Pick<Service, 'dni_required' | 'documentation_days' | 'emergency_contact_required'>

/** Departure is within the documentation window: departure − today ≤ documentation_days (a past departure is too). */
export const withinWindow = (departure: string, today: string, documentationDays: number): boolean => daysBetween(today, departure) <= documentationDays

/**
 * SPEC §4, section by section (`today` is YYYY-MM-DD):
 * - personal data, and the buyer's billing data: always shown and required; completed when valid
 *   (SPEC lists them as one section; the portal shows them as two forms, so as two entries);
 * - DNI: shown only if the service requires it; required when no valid passport exists and departure
 *   is within the window; completed when a valid DNI exists. A passenger who has no DNI at all
 *   (`has_dni` false, contract decision 002) is never asked for one: the passport covers them;
 * - passport: always shown; required when the DNI is not required or no valid DNI exists, and
 *   departure is within the window; completed when a valid passport exists;
 * - legal guardians: shown and required when the passenger is under 18 today; completed when at least one exists;
 * - parental authorization: shown when the passenger is under 18 on the departure day; required
 *   within the window; completed when one exists;
 * - emergency contact: shown unless the service's setting is 0; required when it is 2 and within
 *   the window; completed when one exists.
 */
export function documentationTasks(member: TaskMember, booking: TaskBooking, service: TaskService, today: string): DocumentationTasks {
  const departure = booking.travel_group.start_at
  const inWindow = withinWindow(departure, today, service.documentation_days)
  const validDni = member.documents.some((d) => d.type === 'dni' && d.valid)
  const validPassport = member.documents.some((d) => d.type === 'passport' && d.valid)
  const minorToday = ageOn(member.birthdate, today) < ADULT_AGE
  const minorAtDeparture = ageOn(member.birthdate, departure) < ADULT_AGE
  const emergency = service.emergency_contact_required

  return {
    personal: { shown: true, required: true, completed: member.valid },
    buyer: { shown: true, required: true, completed: booking.buyer?.valid === true },
    dni: {
      shown: service.dni_required,
      required: service.dni_required && member.has_dni && !validPassport && inWindow,
      completed: validDni,
    },
    passport: {
      shown: true,
      required: (!service.dni_required || !validDni) && inWindow,
      completed: validPassport,
    },
    guardians: { shown: minorToday, required: minorToday, completed: member.guardians.length > 0 },
    authorization: { shown: minorAtDeparture, required: minorAtDeparture && inWindow, completed: member.authorizations.length > 0 },
    emergencyContact: {
      shown: emergency !== 0,
      required: emergency === 2 && inWindow,
      completed: member.emergency_contacts.length > 0,
    },
  }
}

/** Sections shown and required but not completed. */
export const pendingSections = (tasks: DocumentationTasks): Section[] => SECTIONS.filter((s) => tasks[s].shown && tasks[s].required && !tasks[s].completed)

/** How many required sections are still missing across the booking (the buyer counted once). */
export function pendingCount(booking: TaskBooking & { members: (TaskMember & { id: string })[] }, service: TaskService, today: string): number {
  let count = 0
  booking.members.forEach((member, index) => {
    const pending = pendingSections(documentationTasks(member, booking, service, today))
    count += pending.filter((s) => s !== 'buyer' || index === 0).length
  })
  return count
}
