import type { SetupWorker } from 'msw/browser'

import { isJournalRead, journalFor, maskBody, maskUrl } from '../control/journal.ts'
import type { Runtime } from '../runtime/runtime.ts'

// What the node:http server does around each request (the request journal), for the two ways the
// handlers run inside MSW itself: setupServer in Vitest and setupWorker in the browser. Both expose
// the same life-cycle events. Writes are stored by the handlers themselves (route() commits them).

type NetworkEvents = SetupWorker['events']

const MAX_PENDING = 1000

type Pending = { started: number; time: string; body: Promise<string | undefined> }

/** Wires the journal to MSW's events; returns a function that unwires them. */
export const observeMswEvents = (events: NetworkEvents, rt: Runtime): (() => void) => {
  const journal = journalFor(rt)
  const pending = new Map<string, Pending>()

  const onStart = ({ request, requestId }: { request: Request; requestId: string }) => {
    if (pending.size >= MAX_PENDING) pending.clear() // requests that never settled; do not leak
    // The handler consumes the body, so read a clone now.
    const body =
      request.method === 'GET' || request.method === 'HEAD'
        ? Promise.resolve(undefined)
        : request
            .clone()
            .text()
            .then((text) => maskBody(text, request.headers.get('content-type')))
            .catch(() => undefined)
    pending.set(requestId, { started: performance.now(), time: new Date().toISOString(), body })
  }

  const onMocked = ({ request, requestId, response }: { request: Request; requestId: string; response: Response }) => {
    const entry = pending.get(requestId)
    pending.delete(requestId)
    const status = response.type === 'error' ? 0 : response.status
    const url = new URL(request.url)
    if (entry === undefined || isJournalRead(request.method, url.pathname)) return
    const durationMs = Math.round((performance.now() - entry.started) * 10) / 10
    void entry.body.then((body) => {
      journal.record({
        time: entry.time,
        method: request.method,
        path: maskUrl(`${url.pathname}${url.search}`),
        status,
        agency: request.headers.get('agencyid'),
        durationMs,
        ...(body === undefined ? {} : { body }),
      })
    })
  }

  const forget = ({ requestId }: { requestId: string }) => {
    pending.delete(requestId)
  }

  events.on('request:start', onStart)
  events.on('response:mocked', onMocked)
  events.on('request:unhandled', forget)
  events.on('response:bypass', forget)
  return () => {
    events.removeListener('request:start', onStart)
    events.removeListener('response:mocked', onMocked)
    events.removeListener('request:unhandled', forget)
    events.removeListener('response:bypass', forget)
  }
}
