// A minimal Chrome DevTools Protocol client on a browser's WebSocket (Node 24's WebSocket): what the benches
// need of a Chromium that chrome-launcher started (cookies, a page to measure the host in), without a second
// browser library. `sessionId` sends to a page the browser target attached to (Target.attachToTarget, flatten).
export type CdpClient = {
  send(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<unknown>
  close(): void
}

export const connectCdp = (wsUrl: string) =>
  new Promise<CdpClient>((resolve, reject) => {
    const ws = new WebSocket(wsUrl)
    let nextId = 1
    const pending = new Map<number, { method: string; resolve: (v: unknown) => void; reject: (e: Error) => void }>()
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } }
      const waiter = message.id === undefined ? undefined : pending.get(message.id)
      if (!waiter) return
      pending.delete(message.id!)
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`))
      else waiter.resolve(message.result)
    })
    ws.addEventListener('error', () => reject(new Error(`cannot connect to ${wsUrl}`)))
    ws.addEventListener('open', () =>
      resolve({
        send: (method, params = {}, sessionId) =>
          new Promise((res, rej) => {
            const id = nextId++
            pending.set(id, { method, resolve: res, reject: rej })
            ws.send(JSON.stringify({ id, method, params, ...(sessionId === undefined ? {} : { sessionId }) }))
          }),
        close: () => ws.close(),
      }),
    )
  })

/** What an expression gave, and the share of the clock its page's main thread had on its core while it ran (0–1). */
export type Evaluated = { value: unknown; threadShare: number }

type Metrics = { metrics: { name: string; value: number }[] }
const metric = ({ metrics }: Metrics, name: string) => metrics.find((entry) => entry.name === name)?.value ?? Number.NaN

/**
 * Runs an expression in a fresh blank page of the browser and gives its value (the page is closed after), and how much
 * of the clock the page's main thread had meanwhile: Chromium's own counters, its CPU time (ThreadTime) over the time
 * its tasks took (TaskDuration). On a busy host a thread waits for its core, and a benchmark timed on the clock reads slow.
 */
export async function evaluateInBlankPage(cdp: CdpClient, expression: string): Promise<Evaluated> {
  const { targetId } = (await cdp.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string }
  try {
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string }
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' }, sessionId)
    const before = (await cdp.send('Performance.getMetrics', {}, sessionId)) as Metrics
    const evaluated = (await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, sessionId)) as {
      result: { value: unknown }
      exceptionDetails?: { text: string }
    }
    const after = (await cdp.send('Performance.getMetrics', {}, sessionId)) as Metrics
    if (evaluated.exceptionDetails !== undefined) throw new Error(`evaluation failed: ${evaluated.exceptionDetails.text}`)
    const share = (metric(after, 'ThreadTime') - metric(before, 'ThreadTime')) / (metric(after, 'TaskDuration') - metric(before, 'TaskDuration'))
    return { value: evaluated.result.value, threadShare: Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : Number.NaN }
  } finally {
    await cdp.send('Target.closeTarget', { targetId })
  }
}
