import { describe, expect, it } from 'vitest'
import type { Agency } from '@contract/generated/model/agency'
import { appIconSvg, webAppManifest } from '../../../web/server/web-app-manifest'

const agency = (over: Partial<Agency> = {}): Agency => ({
  id: 'ag-x',
  name: 'Viajes Sol',
  logo: null,
  color1: '#c2410c',
  color3: '#17255a',
  color4: '#fdf6ec',
  css_extra: null,
  email: 'hola@example.com',
  phone: '+34 900 000 000',
  legal_notice_html: '',
  translations: {},
  ...over,
})

describe('webAppManifest', () => {
  it("the agency's name, colours and language; a short name a home screen can show", () => {
    expect(webAppManifest(agency(), 'es')).toMatchObject({
      name: 'Viajes Sol',
      short_name: 'Viajes Sol',
      lang: 'es',
      theme_color: '#c2410c',
      background_color: '#fdf6ec',
    })
    expect(webAppManifest(agency({ name: 'Aventura Norte' }), 'en')).toMatchObject({ short_name: 'Aventura', lang: 'en' })
    expect(webAppManifest(null, 'en')).toMatchObject({ name: 'Travel portal', theme_color: '#2563eb' })
  })

  it('a colour that is not #rrggbb never reaches the manifest or the icon', () => {
    const hostile = agency({ color1: 'red"/><script>alert(1)</script>', color4: 'url(x)' })
    expect(webAppManifest(hostile, 'es')).toMatchObject({ theme_color: '#2563eb', background_color: '#f8fafc' })
    expect(appIconSvg(hostile, false)).not.toContain('<script')
  })
})

describe('appIconSvg', () => {
  it('the initial on the brand colour in the text colour that reads on it, escaped', () => {
    expect(appIconSvg(agency({ name: 'aventura', color1: '#0f766e' }), false)).toMatch(/fill="#0f766e"\/><text [^>]*fill="#ffffff">A<\/text>/)
    expect(appIconSvg(agency({ name: 'sol', color1: '#fde047' }), false)).toMatch(/fill="#111827">S<\/text>/)
    expect(appIconSvg(agency({ name: '<b>' }), false)).toContain('>&lt;</text>')
  })

  it('a data: logo is drawn inside the icon (a maskable one within the safe zone); a logo at an address is not', () => {
    const logo = 'data:image/svg+xml;utf8,%3Csvg%3E%3C/svg%3E'
    expect(appIconSvg(agency({ logo: { images: { original: logo } } }), false)).toContain(`<image href="${logo}" x="48" y="48" width="416" height="416"`)
    expect(appIconSvg(agency({ logo: { images: { original: logo } } }), true)).toContain('x="96" y="96" width="320" height="320"')
    expect(appIconSvg(agency({ logo: { images: { original: 'https://cdn.example.com/logo.png' } } }), false)).toMatch(/>V<\/text>/)
  })
})
