// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import { createQueryClient } from '@/app/query-client'
import { useGroupStatusLabel } from '@/features/travel-groups/group-facts'
import { TravelGroupDetailPage } from '@/features/travel-groups/travel-group-detail-page'
import { getGetTravelGroupQueryKey, getListExtrasQueryKey } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import { activateLocale } from '@/lib/i18n/lingui'
import type { TravelGroup } from '@contract/generated/model/travelGroup'
import type { ExtrasOffer } from '@contract/generated/model/extrasOffer'

// The trip's page draws the trip from its own read; its sections with reads of their own (seats, extras, plans) draw
// their answers themselves. An answer comes through a store update, which React renders at once and in one task: had
// the page made those reads, each answer would draw the whole trip again.

// the trip's own part counts its renders by a hook only it calls
vi.mock('@/features/travel-groups/group-facts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/features/travel-groups/group-facts')>()
  return { ...original, useGroupStatusLabel: vi.fn(original.useGroupStatusLabel) }
})

const trip = {
  id: 'tg-sol-lon',
  code: 'LON26',
  name: 'Londres 2026',
  destination: 'Londres',
  description_html: '<p>Cuatro días en Londres.</p>',
  start_at: '2027-03-10T08:00:00Z',
  end_at: '2027-03-14T20:00:00Z',
  status: 'open',
  seats_available: 12,
  price_from: 89_000,
  invitation_enabled: false,
  packs: [{ id: 'pk-1', name: 'Pack básico', price: 89_000, description: null, includes: [], seats_left: 12 }],
  hosting_rooms: [],
  booking_penalty: null,
  management_fee: 2_500,
  deposit: 10_000,
} as unknown as TravelGroup

const extras = {
  extras: [{ id: 'ex-1', name: 'Excursión a Windsor', price: 4_500, description: null, limit_date: null }],
  insurances: [],
} as unknown as ExtrasOffer

beforeEach(async () => {
  // the later reads wait for as long as the test says (their answers are put in the cache by hand)
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  )
  await activateLocale('es')
})
afterEach(() => vi.unstubAllGlobals())

describe('the travel group page', () => {
  it("draws a later read's answer in its section, without drawing the trip again", async () => {
    const client = createQueryClient()
    client.setQueryData(getGetTravelGroupQueryKey(trip.id), trip)
    const router = createMemoryRouter([{ path: '/travelgroup/:id', element: <TravelGroupDetailPage /> }], { initialEntries: [`/travelgroup/${trip.id}`] })
    render(
      <AppProvider queryClient={client}>
        <RouterProvider router={router} />
      </AppProvider>,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Londres 2026' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Extras y seguros' })).toBeTruthy()
    expect(screen.queryByText('Excursión a Windsor')).toBeNull()
    const tripRenders = vi.mocked(useGroupStatusLabel).mock.calls.length
    expect(tripRenders).toBeGreaterThan(0)

    // TanStack Query tells its observers in a task of its own
    act(() => void client.setQueryData(getListExtrasQueryKey(trip.id), extras))
    expect(await screen.findByText('Excursión a Windsor')).toBeTruthy()
    expect(vi.mocked(useGroupStatusLabel).mock.calls.length).toBe(tripRenders)
  })
})
