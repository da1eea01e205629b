// SPEC §3: translatable objects carry translations (decision 012). Every object of the demo world that
// carries `translations` has an English text for each of its translatable fields, in the one shape.
import { describe, expect, it } from 'vitest'
import { translated } from '../../core/translations.ts'
import type { Agency, FaqEntry, TravelGroup } from '../../contract/generated/model/index.ts'
import { createProbeApi } from '../contract/probe.ts'

// the fields each object says it translates (contract/openapi.yaml, `translations` of each schema)
const TRANSLATABLE = [
  'name',
  'description',
  'destination',
  'description_html',
  'title',
  'body_html',
  'question',
  'answer_html',
  'legal_notice_html',
  'concept',
  'pack_name',
  'intro_html',
  'commercial_consent_text',
  'third_party_consent_text',
]

type Found = { path: string; field: string; es: string; en: string | undefined }

/** Every translatable field of every object under `value` that carries translations, with its English. */
const translatableFields = (value: unknown, path = '$'): Found[] => {
  if (Array.isArray(value)) return value.flatMap((item, i) => translatableFields(item, `${path}[${i}]`))
  if (value === null || typeof value !== 'object') return []
  const record = value as Record<string, unknown>
  const own: Found[] =
    'translations' in record
      ? TRANSLATABLE.filter((field) => typeof record[field] === 'string' && record[field] !== '').map((field) => ({
          path,
          field,
          es: record[field] as string,
          en: (record['translations'] as Record<string, { lang: string; text: string }[] | undefined>)[field]?.find((t) => t.lang === 'en')?.text,
        }))
      : []
  return [...own, ...Object.entries(record).flatMap(([key, child]) => (key === 'translations' ? [] : translatableFields(child, `${path}.${key}`)))]
}

describe('translations (decision 012)', () => {
  it('every translatable text the demo world serves has an English version', async () => {
    const api = createProbeApi()
    // the agency's name is its brand, not translated: only its legal notice is
    const agency = await api.ok<Agency>('GET', '/agency')
    expect(translated(agency, 'legal_notice_html', 'en')).toMatch(/^<h2>Legal notice<\/h2>/)
    const reads = [
      await api.ok('GET', '/agency/faq'),
      await api.ok('GET', '/travelgroup'),
      await api.ok('GET', '/travelgroup/tg-sol-lon'),
      await api.ok('GET', '/travelgroup/tg-sol-lon/extras'),
      await api.ok('GET', '/travelgroup/tg-sol-lon/booking-items'),
      await api.ok('GET', '/travelgroup/tg-sol-lon/payment-terms'),
      await api.ok('GET', '/travelgroup/tg-sol-lon/payment-methods'),
      await api.ok('GET', '/travelgroup/tg-sol-lon/invitation'),
      await api.ok('GET', '/travelgroup/tg-sol-lon/rooming', { as: 'ana' }),
      await api.ok('GET', '/booking', { as: 'ana' }),
      await api.ok('GET', '/booking/bkg-sol-1001', { as: 'ana' }),
      await api.ok('GET', '/booking/bkg-sol-1001/notices', { as: 'ana' }),
      await api.ok('GET', '/booking/bkg-sol-1002/payments', { as: 'ana' }),
    ]
    const fields = translatableFields(reads)
    expect(fields.length).toBeGreaterThan(100)
    expect(fields.filter((f) => f.en === undefined)).toEqual([])
    // English, not the Spanish again: a few a traveller reads first
    const english = new Map(fields.map((f) => [f.es, f.en]))
    expect(english.get('Londres 4º ESO')).toBe('London, Year 10')
    expect(english.get('Pack básico')).toBe('Basic pack')
    expect(english.get('Habitación doble')).toBe('Double room')
    expect(english.get('Seguro de cancelación')).toBe('Cancellation insurance')
    expect(english.get('Reunión informativa')).toBe('Information meeting')
    expect(english.get('Plazo 1')).toBe('Instalment 1')
    expect(english.get('Gastos de gestión')).toBe('Management fee')
  })

  it('the portal reads a field in its language and falls back to Spanish; translations never reach the prototype', async () => {
    const api = createProbeApi()
    const [faq] = await api.ok<FaqEntry[]>('GET', '/agency/faq')
    expect(translated(faq!, 'question', 'en')).toBe('When do I pay?')
    expect(translated(faq!, 'question', 'es')).toBe('¿Cuándo tengo que pagar?')
    const group = await api.ok<TravelGroup>('GET', '/travelgroup/tg-sol-lon')
    // a field with no English falls back to the Spanish
    expect(translated({ ...group, translations: {} }, 'name', 'en')).toBe('Londres 4º ESO')
    expect(translated({ ...group, translations: { name: [{ lang: 'en', text: ' ' }] } }, 'name', 'en')).toBe('Londres 4º ESO')
    const hostile = JSON.parse('{"name":"Viaje","translations":{"__proto__":[{"lang":"en","text":"x"}]}}') as {
      name: string
      translations: Record<string, never>
    }
    expect(translated(hostile, 'name', 'en')).toBe('Viaje')
    expect(translated({ constructor: 'c', translations: {} } as { constructor: string; translations: Record<string, never> }, 'constructor', 'en')).toBe('c')
  })
})
