// The booking handlers end to end over a fresh world (the contract probes' harness, fixed clock 2026-11-21):
// what a write changes is what GET /booking/{id} shows afterwards.
import { describe, expect, it } from 'vitest'
import { completeProviderPayment } from '../../mock/src/provider/provider.ts'
import type { Booking, RoomingList } from '../../contract/generated/model/index.ts'
import { createProbeApi, type ProbeApi } from '../contract/probe.ts'

const B = '/booking/bkg-sol-1001'
const getBooking = (api: ProbeApi, id = 'bkg-sol-1001', as: 'ana' | 'laura' = 'ana') => api.ok<Booking>('GET', `/booking/${id}`, { as })
const lucia = (b: Booking) => b.members.find((m) => m.id === 'mem-sol-lucia')!
const pablo = (b: Booking) => b.members.find((m) => m.id === 'mem-sol-pablo')!
const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { code: string; fields?: { field: string; code: string }[] }) })

describe('access', () => {
  it('buyer and guardian see the booking; anyone else gets 404, also across tenants', async () => {
    const api = createProbeApi()
    expect((await api.call('GET', B, { as: 'ana' })).status).toBe(200)
    const asGuardian = await api.ok<Booking>('GET', B, { as: 'marta' })
    expect(asGuardian.role).toBe('guardian')
    expect((await api.call('GET', B, { as: 'nuevo' })).status).toBe(404)
    expect((await api.call('GET', B, { as: 'laura' })).status).toBe(404)
    expect((await api.call('GET', '/booking/bkg-norte-2001', { as: 'ana' })).status).toBe(404)
    // laura's token does not even work at ag-sol
    expect((await api.call('GET', '/booking/bkg-norte-2001', { token: await api.token('laura'), agency: 'ag-sol' })).status).toBe(401)
  })

  it('lists bookings newest first, and none in the no-bookings scenario', async () => {
    const api = createProbeApi()
    const list = await api.ok<{ id: string; created_at: string }[]>('GET', '/booking', { as: 'ana' })
    expect(list.map((b) => b.id)).toEqual(['bkg-sol-1006', 'bkg-sol-1003', 'bkg-sol-1002', 'bkg-sol-1001', 'bkg-sol-1004', 'bkg-sol-1005'])
    expect(await api.ok('GET', '/booking', { as: 'marta' })).toHaveLength(1)
    api.scenarios(['no-bookings'])
    expect(await api.ok('GET', '/booking', { as: 'ana' })).toEqual([])
  })
})

describe('status (decision 011)', () => {
  it('the seeded bookings follow the rule checkout follows: confirmed once a payment was received, pending before', async () => {
    const api = createProbeApi()
    const bookings = await Promise.all(['bkg-sol-1001', 'bkg-sol-1002', 'bkg-sol-1005', 'bkg-sol-1006'].map((id) => getBooking(api, id)))
    const laura = await getBooking(api, 'bkg-norte-2001', 'laura')
    for (const b of [...bookings, laura]) {
      const anyPaid = b.terms.some((t) => t.paid_at !== null)
      expect({ id: b.id, status: b.status }).toEqual({ id: b.id, status: anyPaid ? 'confirmed' : 'pending' })
    }
    // the Pyrenees booking has only its first of three instalments paid, and is confirmed all the same
    const pyrenees = bookings[1]!
    expect(pyrenees.terms.filter((t) => t.kind === 'plan').map((t) => t.paid_at !== null)).toEqual([true, false, false])
    // the London booking whose card was declined is the one pending, with its first instalment to pay again
    expect(bookings[3]!.terms.every((t) => t.paid_at === null)).toBe(true)
  })
})

describe('documentation writes show in GET /booking/{id}', () => {
  it('personal data: member valid follows the data', async () => {
    const api = createProbeApi()
    const before = pablo(await getBooking(api))
    const body = { ...before, member_id: before.id, allergies: 'Frutos secos', medical_notes: 'Asma leve' }
    await api.ok('PUT', `${B}/data`, { as: 'ana', body })
    const after = pablo(await getBooking(api))
    expect(after).toMatchObject({ allergies: 'Frutos secos', medical_notes: 'Asma leve', valid: true })
  })

  it('a DNI is stored valid; the expired-dni scenario then shows it invalid', async () => {
    const api = createProbeApi()
    expect(lucia(await getBooking(api)).documents).toEqual([])
    await api.ok('PUT', `${B}/dni`, {
      as: 'ana',
      body: {
        member_id: 'mem-sol-lucia',
        number: '23456789d',
        expiry_date: '2030-05-01',
        issue_date: '2020-05-01',
        country: 'ES',
        support_number: 'baa123456',
      },
    })
    const doc = lucia(await getBooking(api)).documents.find((d) => d.type === 'dni')!
    expect(doc).toMatchObject({ number: '23456789D', support_number: 'BAA123456', valid: true })
    api.scenarios(['expired-dni'])
    expect(lucia(await getBooking(api)).documents.find((d) => d.type === 'dni')!.valid).toBe(false)
  })

  it('a passport replaces the previous one; has_dni false drops the DNI', async () => {
    const api = createProbeApi()
    await api.ok('PUT', `${B}/passport`, { as: 'ana', body: { member_id: 'mem-sol-pablo', number: 'PAB999999', expiry_date: '2033-01-01', country: 'ES' } })
    const passports = pablo(await getBooking(api)).documents.filter((d) => d.type === 'passport')
    expect(passports).toHaveLength(1)
    expect(passports[0]).toMatchObject({ number: 'PAB999999', issue_date: null, valid: true })

    await api.ok('PUT', `${B}/dni`, {
      as: 'ana',
      body: {
        member_id: 'mem-sol-lucia',
        number: '23456789D',
        expiry_date: '2030-05-01',
        issue_date: '2020-05-01',
        country: 'ES',
        support_number: 'BAA123456',
      },
    })
    await api.ok('PUT', `${B}/dni-field`, { as: 'ana', body: { member_id: 'mem-sol-lucia', has_dni: false } })
    expect(lucia(await getBooking(api))).toMatchObject({ has_dni: false, documents: [] })
  })

  it('a DNI expiring during the trip is refused with the field', async () => {
    const api = createProbeApi()
    const res = await api.call('PUT', `${B}/dni`, {
      as: 'ana',
      body: {
        member_id: 'mem-sol-lucia',
        number: '23456789D',
        expiry_date: '2027-03-12',
        issue_date: '2020-05-01',
        country: 'ES',
        support_number: 'BAA123456',
      },
    })
    expect(await errorOf(res)).toMatchObject({ status: 422, code: 'dni_close_expiration', fields: [{ field: 'expiry_date', code: 'dni_close_expiration' }] })
  })

  it("a minor's guardians are told of changes to her documentation", async () => {
    const api = createProbeApi()
    await api.ok('PUT', `${B}/emergency-contact`, {
      as: 'ana',
      body: { member_id: 'mem-sol-lucia', name: 'Luis', surname1: 'García', surname2: null, email: 'luis@example.com', phone: '+34600333444' },
    })
    expect(lucia(await getBooking(api)).emergency_contacts).toEqual([
      { name: 'Luis', surname1: 'García', surname2: null, email: 'luis@example.com', phone: '+34600333444' },
    ])
    expect(api.world.outbox.map((m) => m.to).sort()).toEqual(['ana.garcia@example.com', 'marta.lopez@example.com'])
    // an adult's documentation mails nobody
    const count = api.world.outbox.length
    await api.ok('PUT', `${B}/emergency-contact`, {
      as: 'ana',
      body: { member_id: 'mem-sol-pablo', name: 'Luis', surname1: 'García', surname2: null, email: 'luis@example.com', phone: '+34600333444' },
    })
    expect(api.world.outbox.length).toBe(count)
  })

  it('new guardians: ids kept for the same person, access follows, signatures of removed guardians dropped', async () => {
    const api = createProbeApi()
    await api.ok('POST', `${B}/authorize`, {
      as: 'marta',
      body: { member_id: 'mem-sol-lucia', guardian_id: 'grd-sol-1', signer_name: 'Marta López Ruiz', accept: true },
    })
    await api.ok('POST', `${B}/authorize`, {
      as: 'ana',
      body: { member_id: 'mem-sol-lucia', guardian_id: 'grd-sol-2', signer_name: 'Ana García López', accept: true },
    })
    expect(await api.ok('GET', `${B}/authorizations`, { as: 'ana' })).toHaveLength(2)
    // only Ana stays as guardian: Marta's signature and Marta's access go
    await api.ok('PUT', `${B}/guardians`, {
      as: 'ana',
      body: {
        member_id: 'mem-sol-lucia',
        guardian_type: 'mother',
        guardians: [
          { name: 'Ana', surname1: 'García', surname2: 'López', email: 'ana.garcia@example.com', phone: '+34600111222', document_number: '12345678Z' },
        ],
      },
    })
    const b = await getBooking(api)
    expect(lucia(b).guardians.map((g) => g.id)).toEqual(['grd-sol-2'])
    expect(lucia(b).authorizations.map((a) => a.guardian_id)).toEqual(['grd-sol-2'])
    expect((await api.call('GET', B, { as: 'marta' })).status).toBe(404)
    // and back: Marta is a guardian again and sees the booking again
    await api.ok('PUT', `${B}/guardians`, {
      as: 'ana',
      body: {
        member_id: 'mem-sol-lucia',
        guardian_type: 'mother_and_father',
        guardians: [
          { name: 'Marta', surname1: 'López', surname2: null, email: 'marta.lopez@example.com', phone: '+34600222333', document_number: '87654321X' },
        ],
      },
    })
    expect((await api.call('GET', B, { as: 'marta' })).status).toBe(200)
  })

  it('billing data: a company needs its name', async () => {
    const api = createProbeApi()
    const buyer = {
      type: 'company',
      name: 'Ana',
      surname1: 'García',
      company_name: 'AMPA Colegio Sol',
      tax_id: 'g12345678',
      address: 'Calle Mayor 1',
      zip: '28001',
      country: 'ES',
      state: 'ES-M',
      city: 'Madrid',
      email: 'ampa@example.com',
      phone: '+34600111222',
      declares_capacity: true,
    }
    await api.ok('PUT', '/booking/bkg-sol-1003/buyer', { as: 'ana', body: buyer })
    expect((await getBooking(api, 'bkg-sol-1003')).buyer).toMatchObject({ type: 'company', company_name: 'AMPA Colegio Sol', tax_id: 'G12345678', valid: true })
    expect(await errorOf(await api.call('PUT', '/booking/bkg-sol-1003/buyer', { as: 'ana', body: { ...buyer, company_name: '  ' } }))).toMatchObject({
      status: 422,
      fields: [{ field: 'company_name' }],
    })
  })

  it('a canceled booking is history: every write answers 409 booking_canceled, but its refund still needs a bank account', async () => {
    const api = createProbeApi()
    const res = await api.call('PUT', '/booking/bkg-sol-1004/dni-field', { as: 'ana', body: { member_id: 'mem-sol-ana-lon', has_dni: false } })
    expect(await errorOf(res)).toMatchObject({ status: 409, code: 'booking_canceled' })
    const plan = await api.call('PUT', '/booking/bkg-sol-1004/terms', { as: 'ana', body: { payment_plan_id: 'tg-sol-lon-plan-3' } })
    expect(await errorOf(plan)).toMatchObject({ status: 409, code: 'booking_canceled' })
    const bank = await api.call('PUT', '/booking/bkg-sol-1004/bank-account', {
      as: 'ana',
      body: { owner: 'Ana García López', iban: 'ES9121000418450200051332' },
    })
    expect(bank.status).toBe(200)
  })
})

describe('cancellation', () => {
  it('moves the booking to canceled with a refund line, frees its seats and rooming places, and mails buyer and guardians', async () => {
    const api = createProbeApi()
    const seats = async () => (await api.ok<{ packs: { id: string; seats_left: number }[] }>('GET', `${B}/travel-group`, { as: 'ana' })).packs[0]!.seats_left
    await api.ok('PUT', '/roominglist/tg-sol-lon-rml/update', {
      as: 'ana',
      body: { booking_id: 'bkg-sol-1001', rooms: [{ room_id: 'tg-sol-lon-rml-r5', member_ids: ['mem-sol-lucia', 'mem-sol-pablo'] }] },
    })
    const seatsBefore = await seats()
    const preview = await api.ok<{ total_refund: number }>('POST', `${B}/compute-cancel-refund`, { as: 'ana', body: { reason: 'exams' } })
    expect(preview.total_refund).toBeGreaterThan(0)

    const b = await api.ok<Booking>('POST', `${B}/cancel`, {
      as: 'ana',
      body: { reason: 'exams', comment: '  Exámenes  ', owner: 'Ana García López', iban: 'es91 2100 0418 4502 0005 1332' },
    })
    expect(b.status).toBe('canceled')
    expect(b.bank_account).toEqual({ owner: 'Ana García López', iban: 'ES9121000418450200051332' })
    expect(b.cancel_refund).toMatchObject({ reason: 'exams', comment: 'Exámenes', breakdown: preview })
    expect(b.refunds).toEqual([expect.objectContaining({ reason: 'cancelation', type: 'transfer', status: 'pending', amount: preview.total_refund })])
    expect(await seats()).toBe(seatsBefore + 2)
    const rooming = api.world.roomingLists.find((l) => l.id === 'tg-sol-lon-rml')!
    expect(rooming.rooms.flatMap((r) => r.members).some((m) => m.booking_id === 'bkg-sol-1001')).toBe(false)
    expect(
      api.world.outbox
        .filter((m) => m.subject.includes('cancelación'))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['ana.garcia@example.com', 'marta.lopez@example.com'])
    // and only once
    expect(
      (await api.call('POST', `${B}/cancel`, { as: 'ana', body: { reason: 'exams', comment: null, owner: 'Ana', iban: 'ES9121000418450200051332' } })).status,
    ).toBe(409)
  })

  it('checks the form with the portal messages', async () => {
    const api = createProbeApi()
    const res = await api.call('POST', '/booking/bkg-sol-1002/cancel', {
      as: 'ana',
      body: { reason: 'health', comment: null, owner: ' ', iban: 'ES0000000000000000000000' },
    })
    expect(await errorOf(res)).toMatchObject({
      status: 422,
      code: 'validation_error',
      fields: [
        { field: 'owner', code: 'required', message: 'Debes indicar el titular de la cuenta' },
        { field: 'iban', code: 'iban' },
      ],
    })
    expect((await getBooking(api, 'bkg-sol-1002')).status).toBe('confirmed')
  })

  it('not once the trip has started', async () => {
    const api = createProbeApi()
    api.travel(31)
    expect(await errorOf(await api.call('POST', '/booking/bkg-sol-1002/compute-cancel-refund', { as: 'ana', body: { reason: 'health' } }))).toMatchObject({
      status: 409,
      code: 'booking_already_traveled',
    })
  })
})

describe('rooming', () => {
  it('moves the members and marks the list requested; the GET of the group shows it', async () => {
    const api = createProbeApi()
    const list = await api.ok<RoomingList>('PUT', '/roominglist/tg-sol-lon-rml/update', {
      as: 'ana',
      body: { booking_id: 'bkg-sol-1001', rooms: [{ room_id: 'tg-sol-lon-rml-r5', member_ids: ['mem-sol-lucia', 'mem-sol-pablo'] }] },
    })
    expect(list.status).toBe('requested')
    expect(list.rooms.find((r) => r.id === 'tg-sol-lon-rml-r5')!.members.map((m) => m.member_id)).toEqual(['mem-sol-lucia', 'mem-sol-pablo'])
    // Pablo moves to another room: he leaves the first one
    const moved = await api.ok<RoomingList>('PUT', '/roominglist/tg-sol-lon-rml/update', {
      as: 'ana',
      body: { booking_id: 'bkg-sol-1001', rooms: [{ room_id: 'tg-sol-lon-rml-r6', member_ids: ['mem-sol-pablo'] }] },
    })
    expect(moved.rooms.find((r) => r.id === 'tg-sol-lon-rml-r5')!.members.map((m) => m.member_id)).toEqual(['mem-sol-lucia'])
    expect(moved.rooms.find((r) => r.id === 'tg-sol-lon-rml-r6')!.members.map((m) => m.member_id)).toEqual(['mem-sol-pablo'])
    // GET /travelgroup/{id}/rooming (travel-group-handlers.ts) reads the same list through roomingListView
    const viaGroup = await api.ok<RoomingList>('GET', '/travelgroup/tg-sol-lon/rooming', { as: 'ana' })
    expect(viaGroup.status).toBe('requested')
    expect(viaGroup.rooms.find((r) => r.id === 'tg-sol-lon-rml-r6')!.members.map((m) => m.member_id)).toEqual(['mem-sol-pablo'])
  })

  it('a confirmed list (or scenario) refuses changes, and the GET reports it confirmed', async () => {
    const api = createProbeApi()
    api.scenarios(['rooming-confirmed'], 'ag-sol')
    const body = { booking_id: 'bkg-sol-1001', rooms: [{ room_id: 'tg-sol-lon-rml-r5', member_ids: ['mem-sol-lucia'] }] }
    expect(await errorOf(await api.call('PUT', '/roominglist/tg-sol-lon-rml/update', { as: 'ana', body }))).toMatchObject({
      status: 409,
      code: 'rooming_list_already_confirmed',
    })
    expect((await api.ok<RoomingList>('GET', '/travelgroup/tg-sol-lon/rooming', { as: 'ana' })).status).toBe('confirmed')
  })

  it('room capacity counts who stays', async () => {
    const api = createProbeApi()
    const res = await api.call('PUT', '/roominglist/tg-sol-lon-rml/update', {
      as: 'ana',
      body: { booking_id: 'bkg-sol-1001', rooms: [{ room_id: 'tg-sol-lon-rml-r1', member_ids: ['mem-sol-lucia'] }] },
    })
    expect(await errorOf(res)).toMatchObject({ status: 422, fields: [{ field: 'rooms.0.member_ids', code: 'capacity' }] })
  })
})

describe('review', () => {
  it('only after the trip, once', async () => {
    const api = createProbeApi()
    expect((await api.call('POST', `${B}/review`, { as: 'ana', body: { rating: 5 } })).status).toBe(409)
    const review = await api.ok<{ rating: number; text: string | null }>('POST', '/booking/bkg-sol-1005/review', {
      as: 'ana',
      body: { rating: 4, text: '  Muy bien  ' },
    })
    expect(review).toMatchObject({ rating: 4, text: 'Muy bien' })
    expect((await getBooking(api, 'bkg-sol-1005')).review).toMatchObject({ rating: 4 })
    expect((await api.call('POST', '/booking/bkg-sol-1005/review', { as: 'ana', body: { rating: 1 } })).status).toBe(409)
    // London ends 2027-03-16: on that day not yet, the day after it can be reviewed
    const later = createProbeApi()
    later.travel(115)
    expect((await later.call('POST', `${B}/review`, { as: 'ana', body: { rating: 5 } })).status).toBe(409)
    later.travel(116)
    expect((await later.call('POST', `${B}/review`, { as: 'ana', body: { rating: 5 } })).status).toBe(201)
  })
})

describe('money', () => {
  it('set-pack re-prices the unpaid instalments; the cart stays consistent', async () => {
    const api = createProbeApi()
    const before = await getBooking(api, 'bkg-sol-1002')
    const b = await api.ok<Booking>('PUT', '/booking/bkg-sol-1002/set-pack', { as: 'ana', body: { pack_id: 'tg-sol-pir-pck-2' } })
    expect(b.pack.id).toBe('tg-sol-pir-pck-2')
    expect(b.cart.total).toBe(before.cart.total + 2 * 30_000)
    expect(b.terms.filter((t) => !t.paid_at).reduce((s, t) => s + t.amount, 0)).toBe(b.cart.pending)
    expect(b.terms.map((t) => t.id)).toEqual(before.terms.map((t) => t.id))
  })

  it('set-pack down below what was paid leaves a refund', async () => {
    const api = createProbeApi()
    // 1001 was paid in full on the basic pack: the full pack leaves 600 € pending, paid by card
    const up = await api.ok<Booking>('PUT', `${B}/set-pack`, { as: 'ana', body: { pack_id: 'tg-sol-lon-pck-2' } })
    expect(up.cart.pending).toBe(60_000)
    const newTerm = up.terms.find((t) => !t.paid_at)!
    const action = await api.ok<{ payment_id: string }>('POST', `${B}/purchase`, {
      as: 'ana',
      body: { term_ids: [newTerm.id], payment_method_id: 'tg-sol-lon-pm-card', return_url: 'http://localhost:5173/payment' },
    })
    completeProviderPayment(api.rt, action.payment_id, 'approve')
    expect((await getBooking(api)).cart.pending).toBe(0)
    // back to the basic pack: the 600 € come back as a pending refund
    const down = await api.ok<Booking>('PUT', `${B}/set-pack`, { as: 'ana', body: { pack_id: 'tg-sol-lon-pck-1' } })
    expect(down.terms.filter((t) => !t.paid_at)).toEqual([])
    expect(down.refunds).toEqual([expect.objectContaining({ amount: 60_000, status: 'pending', type: 'transfer' })])
  })

  it('PUT /terms puts the pending amount on the new plan', async () => {
    const api = createProbeApi()
    const b = await api.ok<Booking>('PUT', '/booking/bkg-sol-1002/terms', { as: 'ana', body: { payment_plan_id: 'tg-sol-pir-plan-1' } })
    expect(b.payment_plan?.id).toBe('tg-sol-pir-plan-1')
    const unpaid = b.terms.filter((t) => !t.paid_at)
    expect(unpaid).toHaveLength(1)
    expect(unpaid[0]!.amount).toBe(b.cart.pending)
    const back = await api.ok<Booking>('PUT', '/booking/bkg-sol-1002/terms', { as: 'ana', body: { payment_plan_id: 'tg-sol-pir-plan-3' } })
    expect(back.terms.filter((t) => !t.paid_at).map((t) => t.number)).toEqual([2, 3])
    expect(back.terms.filter((t) => !t.paid_at).reduce((s, t) => s + t.amount, 0)).toBe(back.cart.pending)
  })

  it('PUT /terms with the plan it has already changes nothing: the same terms, the same ids', async () => {
    const api = createProbeApi()
    const first = await api.ok<Booking>('PUT', '/booking/bkg-sol-1002/terms', { as: 'ana', body: { payment_plan_id: 'tg-sol-pir-plan-1' } })
    const again = await api.ok<Booking>('PUT', '/booking/bkg-sol-1002/terms', { as: 'ana', body: { payment_plan_id: 'tg-sol-pir-plan-1' } })
    expect(again.terms).toEqual(first.terms)
  })

  it('purchase charges the chosen terms; the provider confirms them', async () => {
    const api = createProbeApi()
    const b = await getBooking(api, 'bkg-sol-1002')
    const unpaid = b.terms.filter((t) => !t.paid_at)
    const action = await api.ok<{ payment_id: string; amount: number; type: string }>('POST', '/booking/bkg-sol-1002/purchase', {
      as: 'ana',
      body: { term_ids: unpaid.map((t) => t.id), payment_method_id: 'tg-sol-pir-pm-card', return_url: 'http://localhost:5173/payment' },
    })
    expect(action.type).toBe('redirect')
    expect(action.amount).toBe(unpaid.reduce((s, t) => s + t.amount + t.penalty_amount, 0))
  })

  it('pay-extra-term adds an extra term for the member', async () => {
    const api = createProbeApi()
    const action = await api.ok<{ amount: number }>('POST', '/booking/bkg-sol-1002/pay-extra-term', {
      as: 'ana',
      body: { member_id: 'mem-sol-jorge', item_id: 'tg-sol-pir-ext-1', payment_method_id: 'tg-sol-pir-pm-card', return_url: 'http://localhost:5173/payment' },
    })
    expect(action.amount).toBe(4_500)
    const extra = (await getBooking(api, 'bkg-sol-1002')).terms.filter((t) => t.kind === 'extra')
    expect(extra).toEqual([expect.objectContaining({ amount: 4_500, status: 'pending' })])
    // a second try pays the same term, not a new one
    await api.ok('POST', '/booking/bkg-sol-1002/pay-extra-term', {
      as: 'ana',
      body: { member_id: 'mem-sol-jorge', item_id: 'tg-sol-pir-ext-1', payment_method_id: 'tg-sol-pir-pm-card', return_url: 'http://localhost:5173/payment' },
    })
    expect((await getBooking(api, 'bkg-sol-1002')).terms.filter((t) => t.kind === 'extra')).toHaveLength(1)
  })

  it('the invoice PDF names the agency, the buyer and the amount', async () => {
    const api = createProbeApi()
    const invoice = (await getBooking(api)).invoices[0]!
    const res = await api.call('GET', `${B}/invoice/${invoice.id}/render`, { as: 'ana' })
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const pdf = Array.from(new Uint8Array(await res.arrayBuffer()), (c) => String.fromCharCode(c)).join('')
    expect(pdf.startsWith('%PDF-1.4')).toBe(true)
    expect(pdf).toContain('(Viajes Sol)')
    expect(pdf).toContain(`(Factura ${invoice.number})`)
    expect(pdf).toContain('(Cliente: Ana Garc\\355a)')
    // as the portal writes amounts (core/money.ts): a no-break space (octal 240) before the euro sign (200)
    expect(pdf).toContain('2.080,00\\240\\200')
  })
})

describe('raffle', () => {
  it('the ballot SVG escapes what it shows', async () => {
    const api = createProbeApi()
    const booking = api.world.bookings.find((b) => b.id === 'bkg-sol-1001')!
    api.world.travelGroups.find((g) => g.id === booking.travelGroupId)!.name = 'Londres <b>&</b> "más"'
    const ballot = booking.raffle_blocks[0]!.ballots[0]!
    const res = await api.call('GET', `/raffle/ballot/${ballot.id}`, { agency: null, query: { code: ballot.code } })
    expect(res.headers.get('content-type')).toContain('image/svg+xml')
    const svg = await res.text()
    expect(svg).toContain('Londres &lt;b&gt;&amp;&lt;/b&gt; &quot;más&quot;')
    expect(svg).not.toContain('<b>')
  })
})
