import { vi } from 'vitest'

/** A worker the code under test started, as the test sees it: from where, how, what it was sent, whether it ended. */
export type StartedWorker = {
  url: string
  options?: WorkerOptions
  posted: unknown[]
  terminated: boolean
  /** the worker's answer (a `message` with no data), as the number-data worker gives it when it is done */
  answer: () => void
}

/** Stands in for `Worker` until `vi.unstubAllGlobals()`: the workers started from then on, in order. */
export function recordWorkers(): StartedWorker[] {
  const started: StartedWorker[] = []
  vi.stubGlobal(
    'Worker',
    class {
      onmessage: ((event: MessageEvent) => void) | null = null
      onerror: ((event: Event) => void) | null = null
      readonly record: StartedWorker
      constructor(url: string | URL, options?: WorkerOptions) {
        this.record = { url: String(url), options, posted: [], terminated: false, answer: () => this.onmessage?.(new MessageEvent('message', { data: null })) }
        started.push(this.record)
      }
      postMessage(message: unknown) {
        this.record.posted.push(message)
      }
      terminate() {
        this.record.terminated = true
      }
    },
  )
  return started
}
