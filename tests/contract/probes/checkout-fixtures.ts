// Realistic checkout requests for probes and unit tests: a family of Madrid, rooms that fit the party,
// and the lock → checkout sequence the portal performs.
import type { BuyerInput, CheckoutRequest, CheckoutResult, MemberInput, RoomSelection, SeatLock } from '../../../contract/generated/model/index.ts'
import type { LoginName, ProbeApi } from '../probe.ts'
import { traveller } from '../../../mock/src/world/seed/traveller.ts'

export const RETURN_URL = 'http://localhost:5173/payment'

export const memberInput = (over: Partial<MemberInput> = {}): MemberInput => traveller(over)

const FAMILY: Partial<MemberInput>[] = [
  { name: 'Marta', surname1: 'López', surname2: 'Ruiz', gender: 'female', birthdate: '1982-03-14', document_number: '87654321X' },
  { name: 'Jorge', surname1: 'Martín', surname2: 'Gil', gender: 'male', birthdate: '1980-07-11', document_number: '45678901G' },
  { name: 'Lucía', surname1: 'Martín', surname2: 'López', gender: 'female', birthdate: '2011-04-12', document_number: '23456789D' },
  { name: 'Pablo', surname1: 'Martín', surname2: 'López', gender: 'male', birthdate: '2013-09-02', document_number: '34567890V' },
  { name: 'Elena', surname1: 'Ruiz', surname2: 'Sanz', gender: 'female', birthdate: '1956-01-30', document_number: '11223344B' },
  { name: 'Tomás', surname1: 'López', surname2: 'Vidal', gender: 'male', birthdate: '1954-11-05', document_number: '55667788K' },
]

export const family = (count: number): MemberInput[] => FAMILY.slice(0, count).map((m) => memberInput(m))

export const buyerInput = (over: Partial<BuyerInput> = {}): BuyerInput => ({
  type: 'person',
  name: 'Marta',
  surname1: 'López',
  company_name: null,
  tax_id: '87654321X',
  address: 'Calle Mayor 1',
  zip: '28001',
  country: 'ES',
  state: 'ES-M',
  city: 'Madrid',
  email: 'marta.lopez@example.com',
  phone: '+34600222333',
  declares_capacity: true,
  ...over,
})

/** Rooms that sleep exactly `members` people with the seed's doubles, triples and quadruples. */
export const roomsFor = (groupId: string, members: number): RoomSelection[] => {
  const h = (capacity: number) => `${groupId}-hst-${capacity}`
  switch (members) {
    case 2:
      return [{ hosting_id: h(2), quantity: 1 }]
    case 3:
      return [{ hosting_id: h(3), quantity: 1 }]
    case 4:
      return [{ hosting_id: h(4), quantity: 1 }]
    case 5:
      return [
        { hosting_id: h(2), quantity: 1 },
        { hosting_id: h(3), quantity: 1 },
      ]
    case 6:
      return [{ hosting_id: h(3), quantity: 2 }]
    default:
      // the seed's single rooms are sold out: nothing fits one traveller (see the report)
      return [{ hosting_id: h(2), quantity: Math.ceil(members / 2) }]
  }
}

export type Party = { as?: LoginName; group?: string; members?: number; pack?: 1 | 2 }

const party = (p: Party) => {
  const group = p.group ?? 'tg-sol-lon'
  const members = p.members ?? 2
  return { as: p.as ?? 'nuevo', group, members, packId: `${group}-pck-${p.pack ?? 1}`, rooms: roomsFor(group, members) }
}

export const lockParty = (api: ProbeApi, p: Party = {}) => {
  const { as, group, members, packId, rooms } = party(p)
  return api.call('POST', `/travelgroup/${group}/lock`, { as, body: { pack_id: packId, members, rooms } })
}

export const checkoutBody = (lockId: string, p: Party = {}, over: Partial<CheckoutRequest> = {}): CheckoutRequest => {
  const { group, members, packId, rooms } = party(p)
  return {
    lock_id: lockId,
    pack_id: packId,
    rooms,
    members: family(members),
    buyer: buyerInput(),
    extras: [],
    insurances: [],
    voucher_code: null,
    payment_plan_id: `${group}-plan-1`,
    payment_method_id: `${group}-pm-card`,
    accept_terms: true,
    return_url: RETURN_URL,
    idempotency_key: `probe-${group}-${lockId}`,
    ...over,
  }
}

/** Lock, then send the checkout body (changed by `edit`); answers the checkout's response. */
export const lockAndCheckout = async (api: ProbeApi, p: Party = {}, edit: (body: CheckoutRequest) => CheckoutRequest = (b) => b) => {
  const { as, group } = party(p)
  const lockRes = await lockParty(api, p)
  if (lockRes.status !== 201) throw new Error(`lock → ${lockRes.status} ${await lockRes.text()}`)
  const lock = (await lockRes.json()) as SeatLock
  return api.call('POST', `/travelgroup/${group}/checkout`, { as, body: edit(checkoutBody(lock.id, p)) })
}

/** A booked party: the checkout's result (a pending booking and its first payment). */
export const bookParty = async (api: ProbeApi, p: Party = {}, edit?: (body: CheckoutRequest) => CheckoutRequest): Promise<CheckoutResult> => {
  const res = await lockAndCheckout(api, p, edit)
  if (res.status !== 201) throw new Error(`checkout → ${res.status} ${await res.text()}`)
  return (await res.json()) as CheckoutResult
}
