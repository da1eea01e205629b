// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyBranding, getCurrentAgency, resolveAgency, setCurrentAgency } from '@/lib/domain/agency'
import { getAgencyId } from '@/lib/api/request-context.universal'
import type { Agency } from '@contract/generated/model/agency'

const agency: Agency = {
  id: 'ag-norte',
  name: 'Aventura Norte',
  translations: {},
  logo: null,
  color1: '#0f766e',
  color3: '#042f2e',
  color4: '#ecfeff',
  css_extra: '.site-header { background: url(https://evil.example/x.png) }',
  email: 'info@aventuranorte.example',
  phone: '+34 944 000 222',
  legal_notice_html: '<p>Aviso</p>',
}

afterEach(() => {
  document.head.innerHTML = ''
  setCurrentAgency(null)
})

describe('agency from the host', () => {
  it('uses the agency the production server injected, without a lookup', async () => {
    const fetchSpy = vi.fn()
    vi.stubGlobal('fetch', fetchSpy)
    expect(await resolveAgency('http://norte.localhost:4173', agency)).toBe(agency)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('otherwise looks it up by the page origin (POST /agency {url})', async () => {
    const fetchSpy = vi.fn().mockResolvedValue(new Response(JSON.stringify(agency), { headers: { 'Content-Type': 'application/json' } }))
    vi.stubGlobal('fetch', fetchSpy)
    expect(await resolveAgency('http://norte.localhost:5173', undefined)).toEqual(agency)
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit]
    expect(url).toMatch(/\/api\/customer\/agency$/)
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({ url: 'http://norte.localhost:5173' })
  })

  it('an unknown host or a failed lookup gives null', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify({ code: 'not_found', message: 'no' }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
        ),
    )
    expect(await resolveAgency('http://nadie.localhost:5173', null)).toBeNull()
  })

  it('setCurrentAgency makes every call carry its id', () => {
    setCurrentAgency(agency)
    expect(getCurrentAgency()).toBe(agency)
    expect(getAgencyId()).toBe('ag-norte')
  })

  it('branding: colour variables and the neutralized extra CSS as <style> elements, and the title', () => {
    applyBranding(agency, document)
    expect(document.getElementById('brand-vars')?.textContent).toContain('--brand-1:#0f766e')
    const extra = document.getElementById('brand-extra')?.textContent ?? ''
    expect(extra).toContain('.site-header')
    expect(extra).not.toContain('url(')
    expect(document.title).toBe('Aventura Norte')
  })

  it('never replaces what the production server wrote (the CSP allows its <style> by its hash)', () => {
    const server = document.createElement('style')
    server.id = 'brand-vars'
    server.textContent = ':root{--brand-1:#123456}'
    document.head.append(server)
    applyBranding(agency, document)
    expect(document.querySelectorAll('#brand-vars')).toHaveLength(1)
    expect(document.getElementById('brand-vars')?.textContent).toBe(':root{--brand-1:#123456}')
  })
})
