// Bookings made for one test: a tenant of the booking specs' own (so scenarios and writes never touch
// anyone else's data), a new customer invited by e-mail, and a booking bought and paid through the API
// exactly as the portal would (lock → checkout → the card provider approves).
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { API, decideAtProvider, MOCK, SOL, TOKEN_KEY, type PaymentAction } from './portal'
import { traveller } from '../../../mock/src/world/seed/traveller.ts'

export type Tenant = { id: string; host: string; origin: string }

let counter = 0
const unique = () => `${Date.now().toString(36)}${process.pid.toString(36)}${(++counter).toString(36)}`

/**
 * A tenant of its own for one test (its groups and fellow travellers are seeded by the mock): writes
 * and scenarios there touch nobody else, and rooms or seats never run out across runs.
 */
export async function newTenant(request: APIRequestContext, label: string): Promise<Tenant> {
  const tag = `${label}-${unique()}`.toLowerCase()
  const t: Tenant = { id: `ag-e2e-${tag}`, host: `${tag}.localhost`, origin: SOL.replace('://localhost', `://${tag}.localhost`) }
  const res = await request.post(`${MOCK}/__mock/tenants`, {
    data: { id: t.id, name: 'Viajes Prueba', hosts: [t.host], debug_login: true, email: 'hola@prueba.example', phone: '+34 910 000 999' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return t
}

/** Removes a test's tenant (its data stays in the mock's world, unreachable). */
export async function dropTenant(request: APIRequestContext, t: Tenant) {
  await request.delete(`${MOCK}/__mock/tenants/${t.id}`)
}

/** The tenant's seeded groups: "a" is international (passport, 120 days away), "b" national (DNI required, 50 days away). */
export const groupOf = (t: Tenant, key: 'a' | 'b') => `${t.id.replace('ag-', 'tg-')}-${key}`

export type Traveller = { name: string; surname1: string; birthdate: string; gender?: 'female' | 'male'; document_number?: string }

const member = (t: Traveller) =>
  traveller({
    name: t.name,
    surname1: t.surname1,
    surname2: 'Prueba',
    gender: t.gender ?? 'female',
    birthdate: t.birthdate,
    ...(t.document_number === undefined ? {} : { document_number: t.document_number }),
  })

const roomsFor = (group: string, people: number) =>
  people === 1
    ? [{ hosting_id: `${group}-hst-1`, quantity: 1 }]
    : people === 2
      ? [{ hosting_id: `${group}-hst-2`, quantity: 1 }]
      : [{ hosting_id: `${group}-hst-3`, quantity: 1 }]

const uniqueEmail = (label: string) => `e2e-${label}-${unique()}@example.com`

async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  agencyId: string,
  token: string | null,
  data?: unknown,
  expected = [200, 201],
): Promise<T> {
  const headers: Record<string, string> = { agencyId }
  if (token) headers['Authorization'] = `Bearer ${token}`
  const res = method === 'GET' ? await request.get(`${API}${path}`, { headers }) : await request.post(`${API}${path}`, { headers, data })
  const text = await res.text()
  expect(expected, `${method} ${path} → ${res.status()} ${text}`).toContain(res.status())
  return (text ? JSON.parse(text) : undefined) as T
}

export type FreshBooking = { bookingId: string; token: string; email: string; tenant: Tenant; groupId: string }

/**
 * A new customer (invited, signed in through the mailed link) with a booking bought and paid by card
 * in group `key` of a new tenant (or `tenant`), for `travellers`. Confirmed, billing data complete.
 */
export async function freshBooking(
  request: APIRequestContext,
  {
    key = 'a',
    travellers = [{ name: 'Clara', surname1: 'Ruiz', birthdate: '1990-03-14' }],
    label = 'booking',
    tenant,
  }: { key?: 'a' | 'b'; travellers?: Traveller[]; label?: string; tenant?: Tenant } = {},
): Promise<FreshBooking> {
  const t = tenant ?? (await newTenant(request, label))
  const groupId = groupOf(t, key)
  const email = uniqueEmail(label)
  await call(request, 'POST', `/travelgroup/${groupId}/invite`, t.id, null, {
    name: 'Marta Prueba',
    email,
    phone: '+34600222333',
    commercial_consent: false,
    third_party_consent: true,
  })
  const outbox = await request.get(`${MOCK}/__mock/outbox?to=${encodeURIComponent(email)}`)
  const { mails } = (await outbox.json()) as { mails: { link: string | null }[] }
  const link = mails.find((m) => m.link)?.link
  expect(link, 'the invitation mails a sign-in link').toBeTruthy()
  const [, id, linkToken] = /\/auth\/autologin\/([^/]+)\/([^/?#]+)/.exec(link!) ?? []
  const session = await call<{ token: string }>(request, 'POST', '/auth/autologin', t.id, null, { id, token: linkToken })
  const token = session.token
  const packId = `${groupId}-pck-1`
  const rooms = roomsFor(groupId, travellers.length)
  const lock = await call<{ id: string }>(request, 'POST', `/travelgroup/${groupId}/lock`, t.id, token, { pack_id: packId, members: travellers.length, rooms })
  const result = await call<{ booking_id: string; action: PaymentAction }>(request, 'POST', `/travelgroup/${groupId}/checkout`, t.id, token, {
    lock_id: lock.id,
    pack_id: packId,
    rooms,
    members: travellers.map(member),
    buyer: {
      type: 'person',
      name: 'Marta',
      surname1: 'Prueba',
      company_name: null,
      tax_id: '87654321X',
      address: 'Calle Mayor 1',
      zip: '28001',
      country: 'ES',
      state: 'ES-M',
      city: 'Madrid',
      email,
      phone: '+34600222333',
      declares_capacity: true,
    },
    extras: [],
    insurances: [],
    voucher_code: null,
    payment_plan_id: `${groupId}-plan-1`,
    payment_method_id: `${groupId}-pm-card`,
    accept_terms: true,
    return_url: `${t.origin}/payment`,
    idempotency_key: `e2e-${email}`,
  })
  await decideAtProvider(request, result.action, 'approve')
  return { bookingId: result.booking_id, token, email, tenant: t, groupId }
}

/** Signs the browser in as the booking's customer, in a language. */
export async function signInAs(context: BrowserContext, booking: { token: string; tenant: Tenant }, lang: 'es' | 'en' = 'es') {
  await context.addCookies([
    { name: TOKEN_KEY, value: booking.token, url: booking.tenant.origin },
    { name: 'lang', value: lang, url: booking.tenant.origin },
  ])
}

/** The ISO day `days` from today (the mock's calendar is the machine's UTC day). */
export const isoFromToday = (days: number) => {
  const d = new Date()
  const utc = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days))
  return utc.toISOString().slice(0, 10)
}

/** A birthdate that makes someone `years` old today (plus `days` later: younger). */
export const bornYearsAgo = (years: number, days = 0) => {
  const d = new Date()
  return new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() + days)).toISOString().slice(0, 10)
}

/**
 * Marks this session's one-time dialogs as seen: the pending-documentation modal of `bookingId` and
 * (unless `providers: false`) the providers warning before the first documentation save.
 */
export async function quietDialogs(page: Page, bookingId: string, { providers = true }: { providers?: boolean } = {}) {
  await page.addInitScript(
    ([id, alsoProviders]) => {
      sessionStorage.setItem(`booking.pending-documentation-shown.${id}`, '1')
      if (alsoProviders) sessionStorage.setItem('documentation.providers-warning-accepted', '1')
    },
    [bookingId, providers] as const,
  )
}
