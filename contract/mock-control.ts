// The mock's control API (/__mock, on the mock's own origin only): the contract between the mock
// (mock/src/control/control.ts), which validates with these schemas, and the CLI (cli/src/mock-control/mock-control.ts,
// cli/src/mock-control/tenant-input.ts), which checks what it sends with the same ones before sending it. Not part
// of the customer API (contract/openapi.yaml): no backend implements it, and the portal never
// reaches it. Messages are the CLI's: it prints them after the field ("tenant.color1 must be …").
import { z } from 'zod'

const text = (description: string) => z.string({ error: (issue) => (issue.input === undefined ? 'is required' : `must be ${description}`) })

// host[:port], no scheme or path: the portal resolves the agency from the Host header, so that is
// exactly what is stored. People paste portal addresses, so an address is taken down to its host.
const HOST = /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/
const SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/
const PHONE = /^\+?[0-9][0-9 ().-]{4,22}$/
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

const hostSchema = text('a host name like viajes-sol.localhost')
  .trim()
  .toLowerCase()
  .transform((value) => {
    if (!value.includes('://')) return value.replace(/\/+$/, '')
    try {
      return new URL(value).host
    } catch {
      return value
    }
  })
  .pipe(z.string().regex(HOST, 'must be a host name like viajes-sol.localhost or viajes-sol.localhost:5173 (no protocol or path)'))

// #rgb is accepted and expanded: the contract's Agency colours are #rrggbb.
const colourSchema = text('a hex colour like #0a7cff')
  .trim()
  .regex(HEX_COLOUR, 'must be a hex colour like #0a7cff')
  .transform((value) => (value.length === 4 ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value).toLowerCase())

const isLogoReference = (value: string): boolean => {
  if (/^data:image\//i.test(value) || (value.startsWith('/') && !value.startsWith('//'))) return true
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const FaqEntrySchema = z.strictObject({
  id: z.string().trim().regex(SLUG, 'must be a slug'),
  question: z.string().trim().min(1).max(500),
  answer_html: z.string().max(20_000),
})

/** The fields of a tenant (an agency): the contract's Agency names (color1/color3/color4, css_extra, legal_notice_html). */
export const tenantShape = {
  id: text('a slug like viajes-sol')
    .trim()
    .regex(SLUG, 'must be a slug like viajes-sol (a-z, 0-9, - and _)')
    // The world keeps some maps by agency id in JSON objects: a name every object has is not an id.
    .refine((id) => !(id in Object.prototype), 'is a reserved name; choose another id')
    .optional(),
  name: text('a non-empty name').trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters'),
  /** one host, or several in `hosts` */
  host: hostSchema.optional(),
  hosts: z.array(hostSchema, { error: 'must be a list of host names' }).min(1, 'must list at least one host').max(20, 'must list at most 20 hosts').optional(),
  logo: text('a logo URL').trim().refine(isLogoReference, 'must be an http(s) URL, a path starting with /, or a data:image/ URI').nullable().optional(),
  color1: colourSchema.optional(),
  color3: colourSchema.optional(),
  color4: colourSchema.optional(),
  css_extra: text('CSS text').max(20_000, 'must be at most 20000 characters').nullable().optional(),
  email: z.email({ error: 'must be an e-mail address like info@agency.example' }).optional(),
  phone: text('a phone number like +34 910 000 000').trim().regex(PHONE, 'must be a phone number like +34 910 000 000').optional(),
  legal_notice_html: text('HTML text').max(50_000, 'must be at most 50000 characters').optional(),
  // For QA (hostile-HTML tests): the tenant's FAQ, and the description and terms of its demo travel groups.
  faq: z.strictObject({ es: z.array(FaqEntrySchema).max(50).optional(), en: z.array(FaqEntrySchema).max(50).optional() }).optional(),
  travel_group_html: z.strictObject({ description_html: z.string().max(50_000).optional(), terms_html: z.string().max(50_000).optional() }).optional(),
  /** sign-in without a mail for this tenant alone (POST /auth/debug) */
  debug_login: z.boolean().optional(),
}

/** POST /__mock/tenants */
export const TenantInputSchema = z
  .strictObject(tenantShape, { error: 'must be an object with tenant fields' })
  .refine((tenant) => tenant.host !== undefined || tenant.hosts !== undefined, { message: 'is required (or hosts)', path: ['host'] })

export type TenantInput = z.input<typeof TenantInputSchema>
export type TenantValues = z.output<typeof TenantInputSchema>

/** The hosts a tenant is served on, once each. */
export const tenantHosts = (tenant: { host?: string; hosts?: string[] }): string[] => [
  ...new Set([...(tenant.hosts ?? []), ...(tenant.host === undefined ? [] : [tenant.host])]),
]

/**
 * PUT /__mock/settings (GET answers MockSettings): switches of the mock. `throttling` (429 on repeated
 * sign-in failures and mailed links) is for every tenant, or with `?agency=ID` for that tenant alone.
 */
export const MockSettingsInputSchema = z.strictObject({ debugLogin: z.boolean().optional(), throttling: z.boolean().optional() })
export type MockSettingsInput = z.input<typeof MockSettingsInputSchema>
export type MockSettings = {
  debugLogin: boolean
  throttling: boolean
  /** tenants whose throttling differs from `throttling` */
  throttlingByAgency: Record<string, boolean>
}

/** POST /__mock/tenants/seed: one tenant (by any of these names for its id), or every tenant without a body. */
export const TenantSeedInputSchema = z
  .strictObject({ id: z.string().min(1).optional(), tenant: z.string().min(1).optional(), agency: z.string().min(1).optional() })
  .optional()

/** The answer of POST /__mock/tenants/seed: the tenants (re)seeded, demo tenants put back, and the travel groups created. */
export type TenantSeedResult<Tenant = { id: string }> = {
  tenants: Tenant[]
  restored: string[]
  travelGroups: string[]
  skipped: { id: string; reason: string }[]
}

/** How many of each thing the mock's world holds (GET /__mock/health): now, and as its seed made it. */
export type MockWorldCounts = Record<'tenants' | 'travelGroups' | 'customers' | 'bookings' | 'payments' | 'sessions' | 'mails', number>

/** GET /__mock/health: the world's seed, what is active, and its counts against the seed's (what QA and runs added). */
export type MockHealth = {
  status: 'ok'
  seed: number
  seededAt: string
  agencies: number
  /** the scenarios in force, and where */
  scenarios: ActiveScenario[]
  counts: MockWorldCounts
  seedCounts: MockWorldCounts
}

/** POST /__mock/reset: the world made again from its seed (or `seed`), the settings as the mock started. */
export const ResetInputSchema = z
  .strictObject({
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
  })
  .nullable()
  .optional()
export type MockResetResult = { seed: number; seededAt: string; agencies: number }

// ── scenarios ──

/** What a scenario can be aimed at beyond its tenant: a trip, one of its packs, a booking, one passenger. */
export const SCENARIO_TARGET_KINDS = ['travelGroup', 'pack', 'booking', 'member'] as const
export type ScenarioTargetKind = (typeof SCENARIO_TARGET_KINDS)[number]

/** Named behaviours QA switches at run time, for everyone, one tenant, or (`targets`) one trip, pack, booking or passenger. */
export const SCENARIOS = [
  { name: 'default', description: 'Normal behaviour.', targets: [] },
  { name: 'maintenance', description: 'GET /auth/config reports maintenance: true.', targets: [] },
  { name: 'new-build', description: 'GET /auth/config reports a new build number, forcing portals to reload.', targets: [] },
  { name: 'sold-out', description: 'The trip has no seats left: lock and checkout give cant_lock_enough_seats.', targets: ['travelGroup'] },
  { name: 'pack-full', description: 'The pack is full: lock, checkout and set-pack give travel_group_pack_full.', targets: ['travelGroup', 'pack'] },
  {
    name: 'expired-passport',
    description: 'The passport on file reads as expired; saving one gives passport_expired.',
    targets: ['travelGroup', 'booking', 'member'],
  },
  { name: 'expired-dni', description: 'The DNI on file reads as expired; saving one gives dni_expired.', targets: ['travelGroup', 'booking', 'member'] },
  { name: 'payment-fails', description: 'The card provider declines the payment.', targets: ['travelGroup', 'booking'] },
  {
    name: 'term-expired',
    description: 'Pending terms are past their limit dates (paying one gives payment_term_limit_date_excedeed); so are extras and insurance.',
    targets: ['travelGroup', 'booking'],
  },
  { name: 'no-bookings', description: 'GET /booking answers an empty list.', targets: [] },
  { name: 'minor-buyer', description: 'Checkout rejects the buyer as a minor.', targets: ['travelGroup'] },
  { name: 'rooming-confirmed', description: 'The rooming list is confirmed: updates give rooming_list_already_confirmed.', targets: ['travelGroup'] },
  { name: 'already-traveled', description: 'Cancelling gives booking_already_traveled, as if the trip had taken place.', targets: ['travelGroup', 'booking'] },
  { name: 'slow', description: 'Every API answer is delayed by 1.5 s.', targets: [] },
  { name: 'flaky', description: 'About one API call in four fails: a 503 or a dropped connection.', targets: [] },
  { name: 'unavailable', description: 'Every API call answers 503 service_unavailable with Retry-After, as in an outage.', targets: [] },
] as const satisfies readonly { name: string; description: string; targets: readonly ScenarioTargetKind[] }[]

export type ScenarioName = (typeof SCENARIOS)[number]['name']

const scenarioNames = new Set<string>(SCENARIOS.map((s) => s.name))
export const isScenarioName = (value: string): value is ScenarioName => scenarioNames.has(value)

// People and the CLI type snake_case or upper case (PAYMENT_FAILS); scenario names are kebab-case.
const scenarioNameSchema = z
  .string({ error: 'must be a scenario name' })
  .transform((name) => name.trim().toLowerCase().replace(/_/g, '-'))
  .refine(isScenarioName, { error: (issue) => `'${String(issue.input)}' is not a scenario; known scenarios: ${[...scenarioNames].join(', ')}` })
  .transform((name) => name as ScenarioName)

const targetId = (what: string) => text(`the id of a ${what}`).trim().min(1, `must be the id of a ${what}`).max(200)

/** Where a scenario applies: nothing for everyone, a tenant, and within it at most one trip, pack, booking or passenger (with their parents). */
export const ScenarioTargetSchema = z.strictObject(
  {
    tenant: targetId('tenant').optional(),
    travelGroup: targetId('travel group').optional(),
    pack: targetId('pack').optional(),
    booking: targetId('booking').optional(),
    member: targetId('passenger').optional(),
  },
  { error: 'must be an object with tenant, travelGroup, pack, booking or member' },
)
export type ScenarioTarget = z.output<typeof ScenarioTargetSchema>

/** PUT /__mock/scenarios (set: replaces what is active at exactly this target) and POST /__mock/scenarios (add). */
export const ScenarioSwitchInputSchema = z.strictObject(
  {
    names: z
      .union([scenarioNameSchema.transform((name) => [name]), z.array(scenarioNameSchema, { error: 'must be a scenario name or a list of them' })])
      // 'default' means "nothing special": kept out of what is stored, so it reads as what is on.
      .transform((names) => [...new Set(names)].filter((name) => name !== 'default')),
    target: ScenarioTargetSchema.optional(),
  },
  { error: 'must be an object like {"names": ["pack-full"], "target": {"pack": "…"}}' },
)
export type ScenarioSwitchInput = z.input<typeof ScenarioSwitchInputSchema>

/**
 * DELETE /__mock/scenarios?name=&tenant=&travelGroup=&pack=&booking=&member= : removes every active scenario
 * matching all that is given (nothing given: all of them). `agency` is read as `tenant`, as elsewhere.
 */
export const ScenarioRemovalSchema = ScenarioTargetSchema.extend({ name: scenarioNameSchema.optional() })
export type ScenarioRemoval = z.output<typeof ScenarioRemovalSchema>

/** A scenario in force: its name and where (an empty target: every tenant). */
export type ActiveScenario = { name: ScenarioName; target: ScenarioTarget }

/** GET /__mock/scenarios, and the answer of every change (with what it added and removed). */
export type ScenarioListing = {
  scenarios: { name: ScenarioName; description: string; targets: readonly ScenarioTargetKind[] }[]
  active: ActiveScenario[]
}
export type ScenarioChange = ScenarioListing & {
  added: ActiveScenario[]
  removed: ActiveScenario[]
  /** set and add: the place as the mock completed it (a pack with its trip and tenant) */
  target?: ScenarioTarget
}
