// What the production server asks of the page's frame and gets back (render-shell.tsx renders it): types only,
// so web/server names them without importing React.
import type { Agency } from '../../../../contract/generated/model/agency.ts'
import type { Locale, StartupMessages } from '../../lib/i18n/locales.universal.ts'

export type ShellInput = { agency: Agency; locale: Locale; pathname: string }
/**
 * The frame's HTML for #root, the page it is the frame of (what the browser checks before hydrating), and the
 * texts it was drawn with (its language's first catalog part, which the page carries for the browser's first render).
 */
export type Shell = { markup: string; frame: string; messages: StartupMessages }
