import { beforeAll, describe, expect, it } from 'vitest'

import { coloursFor } from '../../../cli/src/base/cli-io.ts'
import { journalLocation } from '../../../cli/src/commands/contract-command.ts'
import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { buildCoverageMatrix, renderCoverageMatrix, withSource } from '../../../cli/src/reports/coverage.ts'
import { bookingFacts, pickBookings, roomsFor } from '../../../cli/src/journey/answer-facts.ts'
import { journeyProbes } from '../../../cli/src/journey/journey-probes.ts'
import { buildJourney, journeySteps } from '../../../cli/src/journey/journey.ts'
import { findApproveForm } from '../../../cli/src/journey/provider-form.ts'
import { validateSteps } from '../../../cli/src/run/step-runner.ts'

let contract: ContractIndex
beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
})

describe('the journey', () => {
  it('names only operations of the contract, with unique step ids and dependencies on earlier steps', () => {
    const { steps, notes } = buildJourney(contract)
    expect(notes).toEqual([])
    expect(() => validateSteps(steps)).not.toThrow()
    for (const step of steps) for (const id of step.operationIds ?? []) expect(contract.operations.has(id), `${step.id}: ${id}`).toBe(true)
  })

  it('reads only, unless a step is a write, payment or probe (a few POSTs change nothing)', () => {
    // POSTs that only look something up or render text.
    const sideEffectFree = new Set(['findAgency', 'login', 'shareRaffleBlock'])
    for (const spec of journeySteps) {
      if (spec.kind !== 'read') continue
      for (const id of [spec.operationId, ...(spec.alsoCalls ?? [])]) {
        const method = contract.operations.get(id)?.method
        expect(method === 'get' || sideEffectFree.has(id), `${spec.id} calls ${id} (${method}) but is a read`).toBe(true)
      }
    }
    for (const probe of journeyProbes) {
      const method = contract.operations.get(probe.operationId)?.method
      if (method !== 'get' && !['login', 'checkVoucher'].includes(probe.operationId)) expect(probe.kind, probe.id).toBe('write')
    }
  })

  it('walks every read operation the seed makes reachable', () => {
    const covered = new Set(journeySteps.flatMap((spec) => [spec.operationId, ...(spec.alsoCalls ?? [])]))
    const reads = [...contract.operations.values()].filter((operation) => operation.method === 'get').map((operation) => operation.operationId)
    expect(reads.filter((id) => !covered.has(id))).toEqual([])
  })
})

describe('journey helpers', () => {
  it('finds rooms that sleep the party exactly, skipping sold-out ones', () => {
    const rooms = [
      { id: 'single', capacity: 1, sold_out: true },
      { id: 'double', capacity: 2, sold_out: false },
      { id: 'quad', capacity: 4, sold_out: false },
    ]
    expect(roomsFor(rooms, 2)).toEqual([{ hosting_id: 'double', quantity: 1 }])
    expect(roomsFor(rooms, 4)).toEqual([{ hosting_id: 'quad', quantity: 1 }])
    expect(roomsFor(rooms.slice(0, 1), 2)).toBeUndefined()
    expect(roomsFor([], 2)).toEqual([])
  })

  it('picks the booking with the most to read, and each feature from wherever it is', () => {
    const facts = [
      bookingFacts({ id: 'b-canceled', status: 'canceled', travel_group: { id: 'tg-1', start_at: '2027-03-11' }, invoices: [{ id: 'i' }], members: [] }, 'x'),
      bookingFacts(
        {
          id: 'b-live',
          status: 'confirmed',
          travel_group: { id: 'tg-2', start_at: '2027-03-11', rooming_enabled: true },
          invoices: [{ id: 'i' }],
          members: [
            { id: 'm-adult', birthdate: '1980-01-01', documents: [] },
            { id: 'm-minor', birthdate: '2011-04-12', documents: [{ file: 'f-1.pdf' }] },
          ],
          raffle_blocks: [],
          group: null,
        },
        'x',
      ),
      bookingFacts(
        {
          id: 'b-raffle',
          status: 'pending',
          travel_group: { id: 'tg-3' },
          raffle_blocks: [{ id: 'rfb', ballots: [{ id: 'bal', code: 'K1' }] }],
          group: { id: 'g', code: 'C', travel_group_id: 'tg-3' },
        },
        'x',
      ),
    ]
    expect(pickBookings(facts)).toEqual({
      bookingId: 'b-live',
      bookingTravelGroupId: 'tg-2',
      roomingEnabled: true,
      authBookingId: 'b-live',
      minorMemberId: 'm-minor',
      raffleBookingId: 'b-raffle',
      raffleBlockId: 'rfb',
      ballotId: 'bal',
      ballotCode: 'K1',
      groupTravelGroupId: 'tg-3',
      groupId: 'g',
      groupCode: 'C',
      fileName: 'f-1.pdf',
    })
  })

  it("finds the approve form of a simple provider page (the mock provider's markup)", () => {
    const page = `<form method="post" action="/__provider/complete">
  <input type="hidden" name="payment" value="pay-1">
  <input type="hidden" name="signature" value="a&amp;b">
  <div class="actions">
    <button type="submit" name="outcome" value="approve" class="approve">Aprobar pago</button>
    <button type="submit" name="outcome" value="decline" class="decline">Rechazar pago</button>
  </div>
</form>`
    expect(findApproveForm(page, 'http://127.0.0.1:3333/__provider/pay')).toEqual({
      action: 'http://127.0.0.1:3333/__provider/complete',
      method: 'POST',
      fields: { payment: 'pay-1', signature: 'a&b', outcome: 'approve' },
    })
    expect(findApproveForm('<form action="/x"><input type="submit" value="Cancel"></form>', 'http://127.0.0.1/')).toBeUndefined()
    expect(findApproveForm('<form action="https://elsewhere.example/ok"><input type="submit" value="Pay now"></form>', 'http://127.0.0.1/')).toEqual({
      action: 'https://elsewhere.example/ok',
      method: 'GET',
      fields: {},
    })
  })
})

describe('contract coverage helpers', () => {
  it('reads a mock root URL as its journal', () => {
    expect(journalLocation('http://localhost:3333')).toBe('http://localhost:3333/__mock/journal?limit=500')
    expect(journalLocation('http://localhost:3333/__mock/journal?limit=20')).toBe('http://localhost:3333/__mock/journal?limit=20')
    expect(journalLocation('journal.json')).toBe('journal.json')
  })

  it('shows which source exercised each status when several are combined', () => {
    const entry = { operationId: 'getBooking', method: 'GET', path: '/booking/{id}', count: 1 }
    const matrix = buildCoverageMatrix(contract, [
      ...withSource([{ ...entry, status: 200 }], 'smoke'),
      ...withSource(
        [
          { ...entry, status: 200 },
          { ...entry, status: 404 },
        ],
        'probes',
      ),
    ])
    expect(matrix.rows.find((row) => row.operationId === 'getBooking')?.exercisedBy).toEqual({ '200': ['probes', 'smoke'], '404': ['probes'] })
    expect(matrix.totals.bySource).toEqual({ probes: { operations: 1, pairs: 2 }, smoke: { operations: 1, pairs: 1 } })
    const text = renderCoverageMatrix(matrix, coloursFor({ write: () => undefined, isTTY: false }, {}))
    expect(text).toMatch(/^getBooking\s+PS\s+·\s+·\s+P\s+·$/m)
    expect(text).toContain('by source: P probes 1 operations, 2 pairs; S smoke 1 operations, 1 pairs')
  })
})
