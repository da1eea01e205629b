// The journey's probes: calls that must fail in a declared way (no token, wrong password, another customer's booking).
import type { StepContext } from '../run/step-runner.ts'
import { JourneyProbeSpec, JourneyState, JourneyStepSpec, ResolvedIds } from '../run/run-state.ts'
import { readGroup } from './read-steps.ts'
import { asRecord, asString, statusAndCode } from '../run/json-readers.ts'

export const journeyProbes: readonly JourneyProbeSpec[] = [
  {
    id: 'probe.profile-without-token',
    name: 'Profile without a token is refused',
    operationId: 'getProfile',
    route: 'GET /auth/profile',
    needs: ['agency.lookup'],
    expect: { status: 401 },
    request: () => ({ auth: 'none' }),
  },
  {
    id: 'probe.login-wrong-password',
    name: 'Login with a wrong password is refused',
    operationId: 'login',
    route: 'POST /auth/login',
    needs: ['agency.lookup'],
    expect: { status: 401, code: 'auth_login_wrong' },
    // An address nobody has (.invalid is reserved): a backend that throttles failed sign-ins per account
    // (as it should) must never lock out the account the run signs in with. It must answer as for a wrong
    // password, or it tells strangers which addresses have accounts.
    request: (context) => ({ json: { email: `smoke-${context.marker}@example.invalid`, password: `wrong-${context.marker}` }, auth: 'none' }),
  },
  {
    id: 'probe.login-wrong-password-account',
    name: "Login with a wrong password for the run's own account is refused",
    operationId: 'login',
    route: 'POST /auth/login',
    needs: ['auth.login'],
    requires: ['email'],
    // One failed sign-in on a real account, within any throttle (a right password follows and clears it):
    // a backend that skips the password check for existing accounts must not pass. A 429 is the contract's
    // throttle speaking (the account had earlier failures), and is accepted.
    expect: { status: [401, 429], code: ['auth_login_wrong', 'too_many_requests'] },
    request: (context) => ({ json: { email: context.state.email, password: `wrong-${context.marker}` }, auth: 'none' }),
  },
  {
    id: 'probe.lock-without-token',
    name: 'Holding seats without a token is refused',
    operationId: 'lockSeats',
    route: 'POST /travelgroup/{id}/lock',
    // A mutating operation: if wrongly accepted it would hold seats.
    kind: 'write',
    needs: ['travelgroup.list'],
    requires: ['travelGroupId', 'packId'],
    expect: { status: 401 },
    // A body valid for LockRequest: a backend that validates before checking the token must still answer 401.
    request: (context) => ({ path: [readGroup(context.state)], json: { pack_id: context.state.packId, members: 1, rooms: [] }, auth: 'none' }),
  },
  {
    id: 'probe.voucher-invalid',
    name: 'An unknown coupon is refused',
    operationId: 'checkVoucher',
    route: 'POST /travelgroup/{id}/check-voucher',
    needs: ['auth.login', 'travelgroup.detail'],
    requires: ['packId'],
    expect: { status: 422, code: 'voucher_invalid' },
    request: (context) => ({
      path: [readGroup(context.state)],
      json: { code: `NOPE${context.marker.replace(/\D/g, '')}`.slice(0, 50), pack_id: context.state.packId, members: 1 },
    }),
  },
]

/**
 * The leak probe: a second customer reads the first one's booking and must get
 * 404 (never 403, which would confirm it exists). Without a second customer
 * it can only try an id that belongs to nobody, and says so.
 */
export const foreignBookingProbe: JourneyStepSpec = {
  id: 'probe.foreign-booking',
  name: "Another customer cannot read this customer's booking",
  kind: 'probe',
  operationId: 'getBooking',
  route: 'GET /booking/{id}',
  alsoCalls: ['login'],
  wiring: 'ready',
  needs: ['booking.list'],
  async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
    const state = context.state
    if (state.otherEmail !== undefined && state.otherPassword !== undefined) {
      if (state.bookingId === undefined) context.skip('needs bookingId (the customer has no booking to try)')
      const login = await context.call(ids('login'), { json: { email: state.otherEmail, password: state.otherPassword }, auth: 'none', probe: true })
      const token = asString(asRecord(login.json)?.['token'])
      if (!login.ok || token === undefined) {
        context.fail(`a session for --other-email ${state.otherEmail}`, `status ${statusAndCode(login)}`, { kind: 'probe', operationId: ids('login') })
      }
      // In the state, so curl lines name it ($TRAVEL_PORTAL_OTHER_TOKEN) instead of printing it.
      context.set({ otherToken: token })
      const outcome = await context.call(ids('getBooking'), { path: [state.bookingId], auth: { token }, probe: true })
      if (outcome.status !== 404) {
        context.fail(
          `status 404 when ${state.otherEmail} reads ${state.email ?? 'the customer'}'s booking ${state.bookingId}`,
          `status ${outcome.status}${outcome.ok ? ": another customer's booking leaked" : ''}`,
          { kind: 'probe', operationId: ids('getBooking') },
        )
      }
      context.note(`${state.otherEmail} reading booking ${state.bookingId} got 404`)
      return
    }
    const id = `not-yours-${context.marker}`
    context.note('limited: without --other-email/--other-password only an id that belongs to nobody was tried, not a real booking of another customer')
    const outcome = await context.call(ids('getBooking'), { path: [id], probe: true })
    if (outcome.status !== 404) {
      context.fail(
        `status 404 for booking ${id}, which is nobody's`,
        `status ${outcome.status}${outcome.ok ? ': a booking that is not the customer’s was served' : ''}`,
        { kind: 'probe', operationId: ids('getBooking') },
      )
    }
  },
}

/** Order in which probes run: each right after what it needs. */
export const probeAfter: Readonly<Record<string, string>> = {
  'probe.profile-without-token': 'auth.config',
  'probe.login-wrong-password': 'auth.login',
  'probe.login-wrong-password-account': 'auth.login',
  'probe.lock-without-token': 'travelgroup.pack-seats',
  'probe.voucher-invalid': 'travelgroup.pack-seats',
  'probe.foreign-booking': 'raffle.ballot',
}
