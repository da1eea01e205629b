// Start-up order matters: secrets out of the address bar first, then language and agency (in
// parallel), branding, and only then the first render, so nothing flashes unbranded or untranslated.
// Tokens and element defaults first: every component's CSS comes after them.
import '@/styles/base.css'
import { i18n } from '@lingui/core'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { keepQueriesOffline } from '@/app/background/offline-queries'
import { AppProvider } from '@/app/provider'
import { queryClient } from '@/app/query-client'
import { framedPageOf } from '@/app/page-access'
import { createAppRouter } from '@/app/router'
import { registerServiceWorkerWhenSettled } from '@/app/background/service-worker-registration'
import { createUnauthorizedHandler } from '@/app/background/session-expiry'
import { UnknownAgency } from '@/app/layouts/unknown-agency'
import { captureCredentialsFromUrl } from '@/features/auth/link-credentials'
import { applyBranding, resolveAgency, setCurrentAgency } from '@/lib/domain/agency'
import { getGetAgencyQueryKey } from '@/lib/api/generated/endpoints/agency/agency'
import { getGetConfigQueryOptions } from '@/lib/api/generated/endpoints/auth/auth'
import { holdToken, setRequestLanguage, setUnauthorizedHandler } from '@/lib/api/request-context.universal'
import { earlyReadsSettled, takeEarlySession } from '@/lib/api/early-reads.universal'
import { initI18n } from '@/lib/i18n/lingui'
import { isLocale } from '@/lib/i18n/locales.universal'
import { replayEarlyPress, stopKeepingEarlyPresses } from '@/lib/browser/early-presses.universal'
import { runWhenIdle, yieldToBrowser } from '@/lib/browser/main-thread.universal'
import { inVitalsSample, VITALS_ATTRIBUTE, VITALS_SAMPLE_ATTRIBUTE } from '@/config/vitals.universal'
import { startFromBrowserNetworkState } from '@/lib/browser/network-status'

// The start-up is a function rather than the module's top-level code with `await`: a top-level await anywhere in
// the app turns off the bundler's merging of chunks, which keeps each page's files few (decision 040).
async function start() {
  // The session and language the page's script read with the HTML: the start-up reads no cookie again. First, so
  // that a token the address brings (below) replaces the one held. Where the script reads the cookies without
  // blocking (decision 047) it may still be at it: its reads start once it is done, a moment after the parse, long
  // before this code has arrived, so the wait is for a promise already settled.
  await earlyReadsSettled()
  const early = takeEarlySession()
  if (early) {
    holdToken(early.token, early.until)
    // in the script's language from the first call: the config read below takes the script's answer only when it
    // asks in that language (an English browser asked again, and the first page waited for that round trip)
    setRequestLanguage(early.language)
  }
  captureCredentialsFromUrl()
  // Evaluating the app's code is the longest task of a page's start (~25 ms on a desktop, four times that on a
  // phone): the start-up work goes in the next one, not on its end. Only the secrets leave the address bar first.
  await yieldToBrowser()
  startFromBrowserNetworkState()

  // zod (in the lazy pages' forms) probes `new Function` to compile fast parsers; the production CSP has
  // no 'unsafe-eval', so the probe is blocked and reported as a violation on every page with a form.
  // Its interpreter is plenty for forms. zod keeps its settings in this global (merged, whichever loads
  // first), so no zod import here.
  const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
  Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true })

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html must contain #root')

  // A stale deploy's chunk failed to load (Vite's 'vite:preloadError' included): nothing is done here. The
  // error reaches the page being opened, whose error boundary reloads onto that page for the new build (at
  // most once a minute, app/route-error.tsx); reloading here would reload the page being left.

  // The production server already named the agency, and its page started reading the config (maintenance,
  // build) with the HTML: take that read now, while the catalog loads, not after. The first route's guard
  // reads it from the cache; ConfigWatcher polls it from there on.
  if (window.__AGENCY__) {
    setCurrentAgency(window.__AGENCY__)
    void queryClient.prefetchQuery(getGetConfigQueryOptions())
  }

  // The language the page's frame was drawn in, read before the app's own language is set on <html>.
  const frameLanguage = document.documentElement.lang

  // The reads saved on an earlier visit come back before the first page is drawn (the router's first navigation
  // waits for them, below), so a booking opened offline shows at once. React does not wait for them to take over
  // the painted frame (a press on its header waits until it does, decision 038): of the three start-up reads,
  // IndexedDB's comes back last.
  const offlineReadsBack = keepQueriesOffline(queryClient)
  const [locale, agency] = await Promise.all([initI18n(early?.language), resolveAgency(window.location.origin, window.__AGENCY__)])
  setRequestLanguage(locale)
  let activeLocale: string = locale
  i18n.on('change', () => {
    // "change" also fires when the lazy pages' messages arrive (same language): nothing to refetch then.
    if (i18n.locale === activeLocale) return
    activeLocale = i18n.locale
    // Server messages follow the language from now on. Nothing is fetched again: translatable objects
    // carry every language (decision 012), and the reads that take ?lang (terms, countries) have it in
    // their query key.
    if (isLocale(i18n.locale)) setRequestLanguage(i18n.locale)
  })

  if (!agency) {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <UnknownAgency />
        </AppProvider>
      </StrictMode>,
    )
  } else {
    setCurrentAgency(agency)
    applyBranding(agency)
    queryClient.setQueryData(getGetAgencyQueryKey(), agency)
    // The language and the agency came back in the task that asked for them (both were in the page): with the
    // router's creation after them it was the start-up's longest task (10 ms of CPU here, 110 ms on a low-tier
    // phone). The router is made in a task of its own.
    await yieldToBrowser()
    // The production server drew this page's frame into #root (app/shell/render-shell.tsx): React hydrates it,
    // keeping what is painted, and the router's first navigation (guards, the page) waits for that and for the
    // saved reads. A frame for another page or language (a page kept for offline use and opened at another
    // address) is replaced instead.
    let frameHydrated = () => {}
    const hydrated = new Promise<void>((resolve) => (frameHydrated = resolve))
    const firstNavigationAfter = Promise.all([hydrated, offlineReadsBack]).then(() => undefined)
    const router = createAppRouter(queryClient, { firstNavigationAfter })
    setUnauthorizedHandler(createUnauthorizedHandler(router, queryClient))
    const app = <App router={router} onFirstCommit={frameHydrated} />
    // The router's start and React's are a task each: one after the other they were one long task on a phone.
    await yieldToBrowser()
    const frame = root.dataset.frame
    const hydrates = frame !== undefined && frame === framedPageOf(router.state.matches.map((match) => match.route.id)) && frameLanguage === locale
    // A press on the painted frame before now was kept by the page's script: pressed again once the frame is
    // React's (from here on React replays presses itself).
    stopKeepingEarlyPresses()
    void hydrated.then(replayEarlyPress)
    // The page view's vitals, for the server that takes them (it marks the page, and says which share of the page
    // views it wants): what travellers really get.
    const vitalsEndpoint = document.documentElement.getAttribute(VITALS_ATTRIBUTE)
    if (import.meta.env.PROD && vitalsEndpoint && inVitalsSample(document.documentElement.getAttribute(VITALS_SAMPLE_ATTRIBUTE))) {
      const landedOn = router.state.matches.map((match) => match.route.id)
      void hydrated.then(() =>
        runWhenIdle(
          () =>
            void import('@/app/background/vitals-beacon').then(({ startVitalsBeacon }) =>
              startVitalsBeacon({ endpoint: vitalsEndpoint, agencyId: agency.id, landedOn }),
            ),
          5_000,
        ),
      )
    }
    // A transition: React hydrates or renders the first page in slices, giving the browser its turn between
    // them, so a tap on the page already painted from the HTML is never held behind one long task.
    startTransition(() => {
      if (hydrates) hydrateRoot(root, app)
      else createRoot(root).render(app)
    })
  }
}

void start()

// The service worker keeps the app's code, its pages and the customer's files for offline use
// (web/src/service-worker.ts). Production builds only: in development the mock's own worker may run.
if (import.meta.env.PROD) registerServiceWorkerWhenSettled('/service-worker.js')
