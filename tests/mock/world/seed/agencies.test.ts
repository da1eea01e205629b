import { describe, expect, it } from 'vitest'
import { makeAgencies } from '../../../../mock/src/world/seed/agencies.ts'

describe('the demo agencies', () => {
  it('draw their logos with outlines, never live text in a font the device may lack (decision 046)', () => {
    const logos = makeAgencies().flatMap((agency) => (agency.logo ? [{ name: agency.name, logo: agency.logo }] : []))
    expect(logos.map((l) => l.name)).toEqual(['Viajes Sol', 'Mar Azul Viajes'])
    for (const { logo } of logos) {
      expect(logo.startsWith('data:image/svg+xml;utf8,')).toBe(true)
      const svg = decodeURIComponent(logo.slice('data:image/svg+xml;utf8,'.length))
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="0 0 180 48">/)
      expect(svg).toMatch(/<path fill="#[0-9a-f]{6}" d="[mM][^"]{500,}"\/>/)
      expect(svg).not.toMatch(/<text|font-family|font-weight/)
    }
  })
})
