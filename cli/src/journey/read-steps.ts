// The journey's reads of a travel group and of a booking: the paths they call with, and one step per read
// from a row of a table.
import { asArray, asRecord, idOf } from '../run/json-readers.ts'
import type { JourneyKey, JourneyRoute, JourneyState, JourneyStepSpec } from '../run/run-state.ts'
import type { CallOptions } from '../transport/api-types.ts'

/** The travel group the journey reads: the one of the customer's booking, else the first listed. */
export const readGroup = (state: Readonly<JourneyState>) => (state.bookingTravelGroupId ?? state.travelGroupId) as string
export const byReadGroup = (state: Readonly<JourneyState>): CallOptions => ({ path: [readGroup(state)] })
export const byBooking = (state: Readonly<JourneyState>): CallOptions => ({ path: [state.bookingId as string] })
export const byNewBooking = (state: Readonly<JourneyState>): CallOptions => ({ path: [state.newBookingId as string] })

export type ReadRow = readonly [id: string, name: string, operationId: string, route: JourneyRoute]

/** The travel group's reads, after the list (the detail's answer gives the pack the voucher probe asks about). */
export const travelGroupReads = (rows: readonly ReadRow[]): JourneyStepSpec[] =>
  readSteps(rows, { needs: 'travelgroup.list', requires: 'travelGroupId', request: byReadGroup, captures: { 'travelgroup.detail': firstPack } })

/** The booking's reads, after its detail. */
export const bookingReads = (rows: readonly ReadRow[]): JourneyStepSpec[] =>
  readSteps(rows, { needs: 'booking.detail', requires: 'bookingId', request: byBooking })

const firstPack = (json: unknown): Partial<JourneyState> => {
  const pack = idOf(asArray(asRecord(json)?.['packs']).map(asRecord)[0])
  return pack === undefined ? {} : { packId: pack }
}

function readSteps(
  rows: readonly ReadRow[],
  scope: {
    needs: string
    requires: JourneyKey
    request: (state: Readonly<JourneyState>) => CallOptions
    captures?: Record<string, JourneyStepSpec['capture']>
  },
): JourneyStepSpec[] {
  return rows.map(([id, name, operationId, route]) => {
    const capture = scope.captures?.[id]
    return {
      id,
      name,
      operationId,
      route,
      kind: 'read',
      wiring: 'ready',
      needs: [scope.needs],
      requires: [scope.requires],
      request: scope.request,
      ...(capture === undefined ? {} : { capture }),
    }
  })
}
