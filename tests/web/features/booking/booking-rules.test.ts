import { beforeAll, describe, expect, it } from 'vitest'
import { canCancel, visibleTabs } from '@/features/booking/booking-rules'
import { displayStatus } from '@core/booking-status'
import { cancellationSchema } from '@/features/cancellation/schemas'
import { REASONS } from '@/features/cancellation/reasons'
import { activateLocale } from '@/lib/i18n/lingui'

beforeAll(() => activateLocale('es'))

const TODAY = '2026-11-21'
type Input = Parameters<typeof visibleTabs>[0]
const booking = (over: Partial<Omit<Input, 'travel_group'>> & { travel_group?: Partial<Input['travel_group']> } = {}): Input => ({
  status: 'confirmed',
  group: null,
  raffle_blocks: [],
  ...over,
  travel_group: { start_at: '2027-03-10', end_at: '2027-03-15', rooming_enabled: true, rooming_list_id: 'rml-1', ...over.travel_group },
})

describe('displayStatus (SPEC §4: completed a whole day after the end)', () => {
  it.each([
    ['2026-11-20', '2026-11-20', 'confirmed'],
    ['2026-11-20', '2026-11-21', 'confirmed'],
    ['2026-11-20', '2026-11-22', 'completed'],
  ])('trip ending %s, today %s: %s', (end, today, expected) => {
    expect(displayStatus(booking({ travel_group: { start_at: '2026-11-10', end_at: end } }), today)).toBe(expected)
  })
  it('canceled and invited keep their status after the trip', () => {
    expect(displayStatus(booking({ status: 'canceled', travel_group: { start_at: '2026-01-01', end_at: '2026-01-05' } }), TODAY)).toBe('canceled')
    expect(displayStatus(booking({ status: 'invited', travel_group: { start_at: '2026-01-01', end_at: '2026-01-05' } }), TODAY)).toBe('invited')
  })
})

describe('which tabs a booking has', () => {
  it('a confirmed booking before the trip, with a group and ballots: all but the review', () => {
    expect(
      visibleTabs(
        booking({ group: { id: 'g', travel_group_id: 't', name: 'n', code: 'c', members: [] }, raffle_blocks: [{ id: 'b', name: 'b', ballots: [] }] }),
        TODAY,
      ),
    ).toEqual(['experience', 'payments', 'refunds', 'documentation', 'rooming', 'notices', 'contact', 'group', 'packs', 'ballots', 'qr'])
  })
  it('no rooming when the group does not allow it or has no list; no group or ballots tabs without them', () => {
    expect(visibleTabs(booking({ travel_group: { rooming_enabled: false } }), TODAY)).not.toContain('rooming')
    expect(visibleTabs(booking({ travel_group: { rooming_list_id: null } }), TODAY)).not.toContain('rooming')
    expect(visibleTabs(booking(), TODAY)).not.toContain('group')
    expect(visibleTabs(booking(), TODAY)).not.toContain('ballots')
  })
  it('an invitation: the trip, notices, contact and packs (and the call to complete it)', () => {
    expect(visibleTabs(booking({ status: 'invited' }), TODAY)).toEqual(['experience', 'notices', 'contact', 'packs'])
  })
  it('a canceled booking: history only', () => {
    expect(visibleTabs(booking({ status: 'canceled', raffle_blocks: [{ id: 'b', name: 'b', ballots: [] }] }), TODAY)).toEqual([
      'experience',
      'payments',
      'refunds',
      'notices',
      'contact',
    ])
  })
  it('during the trip: no packs; after it (completed): the review, no documentation, rooming or QR', () => {
    const during = visibleTabs(booking({ travel_group: { start_at: '2026-11-20', end_at: '2026-11-25' } }), TODAY)
    expect(during).not.toContain('packs')
    expect(during).toContain('documentation')
    const after = visibleTabs(booking({ travel_group: { start_at: '2026-10-01', end_at: '2026-10-05' } }), TODAY)
    expect(after).toEqual(['experience', 'payments', 'refunds', 'review', 'notices', 'contact'])
  })
})

describe('cancelling', () => {
  it('only before the trip, on a booking that holds seats', () => {
    expect(canCancel(booking(), TODAY)).toBe(true)
    expect(canCancel(booking({ status: 'pending' }), TODAY)).toBe(true)
    expect(canCancel(booking({ travel_group: { start_at: TODAY } }), TODAY)).toBe(false)
    expect(canCancel(booking({ status: 'invited' }), TODAY)).toBe(false)
    expect(canCancel(booking({ status: 'canceled' }), TODAY)).toBe(false)
  })
  it('the seven reasons of SPEC §9', () => {
    expect(REASONS).toEqual(['health', 'wealth', 'exams', 'change', 'decease', 'grades', 'other'])
  })
  it('reason, owner and a valid IBAN are required (SPEC §5 messages)', () => {
    const messages = (v: object) =>
      cancellationSchema()
        .safeParse(v)
        .error?.issues.map((i) => i.message) ?? []
    expect(messages({ reason: '', comment: '', owner: ' ', iban: '' })).toEqual([
      'Debes indicar el motivo de la cancelación.',
      'Debes indicar el titular de la cuenta',
      'Debes indicar el IBAN',
    ])
    expect(messages({ reason: 'health', comment: '', owner: 'Ana', iban: 'ES91 2100 0418 4502 0005 1333' })).toEqual(['El IBAN no es válido'])
    expect(messages({ reason: 'health', comment: '', owner: 'Ana', iban: 'ES91 2100 0418 4502 0005 1332' })).toEqual([])
  })
})
