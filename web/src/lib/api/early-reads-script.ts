// The inline script of a page's HTML, compiled by the build (web/early-reads-plugin.ts) from this
// module and what it imports, so it reads the session and the language exactly as the app does. It
// starts the page's first API reads (web/server/page-routes.ts says which) before the app's code
// has arrived and leaves them in `window.__EARLY_READS__` for the client (./early-reads.universal.ts);
// and it keeps a press on the painted frame's buttons until the app can answer it (../early-presses.universal.ts).
// Its data is the JSON of <script type="application/json" id="early-reads-data">. No exports: a
// classic script that leaves nothing behind but the reads.
import { keepEarlyPresses } from '../browser/early-presses.universal.ts'
import { EARLY_READS_DATA_ID, type EarlyReadsData, startEarlyReads } from './early-reads.universal.ts'

if (typeof document !== 'undefined') keepEarlyPresses()

const element = typeof document === 'undefined' ? null : document.getElementById(EARLY_READS_DATA_ID)
if (element?.textContent) {
  try {
    startEarlyReads(JSON.parse(element.textContent) as EarlyReadsData, window.location.pathname)
  } catch {
    // nothing started: the app asks for its data itself
  }
}
