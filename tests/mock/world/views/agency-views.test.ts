import { describe, expect, it } from 'vitest'
import { agencyView, faqView, userView } from '../../../../mock/src/world/views/agency-views.ts'
import { freshWorld } from '../world-fixture.ts'

// The agency, its FAQ and a customer as the API shows them: nothing of what is kept behind (hosts,
// password hashes, validation tokens).

const world = freshWorld()
const sol = world.agencies.find((a) => a.id === 'ag-sol')!

describe('agency views', () => {
  it('an agency: its branding and contact, its logo as images, not its hosts or settings', () => {
    const view = agencyView(sol)
    expect(view).toMatchObject({ id: 'ag-sol', name: sol.name, color1: sol.color1, email: sol.email })
    expect(view.logo).toEqual(sol.logo ? { images: { original: sol.logo } } : null)
    expect(Object.keys(view)).not.toContain('hosts')
  })

  it('the FAQ in Spanish, each entry with its English answer as a translation', () => {
    const faq = faqView(sol)
    expect(faq.map((entry) => entry.id)).toEqual(sol.faq.es.map((entry) => entry.id))
    const first = faq[0]!
    const english = sol.faq.en.find((entry) => entry.id === first.id)!
    expect(first.translations['question']).toEqual([{ lang: 'en', text: english.question }])
  })

  it('a customer: who they are, never their password hash or validation token', () => {
    const ana = world.customers.find((c) => c.email === 'ana.garcia@example.com' && c.agencyId === 'ag-sol')!
    const view = userView(ana)
    expect(view).toEqual({
      id: ana.id,
      name: ana.name,
      surname1: ana.surname1,
      surname2: ana.surname2,
      email: ana.email,
      phone: ana.phone,
      lang: ana.lang,
      validated: ana.validated,
    })
    expect(JSON.stringify(view)).not.toContain(ana.passwordHash ?? 'no hash')
  })
})
