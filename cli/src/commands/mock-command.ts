import { Command } from 'commander'

import type { MockServer } from '../../../mock/src/setups/server.ts'
import type { MockStartOptions, mockUsage, parseMockStartOptions } from '../../../mock/src/setups/start-options.ts'

import { API_PATH } from '../../../contract/generated/api-operations.ts'
import type { CliIo } from '../base/cli-io.ts'
import { UsageError } from '../base/exit-codes.ts'
import { untilSignal } from '../base/until-signal.ts'

// `travel-portal mock` is `npm run mock`: the same options, read by the mock's own parser
// (mock/src/setups/start-options.ts) and documented once, in its usage text. Both modules are loaded only
// when the command runs, so the other commands start without loading the mock.
type MockServerHandle = Partial<Pick<MockServer, 'url' | 'state' | 'dataDir'>> & { close(): Promise<void> | void }

export type MockModules = {
  startMockServer(options: Omit<MockStartOptions, 'help'>): Promise<MockServerHandle | void> | MockServerHandle | void
  parseMockStartOptions: typeof parseMockStartOptions
  mockUsage: typeof mockUsage
}

export function mockCommand(io: CliIo, loadModules: () => Promise<MockModules> = loadMockModules, waitForStop: () => Promise<void> = untilSignal): Command {
  return (
    new Command('mock')
      .description('start the mock API server in the foreground: the options of `npm run mock` (travel-portal mock --help lists them)')
      // The mock's parser reads the options, and prints the help: commander only hands them over.
      .helpOption(false)
      .allowUnknownOption()
      .allowExcessArguments()
      .argument('[options...]')
      .action(async (args: string[]) => {
        const modules = await loadModules()
        let options: MockStartOptions
        try {
          options = modules.parseMockStartOptions(args, io.env)
        } catch (error) {
          throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${modules.mockUsage('travel-portal mock')}`)
        }
        if (options.help) {
          io.stdout.write(modules.mockUsage('travel-portal mock'))
          return
        }
        const { help: _help, ...start } = options
        let handle: MockServerHandle | void
        try {
          handle = await modules.startMockServer(start)
        } catch (error) {
          // A busy port, an unreadable data directory: something to fix, not a crash.
          throw new UsageError(`the mock could not start: ${error instanceof Error ? error.message : String(error)}`)
        }
        const url = handle?.url ?? `http://localhost:${options.port}`
        io.stderr.write(`mock listening on ${url} (Ctrl-C to stop)\n`)
        io.stderr.write(
          `  API ${url}${API_PATH} · control ${options.control ? `${url}/__mock` : 'off (--no-control)'} · debug sign-in ${options.debugLogin ? 'on for every tenant' : 'off'} · demo login ana.garcia@example.com / viaje2026\n`,
        )
        if (handle?.state !== undefined) {
          io.stderr.write(
            `  world ${handle.state === 'restored' ? 'restored from' : handle.state === 'fresh' ? 'fresh from the seed, stored in' : 'seeded, stored in'} ${handle.dataDir ?? '(default data dir)'}\n`,
          )
        }
        await waitForStop()
        await handle?.close()
      })
  )
}

async function loadMockModules(): Promise<MockModules> {
  const [server, startOptions] = await Promise.all([import('../../../mock/src/setups/server.ts'), import('../../../mock/src/setups/start-options.ts')])
  return { startMockServer: server.startMockServer, parseMockStartOptions: startOptions.parseMockStartOptions, mockUsage: startOptions.mockUsage }
}
