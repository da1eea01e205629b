// The journey's last writes (only with --write): the new booking's documentation, then its cancellation.
import { utcDay } from '../../../core/calendar.ts'
import type { StepContext } from '../run/step-runner.ts'
import { JourneyState, JourneyStepSpec, ResolvedIds, SMOKE_IBAN } from '../run/run-state.ts'
import { leapDayFrom, memberInputKeys, smokePdf, smokeText } from './smoke-data.ts'
import { byNewBooking } from './read-steps.ts'
import { asRecord, asString, requireOk } from '../run/json-readers.ts'

export const aftercareSteps: readonly JourneyStepSpec[] = [
  {
    id: 'files.upload',
    name: 'Upload a document scan (tagged PDF)',
    kind: 'write',
    operationId: 'uploadFile',
    route: 'POST /auth/file-upload',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    request: (_state, context) => ({
      form: [{ name: 'file', fileName: `${context.marker}.pdf`, contentType: 'application/pdf', data: smokePdf(context.marker) }],
    }),
    capture: (json) => {
      const name = asString(asRecord(json)?.['name'])
      return name === undefined ? undefined : { fileName: name }
    },
    captures: ['fileName'],
  },
  {
    id: 'files.get',
    name: 'Download an uploaded file',
    kind: 'read',
    operationId: 'getFile',
    route: 'GET /file/{name}',
    wiring: 'ready',
    needs: ['auth.login'],
    requires: ['fileName'],
    request: (state) => ({ path: [state.fileName as string] }),
  },
  {
    id: 'documentation.data',
    name: 'Passenger data (tagged)',
    kind: 'write',
    operationId: 'updateMemberData',
    route: 'PUT /booking/{id}/data',
    wiring: 'ready',
    needs: ['booking.created'],
    requires: ['newBookingId', 'newMemberId', 'newMember'],
    request: (state, context) => {
      const member = state.newMember as Record<string, unknown>
      const input = Object.fromEntries(memberInputKeys.map((key) => [key, member[key] ?? null]))
      return { ...byNewBooking(state), json: { ...input, member_id: state.newMemberId, allergies: context.tag(`Ninguna: ${smokeText.freeText}`) } }
    },
  },
  {
    id: 'documentation.dni',
    name: 'DNI',
    kind: 'write',
    operationId: 'updateDni',
    route: 'PUT /booking/{id}/dni',
    wiring: 'ready',
    needs: ['booking.created'],
    requires: ['newBookingId', 'newMemberId', 'newTravelGroupEnd'],
    request: (state) => ({
      ...byNewBooking(state),
      json: {
        member_id: state.newMemberId,
        // lower case: the contract says it is stored upper-cased (x-normalised), and the round trip checks it
        number: (asString(state.newMember?.['document_number']) ?? '00000000T').toLowerCase(),
        // 31 December and 1 January: a time-zone bug moves them into another year
        expiry_date: `${Number((state.newTravelGroupEnd as string).slice(0, 4)) + 5}-12-31`,
        issue_date: `${Number(utcDay().slice(0, 4)) - 2}-01-01`,
        country: 'ES',
        support_number: 'smk000001',
      },
    }),
  },
  {
    id: 'documentation.passport',
    name: 'Passport (with the uploaded scan)',
    kind: 'write',
    operationId: 'updatePassport',
    route: 'PUT /booking/{id}/passport',
    wiring: 'ready',
    needs: ['booking.created'],
    requires: ['newBookingId', 'newMemberId', 'newTravelGroupEnd'],
    request: (state) => ({
      ...byNewBooking(state),
      json: {
        member_id: state.newMemberId,
        number: 'SMK123456',
        // 29 February: a date library that rolls it over stores 1 March
        expiry_date: leapDayFrom(Number((state.newTravelGroupEnd as string).slice(0, 4)) + 6),
        issue_date: null,
        country: 'ES',
        file: state.fileName ?? null,
      },
    }),
  },
  {
    id: 'documentation.emergency-contact',
    name: 'Emergency contact (tagged)',
    kind: 'write',
    operationId: 'updateEmergencyContact',
    route: 'PUT /booking/{id}/emergency-contact',
    wiring: 'ready',
    needs: ['booking.created'],
    requires: ['newBookingId', 'newMemberId'],
    request: (state, context) => ({
      ...byNewBooking(state),
      json: {
        member_id: state.newMemberId,
        name: 'Contácto Ñúñez',
        surname1: 'Smöke',
        surname2: context.marker,
        email: 'smoke.contact@example.com',
        phone: '+34600000001',
      },
    }),
  },
  {
    id: 'documentation.guardians',
    name: "The minor passenger's legal guardians (tagged; e-mails nobody has)",
    kind: 'write',
    operationId: 'updateGuardians',
    route: 'PUT /booking/{id}/guardians',
    wiring: 'ready',
    needs: ['booking.created'],
    requires: ['newBookingId', 'newMinorId'],
    request: (state, context) => ({
      ...byNewBooking(state),
      json: {
        member_id: state.newMinorId,
        guardian_type: 'mother_and_father',
        // addresses in a reserved domain: a guardian's e-mail gives its account access to the booking
        guardians: [
          {
            name: 'María José',
            surname1: 'Núñez',
            surname2: context.marker,
            email: `madre.${context.marker}@example.com`,
            phone: '+34600000002',
            document_number: '00000002w',
          },
          {
            name: 'Jürgen',
            surname1: 'Çelik',
            surname2: context.marker,
            email: `padre.${context.marker}@example.com`,
            phone: '+34600000003',
            document_number: '00000003A',
          },
        ],
      },
    }),
  },
  {
    id: 'booking.compute-cancel-refund',
    name: 'Cancellation refund preview',
    kind: 'write',
    operationId: 'computeCancelRefund',
    route: 'POST /booking/{id}/compute-cancel-refund',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    requires: ['newBookingId'],
    request: (state) => ({ ...byNewBooking(state), json: { reason: 'other' } }),
  },
  {
    id: 'booking.cancel',
    name: 'Cancel the smoke booking',
    kind: 'write',
    operationId: 'cancelBooking',
    route: 'POST /booking/{id}/cancel',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    requires: ['newBookingId'],
    request: (state, context) => ({
      ...byNewBooking(state),
      json: { reason: 'other', comment: context.tag('Smoke run clean-up'), owner: 'Smoke Tester', iban: SMOKE_IBAN },
    }),
  },
  {
    id: 'booking.cancel-made',
    name: 'Cancel the bookings the checks made (a checkout sent again with read-only fields)',
    kind: 'write',
    operationId: 'cancelBooking',
    route: 'POST /booking/{id}/cancel',
    wiring: 'ready',
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const made = (context.state.made ?? []).filter((thing) => thing.read === ids('getBooking'))
      if (made.length === 0) context.skip('nothing made beside the journey’s booking')
      for (const booking of made) {
        const outcome = await context.call(ids('cancelBooking'), {
          path: booking.path,
          json: { reason: 'other', comment: context.tag('Smoke run clean-up'), owner: 'Smoke Tester', iban: SMOKE_IBAN },
        })
        requireOk(context, outcome, `${booking.path['id']} canceled`)
      }
      context.note(`${made.length} canceled`)
    },
  },
  {
    id: 'booking.canceled',
    name: 'The smoke booking reads as canceled',
    kind: 'write',
    operationId: 'getBooking',
    route: 'GET /booking/{id}',
    wiring: 'ready',
    needs: ['booking.cancel'],
    requires: ['newBookingId'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const outcome = await context.call(ids('getBooking'), byNewBooking(context.state))
      requireOk(context, outcome)
      const status = asRecord(outcome.json)?.['status']
      if (status !== 'canceled') context.fail('status canceled after the cancellation', String(status))
    },
  },
]
