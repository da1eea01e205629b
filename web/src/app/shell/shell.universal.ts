// What the production server asks of the page's frame and gets back (render-shell.tsx renders it): types only,
// so web/server names them without importing React.
import type { Agency } from '../../../../contract/generated/model/agency.ts'
import type { Locale } from '../../lib/i18n-locales.universal.ts'

export type ShellInput = { agency: Agency; locale: Locale; pathname: string }
/** The frame's HTML for #root, and the page it is the frame of (what the browser checks before hydrating). */
export type Shell = { markup: string; frame: string }
