// The mock for Vitest and other in-process Node code: the same handlers through msw/node, over a
// memory store, so every test file gets its own world and nothing touches the disk.
import { setupServer, type SetupServer } from 'msw/node'

import { createMockHandlers } from './mock-handlers.ts'
import { observeMswEvents } from './msw-events.ts'
import { createRuntime, type Runtime } from '../runtime/runtime.ts'
import { createMemoryStore, type MemoryStore } from '../runtime/memory-store.ts'

export type NodeMock = { server: SetupServer; runtime: Runtime; store: MemoryStore }

/**
 * Creates (does not start) an msw/node server over a fresh seeded world. Typical use:
 * `const mock = setupMockServer(); beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }));
 * afterEach(() => mock.runtime.reset()); afterAll(() => mock.server.close());`
 */
export const setupMockServer = (options: { seed?: number; now?: () => Date } = {}): NodeMock => {
  const store = createMemoryStore()
  const runtime = createRuntime({ seed: options.seed, now: options.now, store })
  const server = setupServer(...createMockHandlers(runtime))
  observeMswEvents(server.events, runtime)
  return { server, runtime, store }
}
