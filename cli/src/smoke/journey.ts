import type { CallOptions } from './api-client.ts';
import { findOperationByRoute, type ContractIndex, type HttpMethod } from './contract-index.ts';
import { probeStep, type ProbeDefinition } from './probes.ts';
import type { StepContext, StepDefinition, StepKind } from './step-runner.ts';

// The customer journey the smoke run walks, as data. SKELETON: payloads and
// response shapes are to be confirmed against contract/openapi.yaml, so
//   - operationIds follow the contract as first drafted; each step also names
//     its route, and when the id is missing from the contract the operation
//     found at that route is used instead (and reported, so the id here can
//     be corrected);
//   - steps whose payload or response shape is unknown are `wiring:
//     'pending-contract'`: listed and reported as skipped, never run.
// TODO(contract): set the real operationIds, payloads and captures once the
// contract lands; flip each step to 'ready' as it is wired.

export type JourneyState = {
  /** portal URL (protocol + host) sent to the agency lookup */
  agencyUrl: string;
  email?: string;
  password?: string;
  agencyId?: string;
  token?: string;
  countryCode?: string;
  stateId?: string;
  travelGroupId?: string;
  bookingId?: string;
  invoiceId?: string;
  paymentId?: string;
  paymentActionUrl?: string;
};

export type JourneyKey = keyof JourneyState & string;

export type JourneyRoute = `${Uppercase<HttpMethod>} /${string}`;

export type JourneyStepSpec = {
  id: string;
  name: string;
  kind: Exclude<StepKind, 'probe'>;
  /** provisional until the contract lands */
  operationId: string;
  /** method and path template, the fallback for finding the operation */
  route: JourneyRoute;
  wiring: 'ready' | 'pending-contract';
  needs?: readonly string[];
  requires?: readonly JourneyKey[];
  request?: (state: Readonly<JourneyState>, context: StepContext<JourneyState>) => CallOptions;
  /**
   * Reads what later steps need from the 2xx body. Return undefined when the
   * value is not there: the step then fails, naming `captures`.
   */
  capture?: (json: unknown, state: Readonly<JourneyState>) => Partial<JourneyState> | undefined;
  /** what capture provides, for the failure message */
  captures?: readonly JourneyKey[];
  /** extra check on the answer (e.g. the guard on a payment action URL) */
  after?: (json: unknown, context: StepContext<JourneyState>) => void;
};

export type JourneyProbeSpec = ProbeDefinition<JourneyState> & { route: JourneyRoute };

// --- provisional readers for response shapes (TODO(contract): replace)

type Json = Record<string, unknown>;
const asRecord = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** First item of a list answer: a bare array or {items|data|results|docs: [...]}. */
export function firstItem(json: unknown): Json | undefined {
  const record = asRecord(json);
  const list = Array.isArray(json) ? json : ['items', 'data', 'results', 'docs'].map((key) => record?.[key]).find(Array.isArray);
  return asRecord(list?.[0]);
}

export function idOf(value: Json | undefined): string | undefined {
  const id = value?.['id'] ?? value?.['_id'];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

const pending = 'pending-contract' as const;
const byTravelGroup = (state: Readonly<JourneyState>): CallOptions => ({ path: [state.travelGroupId as string] });
const byBooking = (state: Readonly<JourneyState>): CallOptions => ({ path: [state.bookingId as string] });

export const journeySteps: readonly JourneyStepSpec[] = [
  // --- public, as on portal start (SPEC §7)
  {
    id: 'agency.lookup',
    name: 'Agency lookup by portal URL',
    kind: 'read',
    operationId: 'findAgency',
    route: 'POST /agency',
    wiring: 'ready',
    request: (state) => ({ json: { url: state.agencyUrl }, auth: 'none' }),
    capture: (json) => {
      const id = idOf(asRecord(json)) ?? idOf(asRecord(asRecord(json)?.['agency']));
      return id === undefined ? undefined : { agencyId: id };
    },
    captures: ['agencyId'],
  },
  { id: 'auth.config', name: 'Auth config (maintenance, build)', kind: 'read', operationId: 'getConfig', route: 'GET /auth/config', wiring: 'ready', needs: ['agency.lookup'] },

  // --- login and profile
  {
    id: 'auth.login',
    name: 'Login by e-mail and password',
    kind: 'read',
    operationId: 'login',
    route: 'POST /auth/login',
    // TODO(contract): confirm the body field names and where the token is.
    wiring: 'ready',
    needs: ['agency.lookup'],
    requires: ['email', 'password'],
    request: (state) => ({ json: { email: state.email, password: state.password }, auth: 'none' }),
    capture: (json) => {
      const token = asRecord(json)?.['token'];
      return typeof token === 'string' && token !== '' ? { token } : undefined;
    },
    captures: ['token'],
  },
  { id: 'auth.profile', name: 'Profile of the logged-in customer', kind: 'read', operationId: 'getProfile', route: 'GET /auth/profile', wiring: 'ready', needs: ['auth.login'] },

  // --- lists
  {
    id: 'lists.country',
    name: 'Country list',
    kind: 'read',
    operationId: 'listCountries',
    route: 'GET /country',
    wiring: 'ready',
    needs: ['agency.lookup'],
    // Spain when listed (the portal's default), else the first one.
    capture: (json) => {
      const countries = Array.isArray(json) ? (json as unknown[]).map(asRecord) : [];
      const country = countries.find((item) => item?.['code'] === 'ES') ?? countries[0];
      const code = country?.['code'];
      return typeof code === 'string' ? { countryCode: code } : {};
    },
  },
  {
    id: 'lists.state',
    name: 'State list of a country',
    kind: 'read',
    operationId: 'listStates',
    route: 'GET /state',
    wiring: 'ready',
    needs: ['lists.country'],
    requires: ['countryCode'],
    request: (state) => ({ query: { country: state.countryCode } }),
    capture: (json) => ({ ...optional('stateId', idOf(firstItem(json))) }),
  },
  {
    id: 'lists.city',
    name: 'City list of a state',
    kind: 'read',
    operationId: 'listCities',
    route: 'GET /city',
    wiring: 'ready',
    needs: ['lists.state'],
    requires: ['stateId'],
    request: (state) => ({ query: { state: state.stateId } }),
  },

  // --- travel groups
  {
    id: 'travelgroup.list',
    name: 'Travel group list',
    kind: 'read',
    operationId: 'listTravelGroups',
    route: 'GET /travelgroup',
    wiring: 'ready',
    needs: ['agency.lookup'],
    capture: (json) => ({ ...optional('travelGroupId', idOf(firstItem(json))) }),
  },
  ...travelGroupReads([
    ['travelgroup.detail', 'Travel group detail', 'getTravelGroup', 'GET /travelgroup/{id}'],
    ['travelgroup.payment-terms', 'Payment terms', 'listPaymentTerms', 'GET /travelgroup/{id}/payment-terms'],
    ['travelgroup.booking-items', 'Booking items', 'listBookingItems', 'GET /travelgroup/{id}/booking-items'],
    ['travelgroup.extras', 'Extras', 'listExtras', 'GET /travelgroup/{id}/extras'],
    ['travelgroup.booking', 'Booking of the group', 'getTravelGroupBooking', 'GET /travelgroup/{id}/booking'],
    ['travelgroup.rooming', 'Rooming', 'getRoomingList', 'GET /travelgroup/{id}/rooming'],
    ['travelgroup.invitation', 'Invitation', 'getInvitationInfo', 'GET /travelgroup/{id}/invitation'],
    ['travelgroup.terms', 'Terms (HTML)', 'getTravelGroupTerms', 'GET /travelgroup/{id}/terms'],
    ['travelgroup.seats-availability', 'Seats availability', 'getSeatsAvailability', 'GET /travelgroup/{id}/seats-availability'],
    ['travelgroup.pack-seats', 'Pack seats', 'getPackSeats', 'GET /travelgroup/{id}/pack-seats'],
  ]),

  // --- bookings
  {
    id: 'booking.list',
    name: 'My bookings',
    kind: 'read',
    operationId: 'listBookings',
    route: 'GET /booking',
    wiring: 'ready',
    needs: ['auth.login'],
    capture: (json) => ({ ...optional('bookingId', idOf(firstItem(json))) }),
  },
  ...bookingReads([
    ['booking.detail', 'Booking detail', 'getBooking', 'GET /booking/{id}'],
    ['booking.rooms', 'Booking rooms', 'getBookingRooms', 'GET /booking/{id}/rooms'],
    ['booking.travel-group', 'Booking travel group', 'getBookingTravelGroup', 'GET /booking/{id}/travel-group'],
    ['booking.notices', 'Booking notices', 'listBookingNotices', 'GET /booking/{id}/notices'],
    ['booking.payments', 'Booking payments', 'getBookingPayments', 'GET /booking/{id}/payments'],
    ['booking.authorizations', 'Parental authorizations', 'listAuthorizations', 'GET /booking/{id}/authorizations'],
    // Binary (PDF): the checker verifies content type and %PDF magic bytes.
    ['booking.authorization-render', 'Authorization PDF', 'renderAuthorization', 'GET /booking/{id}/authorization/render'],
  ]),
  // TODO(contract): wire the bookingId query param.
  { id: 'travelgroup.payment-methods', name: 'Payment methods', kind: 'read', operationId: 'listPaymentMethods', route: 'GET /travelgroup/{id}/payment-methods', wiring: pending, needs: ['travelgroup.list', 'booking.list'], requires: ['travelGroupId', 'bookingId'] },
  // TODO(contract): capture invoiceId from the booking (invoices) to render one.
  { id: 'booking.invoice-render', name: 'Invoice PDF', kind: 'read', operationId: 'renderInvoice', route: 'GET /booking/{id}/invoice/{invoiceId}/render', wiring: pending, needs: ['booking.detail'], requires: ['bookingId', 'invoiceId'] },

  // --- writes (only with --write; payloads pending the contract)
  { id: 'checkout.lock', name: 'Lock seats', kind: 'write', operationId: 'lockSeats', route: 'POST /travelgroup/{id}/lock', wiring: pending, needs: ['travelgroup.detail'], requires: ['travelGroupId'] },
  { id: 'checkout.checkout', name: 'Checkout (returns a payment action)', kind: 'write', operationId: 'checkout', route: 'POST /travelgroup/{id}/checkout', wiring: pending, needs: ['checkout.lock'], requires: ['travelGroupId'] },
  {
    id: 'payment.redirect',
    name: 'Payment redirect (action URL must be loopback or allowed)',
    kind: 'payment',
    operationId: 'redirectPayment',
    route: 'POST /payment/{id}/redirect',
    wiring: pending,
    needs: ['checkout.checkout'],
    requires: ['paymentId'],
    // TODO(contract): read the action URL from the real response shape.
    after: (json, context) => {
      const action = asRecord(json)?.['url'] ?? asRecord(asRecord(json)?.['action'])?.['url'];
      if (typeof action === 'string') context.guardPaymentUrl(action);
    },
  },
  { id: 'payment.check', name: 'Payment check', kind: 'payment', operationId: 'checkPayment', route: 'POST /payment/{id}/check', wiring: pending, needs: ['payment.redirect'], requires: ['paymentId'] },
  ...bookingWrites([
    ['documentation.data', 'Personal data', 'updateMemberData', 'PUT /booking/{id}/data'],
    ['documentation.buyer', 'Buyer', 'updateBuyer', 'PUT /booking/{id}/buyer'],
    ['documentation.dni', 'DNI', 'updateDni', 'PUT /booking/{id}/dni'],
    ['documentation.passport', 'Passport', 'updatePassport', 'PUT /booking/{id}/passport'],
    ['documentation.guardians', 'Legal guardians', 'updateGuardians', 'PUT /booking/{id}/guardians'],
    ['documentation.emergency-contact', 'Emergency contact', 'updateEmergencyContact', 'PUT /booking/{id}/emergency-contact'],
    ['booking.compute-cancel-refund', 'Cancellation refund preview', 'computeCancelRefund', 'POST /booking/{id}/compute-cancel-refund'],
    ['booking.cancel', 'Cancel the booking', 'cancelBooking', 'POST /booking/{id}/cancel'],
  ]),
];

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
    requires: ['email'],
    // TODO(contract): pin the status once x-error-codes says where auth_login_wrong lives.
    expect: { status: '4XX', code: 'auth_login_wrong' },
    request: (context) => ({ json: { email: context.state.email, password: `wrong-${context.marker}` }, auth: 'none' }),
  },
  {
    id: 'probe.foreign-booking',
    name: 'Someone else\'s booking is not shown',
    operationId: 'getBooking',
    route: 'GET /booking/{id}',
    needs: ['auth.login'],
    expect: { status: [403, 404] },
    // TODO(mock): use a booking the mock seeds for another customer.
    request: () => ({ path: ['smoke-not-yours'] }),
  },
  {
    id: 'probe.lock-without-token',
    name: 'Locking seats without a token is refused',
    operationId: 'lockSeats',
    route: 'POST /travelgroup/{id}/lock',
    // A mutating operation: if wrongly accepted it would lock seats.
    kind: 'write',
    needs: ['travelgroup.list'],
    requires: ['travelGroupId'],
    expect: { status: 401 },
    request: (context) => ({ path: [context.state.travelGroupId as string], json: {}, auth: 'none' }),
  },
];

/** Order in which steps and probes run: each probe right after what it needs. */
const probeAfter: Readonly<Record<string, string>> = {
  'probe.profile-without-token': 'auth.config',
  'probe.login-wrong-password': 'auth.login',
  'probe.foreign-booking': 'booking.authorization-render',
  'probe.lock-without-token': 'travelgroup.pack-seats',
};

type ReadRow = readonly [id: string, name: string, operationId: string, route: JourneyRoute];

function travelGroupReads(rows: readonly ReadRow[]): JourneyStepSpec[] {
  return rows.map(([id, name, operationId, route]) => ({
    id, name, operationId, route, kind: 'read', wiring: 'ready', needs: ['travelgroup.list'], requires: ['travelGroupId'], request: byTravelGroup,
  }));
}

function bookingReads(rows: readonly ReadRow[]): JourneyStepSpec[] {
  return rows.map(([id, name, operationId, route]) => ({
    id, name, operationId, route, kind: 'read', wiring: 'ready', needs: ['booking.list'], requires: ['bookingId'], request: byBooking,
  }));
}

function bookingWrites(rows: readonly ReadRow[]): JourneyStepSpec[] {
  return rows.map(([id, name, operationId, route]) => ({
    id, name, operationId, route, kind: 'write', wiring: pending, needs: ['booking.detail'], requires: ['bookingId'],
  }));
}

function optional<K extends JourneyKey>(key: K, value: JourneyState[K] | undefined): Partial<JourneyState> {
  return value === undefined ? {} : ({ [key]: value } as Partial<JourneyState>);
}

export type BuiltJourney = {
  steps: StepDefinition<JourneyState>[];
  /** operationIds taken from the route instead, to fix in this file */
  notes: string[];
};

/** Resolves provisional operationIds against the contract and turns specs into runnable steps. */
export function buildJourney(contract: ContractIndex): BuiltJourney {
  const notes: string[] = [];
  const resolve = (operationId: string, route: JourneyRoute, id: string): string => {
    if (contract.operations.has(operationId)) return operationId;
    const [method, path] = route.split(' ') as [string, string];
    const found = findOperationByRoute(contract, method, path);
    if (found === undefined) return operationId;
    notes.push(`journey ${id}: operationId ${operationId} is not in the contract; using ${found.operationId} (${route})`);
    return found.operationId;
  };

  const steps: StepDefinition<JourneyState>[] = [];
  const probesByAnchor = new Map<string, StepDefinition<JourneyState>[]>();
  for (const probe of journeyProbes) {
    const anchor = probeAfter[probe.id] ?? '';
    const list = probesByAnchor.get(anchor) ?? [];
    list.push(probeStep({ ...probe, operationId: resolve(probe.operationId, probe.route, probe.id) }));
    probesByAnchor.set(anchor, list);
  }
  for (const spec of journeySteps) {
    steps.push(toStep(spec, resolve(spec.operationId, spec.route, spec.id), contract));
    steps.push(...(probesByAnchor.get(spec.id) ?? []));
    probesByAnchor.delete(spec.id);
  }
  for (const orphans of probesByAnchor.values()) steps.push(...orphans);
  return { steps, notes };
}

function toStep(spec: JourneyStepSpec, operationId: string, contract: ContractIndex): StepDefinition<JourneyState> {
  return {
    id: spec.id,
    name: spec.name,
    kind: spec.kind,
    ...(spec.needs === undefined ? {} : { needs: spec.needs }),
    ...(spec.requires === undefined ? {} : { requires: spec.requires }),
    operationIds: [operationId],
    // Annotated so TypeScript treats context.fail()/skip() as ending the flow.
    async run(context: StepContext<JourneyState>) {
      if (spec.wiring === 'pending-contract') context.skip('pending the contract: payload not wired yet (cli/src/smoke/journey.ts)');
      const request = spec.request?.(context.state, context) ?? {};
      // A required query parameter we do not send would only produce a 400
      // that says nothing about the API; say what is missing instead.
      const operation = contract.operations.get(operationId);
      const missing = (operation?.parameters ?? []).filter(
        (parameter) => parameter.in === 'query' && parameter.required && request.query?.[parameter.name] === undefined,
      );
      if (missing.length > 0) context.skip(`needs query parameter ${missing.map((item) => item.name).join(', ')} (wire it in journey.ts)`);

      const outcome = await context.call(operationId, request);
      if (!outcome.ok) {
        // An undeclared status is already a violation; don't report it twice.
        if (outcome.violations.length > 0) return;
        const code = (outcome.json as { code?: unknown } | undefined)?.code;
        context.fail('a 2xx answer', `${outcome.status}${typeof code === 'string' ? ` (${code})` : ''}`);
      }
      if (spec.capture !== undefined) {
        const patch = spec.capture(outcome.json, context.state);
        if (patch === undefined) context.fail(`${(spec.captures ?? ['a value']).join(', ')} in the response`, 'not found');
        context.set(patch);
      }
      spec.after?.(outcome.json, context);
    },
  };
}
