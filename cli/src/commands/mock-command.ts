import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

import { Command, InvalidArgumentError, Option } from 'commander'

import type { MockServer, MockServerOptions, startMockServer } from '../../../mock/src/server.ts'

import type { CliIo } from '../cli-io.ts'
import { UsageError } from '../exit-codes.ts'
import { parseInteger, parsePort } from '../option-parsers.ts'
import { mockServerModulePath } from '../repo-paths.ts'

// What the CLI uses of mock/src/server.ts. Declared structurally (the real
// types are checked against it below) so the module is only loaded when the
// command runs: the other commands start without loading the mock.
export type StartMockServerOptions = Pick<MockServerOptions, 'port' | 'host' | 'seed' | 'fresh' | 'dataDir' | 'quiet'>

export type MockServerHandle = Partial<Pick<MockServer, 'url' | 'state' | 'dataDir'>> & {
  close(): Promise<void> | void
}

type MockServerModule = {
  startMockServer(options: StartMockServerOptions): Promise<MockServerHandle | void> | MockServerHandle | void
}

// The real module must fit what the command expects.
const _realModuleFits: (module: { startMockServer: typeof startMockServer }) => MockServerModule = (module) => module
void _realModuleFits

const loopbackHosts = ['127.0.0.1', 'localhost', '::1']

function parseLoopbackHost(value: string): string {
  if (!loopbackHosts.includes(value)) throw new InvalidArgumentError(`must be ${loopbackHosts.join(', ')} (the mock must not face a network).`)
  return value
}

type MockOptions = { port: number; host?: string; seed?: number; fresh?: boolean; dataDir?: string; quiet?: boolean }

export function mockCommand(io: CliIo, loadModule: () => Promise<unknown> = loadMockServerModule, waitForStop: () => Promise<void> = untilSignal): Command {
  return new Command('mock')
    .description('start the mock API server (mock/src/server.ts) in the foreground')
    .addOption(new Option('--port <port>', 'port to listen on').default(3333).argParser(parsePort))
    .addOption(new Option('--host <host>', 'loopback address to listen on (default 127.0.0.1)').argParser(parseLoopbackHost))
    .addOption(new Option('--seed <n>', 'seed for generated data, for reproducible runs').argParser(parseInteger))
    .option('--fresh', 'discard stored mock data and start from the seed')
    .option('--data-dir <dir>', 'where the mock keeps its data between runs (default .mock-data)')
    .option('--quiet', 'no log line per request')
    .action(async (options: MockOptions) => {
      const module = (await loadModule()) as Partial<MockServerModule>
      if (typeof module.startMockServer !== 'function') {
        throw new UsageError(`${mockServerModulePath} does not export startMockServer()`)
      }
      const startOptions: StartMockServerOptions = { port: options.port }
      if (options.host !== undefined) startOptions.host = options.host
      if (options.seed !== undefined) startOptions.seed = options.seed
      if (options.quiet === true) startOptions.quiet = true
      if (options.fresh === true) startOptions.fresh = true
      if (options.dataDir !== undefined) startOptions.dataDir = options.dataDir

      let handle: MockServerHandle | void
      try {
        handle = await module.startMockServer(startOptions)
      } catch (error) {
        // A busy port, an unreadable data directory: something to fix, not a crash.
        throw new UsageError(`the mock could not start: ${error instanceof Error ? error.message : String(error)}`)
      }
      const url = handle?.url ?? `http://localhost:${options.port}`
      io.stderr.write(`mock listening on ${url} (Ctrl-C to stop)\n`)
      io.stderr.write(`  API ${url}/api/customer · control ${url}/__mock · demo login ana.garcia@example.com / viaje2026\n`)
      if (handle?.state !== undefined) {
        io.stderr.write(
          `  world ${handle.state === 'restored' ? 'restored from' : handle.state === 'fresh' ? 'fresh from the seed, stored in' : 'seeded, stored in'} ${handle.dataDir ?? '(default data dir)'}\n`,
        )
      }
      await waitForStop()
      await handle?.close()
    })
}

async function loadMockServerModule(): Promise<unknown> {
  if (!existsSync(mockServerModulePath)) {
    throw new UsageError(`the mock server is not available yet: ${mockServerModulePath} does not exist`)
  }
  return import(pathToFileURL(mockServerModulePath).href)
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve()
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}
