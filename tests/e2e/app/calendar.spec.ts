// "Add to calendar" (issue 16): the booking's trip and pending instalment deadlines, and the trip's
// dates from the invitation page, as .ics files in the traveller's language.
import type { Download, Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { expect, test } from '../support/test'
import { quietDialogs } from '../support/booking-world'
import { apiToken, API, signInFast, SOL } from '../support/portal'

const unfold = (text: string) => text.replace(/\r?\n[ \t]/g, '')
const lines = (text: string, name: string) =>
  unfold(text)
    .split(/\r?\n/)
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
const dateOf = (day: string) => day.replaceAll('-', '')
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), click()])
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') }
}

test('a booking in the calendar: departure to return, and the last day of each instalment still to pay (Spanish and English)', async ({
  page,
  context,
  request,
}) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await quietDialogs(page, 'bkg-sol-1002')
  const token = await apiToken(request, 'ana.garcia@example.com')
  const booking = (await (await request.get(`${API}/booking/bkg-sol-1002`, { headers: { Authorization: `Bearer ${token}`, agencyId: 'ag-sol' } })).json()) as {
    travel_group: { start_at: string; end_at: string }
    terms: { kind: string; number: number; status: string; limit_date: string | null }[]
  }
  const pending = booking.terms.filter((t) => t.kind === 'plan' && t.status === 'pending' && t.limit_date)
  expect(pending.map((t) => t.number)).toEqual([2, 3])

  for (const [lang, t] of [
    ['es', { button: 'Añadir al calendario', trip: 'Pirineos en la nieve', deadline: 'Último día para pagar el plazo', file: 'Pirineos-en-la-nieve.ics' }],
    ['en', { button: 'Add to calendar', trip: 'Pyrenees in the snow', deadline: 'Last day to pay instalment', file: 'Pyrenees-in-the-snow.ics' }],
  ] as const) {
    await context.addCookies([{ name: 'lang', value: lang, url: SOL }])
    await page.goto('/booking/bkg-sol-1002')
    const { name, text } = await downloaded(page, () => page.getByRole('button', { name: t.button }).click())
    expect(name).toBe(t.file)
    expect(lines(text, 'SUMMARY')).toEqual([`SUMMARY:${t.trip}`, ...pending.map((term) => `SUMMARY:${t.deadline} ${term.number} · ${t.trip}`)])
    expect(lines(text, 'DTSTART')).toEqual([
      `DTSTART;VALUE=DATE:${dateOf(booking.travel_group.start_at)}`,
      ...pending.map((term) => `DTSTART;VALUE=DATE:${dateOf(term.limit_date!)}`),
    ])
    expect(lines(text, 'DTEND')[0]).toBe(`DTEND;VALUE=DATE:${dateOf(dayAfter(booking.travel_group.end_at))}`)
    expect(lines(text, 'UID')).toHaveLength(3)
    expect(lines(text, 'URL')[0]).toBe(`URL:${SOL}/booking/bkg-sol-1002`)
  }
})

test('the invitation page offers the trip dates', async ({ page }) => {
  await page.goto('/travelgroup/tg-sol-rom/invitation')
  const { text } = await downloaded(page, () => page.getByRole('button', { name: 'Añadir las fechas al calendario' }).click())
  expect(lines(text, 'SUMMARY')).toEqual(['SUMMARY:Roma fin de curso'])
  expect(lines(text, 'LOCATION')).toEqual(['LOCATION:Roma'])
  expect(lines(text, 'DTSTART')[0]).toMatch(/^DTSTART;VALUE=DATE:\d{8}$/)
})
