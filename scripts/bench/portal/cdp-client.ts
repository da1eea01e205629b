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

/** Runs an expression in a fresh blank page of the browser and gives its value (the page is closed after). */
export async function evaluateInBlankPage(cdp: CdpClient, expression: string): Promise<unknown> {
  const { targetId } = (await cdp.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string }
  try {
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string }
    const evaluated = (await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, sessionId)) as {
      result: { value: unknown }
      exceptionDetails?: { text: string }
    }
    if (evaluated.exceptionDetails !== undefined) throw new Error(`evaluation failed: ${evaluated.exceptionDetails.text}`)
    return evaluated.result.value
  } finally {
    await cdp.send('Target.closeTarget', { targetId })
  }
}
