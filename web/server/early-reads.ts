// The API reads a page makes first, started from its HTML before the app's code has arrived: on a
// phone the app's code takes a second or more to download and start, and only then did the page ask
// for its data, a round trip later. Which reads: web/server/page-routes.ts. The script: compiled by
// the build from web/src/lib/api/early-reads-script.ts. The app's one client takes an answer when its
// request is exactly the one started (same address, token, agency, language), once and within
// seconds (web/src/lib/api/early-reads.ts); otherwise it asks itself. The token never reaches the
// HTML: the script reads it in the browser, as the app does.
import { inlineJson } from '../src/lib/domain/branding.universal.ts'
import { EARLY_READS_DATA_ID, type EarlyReadsData } from '../src/lib/api/early-reads.universal.ts'
import type { EarlyReads } from './page-routes.ts'

/** The page's data and the compiled script, as two elements of its <head>. */
export const earlyReadsTags = (reads: EarlyReads, agencyId: string, apiBase: string, script: string): string => {
  const data: EarlyReadsData = {
    always: reads.always,
    withToken: reads.withToken,
    params: reads.params,
    agency: agencyId,
    base: apiBase.replace(/\/$/, ''),
  }
  return `<script type="application/json" id="${EARLY_READS_DATA_ID}">${inlineJson(data)}</script><script>${script}</script>`
}
