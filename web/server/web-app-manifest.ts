// Each agency's portal installs as an app of its own (issue 16): the production server answers
// /manifest.webmanifest and /app-icon.svg for the agency of the host it is asked on, so installing
// Viajes Sol's portal and Aventura Norte's gives two apps with their own names, colours and icons.
import type { Agency } from '../../contract/generated/model/agency.ts'
import { escapeMarkup } from '../../core/markup.ts'
import { DEFAULT_COLOURS, safeHex, textOn } from '../src/lib/domain/branding.universal.ts'
import type { Locale } from '../src/lib/i18n/locales.universal.ts'

export const MANIFEST_PATH = '/manifest.webmanifest'
export const ICON_PATH = '/app-icon.svg'

const DESCRIPTION: Record<Locale, (name: string) => string> = {
  es: (name) => `${name}: reservas, pagos y documentación de tus viajes en grupo.`,
  en: (name) => `${name}: bookings, payments and documents for your group trips.`,
}

/** The W3C web app manifest of the agency's portal, in the visitor's language. */
export const webAppManifest = (agency: Agency | null, lang: Locale) => {
  const name = agency?.name ?? (lang === 'en' ? 'Travel portal' : 'Portal de viajes')
  // home screens show about twelve characters: the name's first word when the whole is longer
  const short = [...name].length <= 12 ? name : (name.split(/\s+/)[0] ?? name)
  return {
    id: '/',
    name,
    short_name: short,
    description: DESCRIPTION[lang](name),
    lang,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: safeHex(agency?.color1, DEFAULT_COLOURS.color1),
    background_color: safeHex(agency?.color4, DEFAULT_COLOURS.color4),
    // Chromium installs from an SVG icon with sizes "any" (at least 144 px, purpose "any")
    icons: [
      { src: ICON_PATH, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: `${ICON_PATH}?maskable`, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  }
}

/**
 * The app icon: the agency's logo on its background colour when the logo can be drawn inside an icon
 * (an SVG used as an image embeds data: images only), otherwise its initial on its brand colour, in
 * the text colour that reads on it. A maskable icon keeps everything in the central safe zone (80 %).
 */
export const appIconSvg = (agency: Agency | null, maskable: boolean): string => {
  const colour = safeHex(agency?.color1, DEFAULT_COLOURS.color1)
  const logo = agency?.logo?.images.original
  const inset = maskable ? 96 : 48
  const size = 512 - 2 * inset
  if (logo?.startsWith('data:image/')) {
    const background = safeHex(agency?.color4, DEFAULT_COLOURS.color4)
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="${maskable ? 0 : 96}" fill="${background}"/><image href="${escapeMarkup(logo)}" x="${inset}" y="${inset}" width="${size}" height="${size}" preserveAspectRatio="xMidYMid meet"/></svg>`
  }
  const initial = [...(agency?.name.trim() ?? 'P')][0]?.toLocaleUpperCase('es') ?? 'P'
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="${maskable ? 0 : 96}" fill="${colour}"/><text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="${maskable ? 240 : 300}" font-weight="700" fill="${textOn(colour)}">${escapeMarkup(initial)}</text></svg>`
}
