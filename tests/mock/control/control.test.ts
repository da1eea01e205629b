import { getResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'

import type { ScenarioChange, ScenarioListing } from '../../../contract/mock-control.ts'
import { createControlHandlers, type TenantListing } from '../../../mock/src/control/control.ts'
import { createProviderHandlers } from '../../../mock/src/provider/provider.ts'
import { createRuntime, type Runtime } from '../../../mock/src/runtime/runtime.ts'
import { createMemoryStore, type MemoryStore } from '../../../mock/src/runtime/memory-store.ts'
import { paymentSignature } from '../../../mock/src/world/money/provider-payments.ts'
import type { PaymentRecord } from '../../../mock/src/world/kernel/types.ts'

// The control API and the provider page as plain MSW handlers (no server): what the browser demo runs.

const NOW = new Date('2026-11-21T10:00:00Z')
let rt: Runtime
let store: MemoryStore

beforeEach(() => {
  store = createMemoryStore()
  rt = createRuntime({ seed: 42, store, now: () => NOW, fresh: true })
})

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const init: RequestInit = { method, headers: { ...headers } }
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body)
    ;(init.headers as Record<string, string>)['content-type'] ??= 'application/json'
  }
  const res = await getResponse([...createControlHandlers(rt), ...createProviderHandlers(rt)], new Request(`http://localhost:3333${path}`, init))
  if (!res) throw new Error(`no handler for ${method} ${path}`)
  return res
}

describe('scenarios', () => {
  const active = () => rt.world.scenarios.map((s) => `${s.name}@${JSON.stringify(s.target)}`)

  it('lists every scenario with its description and the targets it takes, and nothing active', async () => {
    const listing = (await (await call('GET', '/__mock/scenarios')).json()) as ScenarioListing
    expect(listing.scenarios.find((s) => s.name === 'pack-full')?.targets).toEqual(['travelGroup', 'pack'])
    expect(listing.scenarios.find((s) => s.name === 'slow')?.targets).toEqual([])
    expect(listing.scenarios.every((s) => s.description.length > 10)).toBe(true)
    expect(listing.active).toEqual([])
  })

  it('set replaces what is active at exactly its target, says what it replaced, and saves', async () => {
    const saves = store.saves
    let res = await call('PUT', '/__mock/scenarios', { names: ['slow', 'payment_fails'] })
    expect(res.status).toBe(200)
    res = await call('PUT', '/__mock/scenarios', { names: ['sold-out'], target: { tenant: 'ag-norte' } })
    expect(((await res.json()) as ScenarioChange).removed).toEqual([])
    res = await call('PUT', '/__mock/scenarios', { names: ['PAYMENT_FAILS', 'maintenance'] })
    const change = (await res.json()) as ScenarioChange
    expect(change.removed).toEqual([{ name: 'slow', target: {} }])
    expect(change.added).toEqual([{ name: 'maintenance', target: {} }])
    expect(active()).toEqual(['sold-out@{"tenant":"ag-norte"}', 'payment-fails@{}', 'maintenance@{}'])
    expect(store.saves).toBe(saves + 3)
  })

  it('aims a scenario at one pack: completed with its trip and tenant, the other pack untouched', async () => {
    const res = await call('POST', '/__mock/scenarios', { names: ['pack-full'], target: { pack: 'tg-sol-lon-pck-1' } })
    expect(res.status).toBe(200)
    expect(((await res.json()) as ScenarioChange).added).toEqual([
      { name: 'pack-full', target: { tenant: 'ag-sol', travelGroup: 'tg-sol-lon', pack: 'tg-sol-lon-pck-1' } },
    ])
    // the same place spelled with its trip is the same scenario
    await call('POST', '/__mock/scenarios', { names: ['pack-full'], target: { travelGroup: 'tg-sol-lon', pack: 'tg-sol-lon-pck-1' } })
    expect(rt.world.scenarios).toHaveLength(1)
  })

  it('aims the expired passport at one passenger, completed with the booking', async () => {
    await call('POST', '/__mock/scenarios', { names: 'expired-passport', target: { member: 'mem-sol-jorge' } })
    expect(rt.world.scenarios).toEqual([
      { name: 'expired-passport', target: { tenant: 'ag-sol', travelGroup: 'tg-sol-pir', booking: 'bkg-sol-1002', member: 'mem-sol-jorge' } },
    ])
  })

  it('refuses what cannot be: an unknown name, a target the scenario does not take, parts that do not belong together', async () => {
    const refused = async (body: unknown) => {
      const res = await call('PUT', '/__mock/scenarios', body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      return (await res.json()) as { code: string; message: string; fields: { field: string }[] }
    }
    const unknown = await refused({ names: ['slow', 'bogus'] })
    expect(unknown.code).toBe('validation_error')
    expect(unknown.message).toContain("'bogus'")
    expect(unknown.fields[0]?.field).toBe('names.1')
    expect((await refused({ names: ['slow'], target: { pack: 'tg-sol-lon-pck-1' } })).message).toBe(
      'target.pack cannot aim slow at a pack: it is for every tenant or one tenant.',
    )
    expect((await refused({ names: ['sold-out'], target: { booking: 'bkg-sol-1001' } })).message).toBe(
      'target.booking cannot aim sold-out at a booking: it takes a travel group.',
    )
    expect((await refused({ names: ['pack-full'], target: { travelGroup: 'tg-sol-pir', pack: 'tg-sol-lon-pck-1' } })).message).toBe(
      "target.pack 'tg-sol-lon-pck-1' is not a pack of travel group tg-sol-pir.",
    )
    expect((await refused({ names: ['sold-out'], target: { tenant: 'ag-norte', travelGroup: 'tg-sol-lon' } })).message).toBe(
      'target.travelGroup is not of tenant ag-norte.',
    )
    expect((await refused({ names: ['expired-dni'], target: { member: 'mem-ghost' } })).fields[0]?.field).toBe('target.member')
    expect((await refused({ names: ['slow'], target: { tenant: 'ag-ghost' } })).fields[0]?.field).toBe('target.tenant')
    expect((await refused({ names: ['slow'], target: { travel_group: 'tg-sol-lon' } })).fields[0]?.field).toBe('target')
    expect(rt.world.scenarios).toEqual([])
    expect((await call('PUT', '/__mock/scenarios', '{oops')).status).toBe(400)
  })

  it('removes by name, by where, or everything', async () => {
    await call('POST', '/__mock/scenarios', { names: ['slow'] })
    await call('POST', '/__mock/scenarios', { names: ['flaky'], target: { tenant: 'ag-sol' } })
    await call('POST', '/__mock/scenarios', { names: ['pack-full'], target: { pack: 'tg-sol-lon-pck-1' } })
    await call('POST', '/__mock/scenarios', { names: ['pack-full'], target: { travelGroup: 'tg-sol-pir' } })
    await call('POST', '/__mock/scenarios', { names: ['slow'] })
    expect(rt.world.scenarios).toHaveLength(4)
    const res = await call('DELETE', '/__mock/scenarios?name=pack-full&pack=tg-sol-lon-pck-1')
    expect(((await res.json()) as ScenarioChange).removed.map((s) => s.target.pack)).toEqual(['tg-sol-lon-pck-1'])
    expect(active()).toEqual(['slow@{}', 'flaky@{"tenant":"ag-sol"}', 'pack-full@{"tenant":"ag-sol","travelGroup":"tg-sol-pir"}'])
    await call('DELETE', '/__mock/scenarios?agency=ag-sol')
    expect(active()).toEqual(['slow@{}'])
    expect((await call('DELETE', '/__mock/scenarios?travel_group=x')).status).toBe(422)
    await call('DELETE', '/__mock/scenarios')
    expect(rt.world.scenarios).toEqual([])
  })
})

describe('world reset', () => {
  it('reseeds, optionally with another seed', async () => {
    rt.world.agencies.pop()
    const res = await call('POST', '/__mock/reset', { seed: 9 })
    expect(await res.json()).toMatchObject({ seed: 9, agencies: 3 })
    expect((await call('POST', '/__mock/reset')).status).toBe(200)
    expect(rt.world.seed).toBe(9)
    expect((await call('POST', '/__mock/reset', { seed: -1 })).status).toBe(422)
  })
})

describe('tenants', () => {
  const tenant = {
    name: 'Viajes Prueba',
    hosts: ['prueba.localhost:5173'],
    color1: '#0a7cff',
    color3: '#123',
    color4: '#ffffff',
    logo: null,
    css_extra: null,
    email: 'info@prueba.example',
    phone: '+34 910 000 999',
  }

  it('adds a tenant with demo content, lists and deletes it', async () => {
    const res = await call('POST', '/__mock/tenants', tenant)
    expect(res.status).toBe(201)
    const added = (await res.json()) as { id: string; color3: string; hosts: string[] }
    expect(added).toMatchObject({ id: 'ag-viajes-prueba', color3: '#112233', hosts: ['prueba.localhost:5173'] })
    expect(rt.world.travelGroups.some((g) => g.agencyId === added.id)).toBe(true)
    const list = (await (await call('GET', '/__mock/tenants')).json()) as TenantListing
    expect(list.tenants.map((t) => t.id)).toContain(added.id)
    expect((await call('DELETE', `/__mock/tenants/${added.id}`)).status).toBe(204)
    expect(rt.world.agencies.some((a) => a.id === added.id)).toBe(false)
    expect((await call('DELETE', `/__mock/tenants/${added.id}`)).status).toBe(404)
  })

  it("accepts the CLI's single host and fills in defaults", async () => {
    const res = await call('POST', '/__mock/tenants', { name: 'Solo Nombre', host: 'http://Solo.localhost:5173/' })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ hosts: ['solo.localhost:5173'], logo: null, css_extra: null, email: 'info@solo-nombre.example' })
  })

  it('validates every field and names the bad ones', async () => {
    const res = await call('POST', '/__mock/tenants', { name: '', hosts: ['bad host'], color1: 'red', logo: 'javascript:alert(1)', email: 'nope', extra: 1 })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { code: string; fields: { field: string }[] }
    expect(body.code).toBe('validation_error')
    expect(body.fields.map((f) => f.field).sort()).toEqual(expect.arrayContaining(['name', 'hosts.0', 'color1', 'logo', 'email']))
    expect((await call('POST', '/__mock/tenants', { name: 'Sin host' })).status).toBe(422)
  })

  it("takes a QA tenant's own FAQ and travel-group HTML (hostile-content tests), kept as given", async () => {
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>'
    const res = await call('POST', '/__mock/tenants', {
      id: 'ag-qa-html',
      name: 'QA HTML',
      hosts: ['qa-html.localhost'],
      faq: { es: [{ id: 'faq-1', question: '¿Seguro?', answer_html: hostile }] },
      travel_group_html: { description_html: hostile, terms_html: `<a href="javascript:alert(3)">t</a>` },
    })
    expect(res.status).toBe(201)
    const agency = rt.world.agencies.find((a) => a.id === 'ag-qa-html')!
    expect(agency.faq).toEqual({ es: [{ id: 'faq-1', question: '¿Seguro?', answer_html: hostile }], en: [] })
    const groups = rt.world.travelGroups.filter((g) => g.agencyId === 'ag-qa-html')
    expect(groups.length).toBeGreaterThan(0)
    for (const group of groups) {
      expect(group.description_html).toBe(hostile)
      expect(group.terms_html).toEqual({ es: `<a href="javascript:alert(3)">t</a>`, en: `<a href="javascript:alert(3)">t</a>` })
    }
    expect(
      (await call('POST', '/__mock/tenants', { name: 'X', hosts: ['x.localhost'], faq: { es: [{ id: 'bad id', question: '', answer_html: 1 }] } })).status,
    ).toBe(422)
  })

  it('refuses a host or id that is taken', async () => {
    expect((await call('POST', '/__mock/tenants', { name: 'Copia', hosts: ['norte.localhost'] })).status).toBe(409)
    expect((await call('POST', '/__mock/tenants', { id: 'ag-sol', name: 'Copia', hosts: ['copia.localhost'] })).status).toBe(409)
  })
})

describe('outbox', () => {
  it('filters by recipient, newest first', async () => {
    rt.world.outbox = [
      { id: 'm3', agencyId: 'ag-sol', to: 'ana@example.com', subject: 'c', text: '', link: 'http://l/3', sentAt: '2026-11-21T10:02:00Z' },
      { id: 'm1', agencyId: 'ag-sol', to: 'ana@example.com', subject: 'a', text: '', link: null, sentAt: '2026-11-21T10:00:00Z' },
      { id: 'm2', agencyId: 'ag-sol', to: 'otro@example.com', subject: 'b', text: '', link: null, sentAt: '2026-11-21T10:01:00Z' },
    ]
    const res = await call('GET', '/__mock/outbox?to=ANA@example.com')
    const body = (await res.json()) as { mails: { id: string }[] }
    expect(body.mails.map((m) => m.id)).toEqual(['m3', 'm1'])
  })
})

describe('health', () => {
  it('answers', async () => {
    expect(await (await call('GET', '/__mock/health')).json()).toMatchObject({ status: 'ok', seed: 42 })
  })
})

describe('provider', () => {
  const pending = (): PaymentRecord => {
    const booking = rt.world.bookings[0]!
    const payment: PaymentRecord = {
      id: 'pay-test-1',
      agencyId: booking.agencyId,
      bookingId: booking.id,
      termIds: [],
      amount: 123456,
      method: 'tpv',
      status: 'pending',
      created_at: NOW.toISOString(),
      paid_at: null,
      error_code: null,
      returnUrl: 'http://localhost:5173/payment',
      retriedBy: null,
    }
    rt.world.payments.push(payment)
    return payment
  }

  const form = (fields: Record<string, string>) => [new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded' }] as const
  const signed = (payment: PaymentRecord) => paymentSignature(rt.options.providerSecret, payment)

  it('renders an accessible page without script, with the amount and both choices', async () => {
    const payment = pending()
    const res = await call(
      'POST',
      '/__provider/pay',
      ...form({ payment: 'pay-test-1', signature: signed(payment), return_url: 'http://localhost:5173/payment/pay-test-1' }),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    const html = await res.text()
    expect(html).toContain('<html lang="es">')
    expect(html).toContain('Pasarela de pago de pruebas')
    expect(html).toContain('Test payment gateway')
    expect(html).toContain('1.234,56')
    expect(html).toMatch(/<button type="submit" name="outcome" value="approve"[^>]*>Aprobar pago<\/button>/)
    expect(html).toMatch(/<button type="submit" name="outcome" value="decline"[^>]*>Rechazar pago<\/button>/)
    expect(html).not.toMatch(/<script/i)
    // its form posts here and is redirected to the portal that sent the payer: nowhere else
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:5173;")
    expect((await call('GET', `/__provider/pay?payment=pay-test-1&signature=${signed(payment)}`)).status).toBe(200)
    expect((await call('GET', '/__provider/pay?payment=ghost')).status).toBe(404)
  })

  it('approves: marks the payment paid, saves and sends the payer back with 303', async () => {
    const payment = pending()
    const saves = store.saves
    const res = await call('POST', '/__provider/complete', ...form({ payment: 'pay-test-1', signature: signed(payment), outcome: 'approve' }))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('http://localhost:5173/payment/pay-test-1')
    expect(payment.status).toBe('paid')
    expect(store.saves).toBeGreaterThan(saves)
    // Processed: the page now only offers the way back.
    const html = await (await call('GET', `/__provider/pay?payment=pay-test-1&signature=${signed(payment)}`)).text()
    expect(html).toContain('href="http://localhost:5173/payment/pay-test-1"')
    expect(html).not.toContain('Aprobar pago')
    expect((await call('GET', `/__provider/pay?payment=pay-test-1&signature=${signed(payment)}`)).headers.get('content-security-policy')).toContain(
      "form-action 'none';",
    )
  })

  it('declines, and rejects a bad outcome or unknown payment', async () => {
    const payment = pending()
    expect((await call('POST', '/__provider/complete', ...form({ payment: 'pay-test-1', signature: signed(payment), outcome: 'maybe' }))).status).toBe(400)
    expect((await call('POST', '/__provider/complete', ...form({ payment: 'ghost', signature: signed(payment), outcome: 'approve' }))).status).toBe(404)
    const res = await call('POST', '/__provider/complete', ...form({ payment: 'pay-test-1', signature: signed(payment), outcome: 'decline' }))
    expect(res.status).toBe(303)
    expect(payment.status).toBe('failed')
  })

  it('refuses a forged completion, as a real provider: no signature, a made-up one, one for another amount or made with another key', async () => {
    const payment = pending()
    const saves = store.saves
    const other = { ...payment, amount: 1 }
    const forgeries: Record<string, string>[] = [
      {},
      { signature: 'abc' },
      { signature: paymentSignature(rt.options.providerSecret, other) },
      { signature: paymentSignature('another key', payment) },
    ]
    for (const forged of forgeries) {
      const res = await call('POST', '/__provider/complete', ...form({ payment: 'pay-test-1', outcome: 'approve', ...forged }))
      expect(res.status).toBe(403)
      expect(await res.text()).toContain('La firma del pago no es válida')
      expect((await call('POST', '/__provider/pay', ...form({ payment: 'pay-test-1', ...forged }))).status).toBe(403)
    }
    expect(payment.status).toBe('pending')
    expect(store.saves).toBe(saves)
  })
})

describe('hardening', () => {
  it('answers only at its own root: never under the customer API or another prefix', async () => {
    const handlers = [...createControlHandlers(rt), ...createProviderHandlers(rt)]
    for (const path of ['/api/customer/__mock/outbox', '/api/customer/x/__mock/tenants', '/..;/__mock/health', '/x/__provider/pay?payment=p']) {
      expect(await getResponse(handlers, new Request(`http://localhost:3333${path}`)), path).toBeUndefined()
    }
    expect((await call('GET', '/__mock/health')).status).toBe(200)
  })

  it('refuses a tenant id every object has (constructor, __proto__) with a clear 422, and still serves afterwards', async () => {
    for (const id of ['constructor', '__proto__']) {
      const res = await call('POST', '/__mock/tenants', { id, name: 'Prototipo', hosts: ['prototipo.localhost'] })
      expect(res.status).toBe(422)
      const body = (await res.json()) as { code: string; fields: { field: string }[] }
      expect(body.code).toBe('validation_error')
      expect(body.fields.map((f) => f.field)).toContain('id')
    }
    expect((await call('PUT', '/__mock/scenarios', { names: ['slow'], target: { tenant: 'constructor' } })).status).toBe(422)
    expect((await call('GET', '/__mock/scenarios')).status).toBe(200)
    expect((await call('POST', '/__mock/tenants/seed', { id: 'constructor' })).status).toBe(404)
  })

  it('debug sign-in is off until switched on, for everyone or one tenant', async () => {
    expect(rt.options.debugLogin).toBe(false)
    expect(rt.world.agencies.every((agency) => !agency.debug_login)).toBe(true)
    expect(await (await call('GET', '/__mock/settings')).json()).toEqual({ debugLogin: false, throttling: true, throttlingByAgency: {} })
    expect(await (await call('PUT', '/__mock/settings', { debugLogin: true })).json()).toEqual({ debugLogin: true, throttling: true, throttlingByAgency: {} })
    expect(rt.options.debugLogin).toBe(true)
    expect((await call('PUT', '/__mock/settings', { debugLogin: 'yes' })).status).toBe(422)
    const added = (await (await call('POST', '/__mock/tenants', { name: 'Pruebas', hosts: ['pruebas.localhost'] })).json()) as { debug_login: boolean }
    expect(added.debug_login).toBe(false)
  })
})
