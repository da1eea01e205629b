// Agency branding as CSS: colours become CSS variables (with a text colour chosen by contrast for each),
// and the agency's extra CSS is neutralized so it can restyle the portal but never load a remote resource,
// run script, or break out of its <style> element. Pure: the production server and the browser share it.
import type { Agency } from '@contract/generated/model/agency.ts'

export type Brand = Pick<Agency, 'name' | 'color1' | 'color3' | 'color4' | 'css_extra' | 'logo'>

const HEX = /^#([0-9a-f]{6})$/i
export const DEFAULT_COLOURS = { color1: '#2563eb', color3: '#1e293b', color4: '#f8fafc' } as const

const channel = (value: number) => {
  const c = value / 255
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of a #rrggbb colour. */
export const luminance = (hex: string): number => {
  const m = HEX.exec(hex)
  if (!m) return 1
  const n = Number.parseInt(m[1]!, 16)
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}

export const contrastRatio = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export const DARK_TEXT = '#111827'
export const LIGHT_TEXT = '#ffffff'

/** The text colour (near-black or white) that reads best on a background. */
export const textOn = (background: string): string => (contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT)

/** A colour as #rrggbb, or the fallback: agency data never reaches a style or an SVG attribute unchecked. */
export const safeHex = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value.toLowerCase() : fallback)

/** `:root { --brand-1: …; --on-brand-1: …; … }` for an agency (defaults when a colour is missing or malformed). */
export const brandVariablesCss = (brand: Partial<Brand> | null | undefined): string => {
  const c1 = safeHex(brand?.color1, DEFAULT_COLOURS.color1)
  const c3 = safeHex(brand?.color3, DEFAULT_COLOURS.color3)
  const c4 = safeHex(brand?.color4, DEFAULT_COLOURS.color4)
  return `:root{--brand-1:${c1};--on-brand-1:${textOn(c1)};--brand-3:${c3};--on-brand-3:${textOn(c3)};--brand-4:${c4};--on-brand-4:${textOn(c4)};}`
}

// Anything that can fetch or execute from CSS. Backslash escapes are removed first, so `u\72 l(` cannot hide `url(`.
const BLOCKED =
  /(url|image-set|-webkit-image-set|image|cross-fade|element|expression|paint)\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import|@namespace|@font-face/gi

/**
 * The agency's extra CSS, made inert: no remote loads (url(), image-set(), @import, @font-face), no script
 * (expression(), javascript:, behaviors, bindings), no way out of the <style> element (`<` is dropped).
 */
export const sanitizeTenantCss = (css: string | null | undefined): string => {
  if (!css) return ''
  return css
    .slice(0, 20_000)
    .replace(/\\/g, '')
    .replace(/</g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(BLOCKED, (match) => (match.startsWith('@') ? '@blocked' : match.endsWith('(') ? 'blocked(' : 'blocked:'))
}

/** JSON for an inline <script>: cannot close the script element or start a comment. */
export const inlineJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
