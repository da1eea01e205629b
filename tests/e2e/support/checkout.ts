// Helpers for the checkout, payments and invitation specs: labels in both languages, a traveller's
// and the buyer's data, drafts put straight into sessionStorage (to start a test at a later step),
// bookings made through the API, and the mock's card provider.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { buyerInput } from '../../contract/probes/checkout-fixtures'
import { API, decideAtProvider, lastMailedLink, type PaymentAction } from './portal'

/** An accessible name in Spanish or English, matched exactly. */
export const both = (es: string, en: string) => new RegExp(`^(${escape(es)}|${escape(en)})$`)
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export type Traveller = {
  name: string
  surname1: string
  surname2?: string
  gender: 'female' | 'male'
  birthdate: string
  document_type?: 'dni' | 'passport'
  document_number: string
  state: string
  city: string
  zip: string
  address: string
  email?: string
  phone?: string
}

export const ADULT: Traveller = {
  name: 'Marta',
  surname1: 'López',
  surname2: 'Ruiz',
  gender: 'female',
  birthdate: '1982-03-14',
  document_number: '87654321X',
  state: 'Madrid',
  city: 'Madrid',
  zip: '28001',
  address: 'Calle Mayor 1',
  email: 'marta.lopez@example.com',
  phone: '+34600222333',
}

export const SECOND: Traveller = {
  name: 'Jorge',
  surname1: 'Martín',
  surname2: 'Gil',
  gender: 'male',
  birthdate: '1980-07-11',
  document_type: 'passport',
  document_number: 'PAB123456',
  state: 'Madrid',
  city: 'Getafe',
  zip: '28901',
  address: 'Avenida de España 5',
}

export const CHILD: Traveller = {
  name: 'Lucía',
  surname1: 'Martín',
  surname2: 'López',
  gender: 'female',
  birthdate: '2013-04-12',
  document_number: '23456789D',
  state: 'Madrid',
  city: 'Madrid',
  zip: '28001',
  address: 'Calle Mayor 1',
}

export const travellerSection = (page: Page, n: number): Locator => page.getByRole('region', { name: new RegExp(`^(Viajero|Traveller) ${n}\\b`) })

/** Fills one traveller's form as a person would, field by field. */
export async function fillTraveller(page: Page, n: number, t: Traveller) {
  const s = travellerSection(page, n)
  await s.getByLabel(both('Nombre', 'First name')).fill(t.name)
  await s.getByLabel(both('Primer apellido', 'First surname')).fill(t.surname1)
  if (t.surname2) await s.getByLabel(/^(Segundo apellido|Second surname)/).fill(t.surname2)
  await s.getByLabel(both('Fecha de nacimiento', 'Date of birth')).fill(t.birthdate)
  await s.getByRole('radio', { name: t.gender === 'female' ? both('Mujer', 'Female') : both('Hombre', 'Male') }).check()
  if (t.phone) await s.getByLabel(/^(Teléfono|Phone)/).fill(t.phone)
  if (t.email) await s.getByLabel(/^Email/).fill(t.email)
  if (t.document_type === 'passport') await s.getByRole('radio', { name: both('Pasaporte', 'Passport') }).check()
  await s.getByLabel(/^(Número de DNI|Número de pasaporte|ID card number|Passport number)$/).fill(t.document_number)
  await s.getByLabel(both('País', 'Country')).selectOption('ES')
  await s.getByLabel(both('Provincia o estado', 'Province or state')).selectOption({ label: t.state })
  await s.getByLabel(both('Ciudad', 'City')).fill(t.city)
  await s.getByLabel(both('Código postal', 'Postcode')).fill(t.zip)
  await s.getByLabel(both('Dirección', 'Address')).fill(t.address)
}

export const buyerSection = (page: Page) => page.getByRole('region', { name: both('Datos del comprador', 'Buyer details') })

/** The buyer: copied from traveller `from` (1-based), plus what copying cannot know. */
export async function fillBuyerFrom(page: Page, from: number, extra: { email?: string; phone?: string } = {}) {
  const s = buyerSection(page)
  await s.getByLabel(both('Rellenar con los datos de un viajero', 'Fill in with a traveller’s details')).selectOption({ index: from })
  if (extra.email) await s.getByLabel(/^Email/).fill(extra.email)
  if (extra.phone) await s.getByLabel(/^(Teléfono|Phone)/).fill(extra.phone)
  await s.getByRole('checkbox', { name: both('Declaro que soy mayor de edad', 'I declare that I am of age') }).check()
}

export const continueButton = (page: Page) => page.getByRole('button', { name: both('Continuar', 'Continue') })

/** The step heading that has focus after a step change. */
export const stepHeading = (page: Page) => page.locator('#checkout-step-title')

/** Approves or declines on the mock's provider page; the browser comes back to the portal. */
export async function provider(page: Page, outcome: 'approve' | 'decline') {
  await expect(page).toHaveURL(/\/__provider\/pay/)
  await page.getByRole('button', { name: outcome === 'approve' ? 'Aprobar pago' : 'Rechazar pago' }).click()
}

// ── the API, for setting the scene ──

export async function token(request: APIRequestContext, email: string, agencyId: string) {
  const res = await request.post(`${API}/auth/login`, { headers: { agencyId }, data: { email, password: 'viaje2026' } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { token: string }).token
}

export const auth = (tok: string, agencyId: string) => ({ Authorization: `Bearer ${tok}`, agencyId })

let customers = 0

/**
 * A customer of their own for one test, made as a guest would become one: the invitation form for a
 * travel group (which also gives them an invited place there), then the mailed sign-in link. The
 * seeded demo customers stay as other specs expect them (nuevo@ has no bookings).
 */
export async function freshCustomer(request: APIRequestContext, agencyId: string, groupId: string, name = 'Prueba E2E') {
  const email = `e2e.${Date.now().toString(36)}.${process.pid}.${++customers}@example.com`
  const invite = await request.post(`${API}/travelgroup/${groupId}/invite`, {
    headers: { agencyId },
    data: { name, email, phone: '+34600000000', commercial_consent: false, third_party_consent: false },
  })
  expect(invite.status(), await invite.text()).toBe(201)
  const link = await lastMailedLink(request, email)
  const [id, secret] = new URL(link).pathname.split('/').slice(-2)
  const session = await request.post(`${API}/auth/autologin`, { headers: { agencyId }, data: { id, token: secret } })
  expect(session.status(), await session.text()).toBe(200)
  return { email, token: ((await session.json()) as { token: string }).token }
}

export type Party = { group: string; members: number; plan?: 1 | 3; rooms: { hosting_id: string; quantity: number }[] }

const member = (t: Traveller) => ({
  name: t.name,
  surname1: t.surname1,
  surname2: t.surname2 ?? null,
  gender: t.gender,
  birthdate: t.birthdate,
  phone: null,
  email: null,
  document_type: t.document_type ?? 'dni',
  document_number: t.document_number,
  country: 'ES',
  state: 'ES-M',
  city: t.city,
  zip: t.zip,
  address: t.address,
  allergies: null,
  medical_notes: null,
})

/** Books through the API (lock, checkout) and pays the first term at the provider: a confirmed booking. */
export async function bookByApi(request: APIRequestContext, tok: string, agencyId: string, party: Party, origin: string) {
  const headers = auth(tok, agencyId)
  const pack = `${party.group}-pck-1`
  const lock = await request.post(`${API}/travelgroup/${party.group}/lock`, { headers, data: { pack_id: pack, members: party.members, rooms: party.rooms } })
  expect(lock.status(), await lock.text()).toBe(201)
  const { id: lockId } = (await lock.json()) as { id: string }
  const people = [ADULT, SECOND, { ...ADULT, name: 'Elena', document_number: '11223344B' }].slice(0, party.members)
  const res = await request.post(`${API}/travelgroup/${party.group}/checkout`, {
    headers,
    data: {
      lock_id: lockId,
      pack_id: pack,
      rooms: party.rooms,
      members: people.map(member),
      buyer: buyerInput(),
      extras: [],
      insurances: [],
      voucher_code: null,
      payment_plan_id: `${party.group}-plan-${party.plan ?? 3}`,
      payment_method_id: `${party.group}-pm-card`,
      accept_terms: true,
      return_url: `${origin}/payment`,
      idempotency_key: `e2e-${party.group}-${Date.now()}-${Math.random()}`,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  const result = (await res.json()) as { booking_id: string; action: PaymentAction }
  await decideAtProvider(request, result.action, 'approve')
  return result.booking_id
}

export async function bookingOf(request: APIRequestContext, tok: string, agencyId: string, id: string) {
  const res = await request.get(`${API}/booking/${id}`, { headers: auth(tok, agencyId) })
  expect(res.status()).toBe(200)
  return (await res.json()) as { id: string; status: string; locator: string; cart: { total: number; paid: number; pending: number } }
}

export async function paymentsOf(request: APIRequestContext, tok: string, agencyId: string, id: string) {
  const res = await request.get(`${API}/booking/${id}/payments`, { headers: auth(tok, agencyId) })
  expect(res.status()).toBe(200)
  return (await res.json()) as { payments: { id: string; status: string; amount: number }[]; terms: { id: string; status: string; amount: number }[] }
}

/** "1.925,00 €" as the portal writes it (a no-break space before €). */
export const euros = (cents: number) => {
  const abs = Math.abs(cents)
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${cents < 0 ? '-' : ''}${whole},${String(abs % 100).padStart(2, '0')}\u00a0€`
}

// ── drafts: start at a later step without typing everything again ──

type DraftTraveller = Traveller & { country?: string }

const draftTraveller = (t: DraftTraveller) => ({
  name: t.name,
  surname1: t.surname1,
  surname2: t.surname2 ?? '',
  gender: t.gender,
  birthdate: t.birthdate,
  phone: t.phone ?? '',
  email: t.email ?? '',
  document_type: t.document_type ?? 'dni',
  document_number: t.document_number,
  country: t.country ?? 'ES',
  state: 'ES-M',
  city: t.city,
  zip: t.zip,
  address: t.address,
  allergies: '',
  medical_notes: '',
})

/** A complete draft at `step` for a party of adults in doubles (2 travellers) or a triple (3). */
export function draftFor(group: string, step: string, over: Record<string, unknown> = {}) {
  const members = (over.members as number | undefined) ?? 2
  const travellers = [ADULT, SECOND, { ...SECOND, name: 'Elena', document_number: '11223344B' }].slice(0, members).map(draftTraveller)
  return {
    version: 1,
    groupId: group,
    step,
    packId: `${group}-pck-1`,
    members,
    rooms: [{ hosting_id: `${group}-hst-${members === 3 ? 3 : 2}`, quantity: 1 }],
    travellers,
    buyer: {
      type: 'person',
      name: ADULT.name,
      surname1: ADULT.surname1,
      company_name: '',
      tax_id: ADULT.document_number,
      address: ADULT.address,
      zip: ADULT.zip,
      country: 'ES',
      state: 'ES-M',
      city: ADULT.city,
      email: ADULT.email,
      phone: ADULT.phone,
      declares_capacity: true,
    },
    commercialSectors: [],
    extras: [],
    insurances: [],
    rooming: travellers.map(() => null),
    voucher: null,
    planId: null,
    methodId: null,
    acceptTerms: false,
    idempotencyKey: `e2e-draft-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    hold: null,
    booked: null,
    ...over,
  }
}

/** Puts a draft in the tab's sessionStorage before the portal's scripts run. */
export async function seedDraft(page: Page, draft: ReturnType<typeof draftFor>) {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value)
    },
    [`portal.checkout.${draft.groupId}`, JSON.stringify(draft)] as const,
  )
}

/** Summary choices: plan, method, conditions. */
export async function chooseSummary(page: Page, plan: 'single' | 'instalments', method: 'card' | 'transfer' = 'card') {
  await page.getByRole('radio', { name: plan === 'single' ? /^(Pago único|Single payment)/ : /^(3 plazos|3 instalments)/ }).check()
  await page.getByRole('radio', { name: method === 'card' ? /^(Tarjeta|Card)/ : /^(Transferencia bancaria|Bank transfer)/ }).check()
  await page.getByRole('checkbox', { name: /^(He leído y acepto|I have read and accept)/ }).check()
}

export const payButton = (page: Page) => page.getByRole('button', { name: /^(Pagar|Pay) \d/ })

/** Waits for a dialog's opening animation, so axe sees its final colours. */
export async function settled(dialog: Locator) {
  await expect(dialog).toBeVisible()
  // (an animation cancelled by a re-render rejects its `finished`: that one is over too)
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))))
}
