// A lazy page's own texts, carried by its HTML: the build leaves each route module's part of each catalog as data
// (web/catalog-split.ts), the production server writes the page's into it (web/server/index-html.ts) and the app
// reads it once (lingui.ts). Without imports but types: the build's plugin and the server share it as it is.
import type { Messages } from '@lingui/core'
import type { Locale } from './locales.universal.ts'

/**
 * The element of a lazy page's HTML holding its route module's part of the catalog (`{ locale, route, messages }`,
 * JSON): the page's texts without a request of their own, which over HTTP/1.1 waited for one of six connections.
 */
export const ROUTE_MESSAGES_ID = 'route-messages'
export type RouteMessages = { locale: Locale; route: string; messages: Messages }

/** Where the build leaves each route module's part of each catalog, compiled: `{locale}/{route}.json` in it. */
export const ROUTE_MESSAGES_DIR = '.vite/route-messages'
