// `npm run mock`: the mock API server in the foreground. Flags win over environment variables.
import path from 'node:path'

import { API_PATH } from '../../contract/generated/api-operations.ts'
import { startMockServer, type MockServer } from './setups/server.ts'
import { mockUsage, parseMockStartOptions, type MockStartOptions } from './setups/start-options.ts'
import { DB_FILE } from './runtime/sqlite-store.ts'
import { DEMO_LOGINS } from './world/seed/demo-accounts.ts'

const table = (rows: string[][]): string => {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)))
  return rows
    .map((row) =>
      row
        .map((cell, col) => cell.padEnd(widths[col]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

const banner = (server: MockServer, startedMs: number): string => {
  const stateLine = {
    restored: `restored the stored world (seed ${server.runtime.world.seed}); --fresh starts over`,
    seeded: `no stored world: seeded a new one (seed ${server.runtime.world.seed})`,
    fresh: `fresh world from seed ${server.runtime.world.seed} (the stored one was discarded)`,
  }[server.state]
  const logins = table([
    ['AGENCY', 'PORTAL', 'E-MAIL', 'PASSWORD', 'WHAT'],
    ...DEMO_LOGINS.map((l) => [l.agency, `http://${l.host}:5173`, l.email, l.password, l.what]),
  ])
  return `
Mock API listening on ${server.url}  (${Math.round(startedMs)} ms)
  API       ${server.url}${API_PATH}
  control   ${server.control ? `${server.url}/__mock  (scenarios, reset, tenants, outbox, journal, health)` : 'off (--no-control)'}
  debug     ${server.runtime.options.debugLogin ? 'POST /auth/debug on for every tenant (--debug-login)' : 'POST /auth/debug off (on per tenant, or with --debug-login)'}
  state     ${stateLine}
  stored in ${path.resolve(server.dataDir, DB_FILE)}  (sqlite3 opens it)

Demo logins:
${logins}

Ctrl-C to stop.
`
}

const main = async (): Promise<number> => {
  const started = performance.now()
  let options: MockStartOptions
  try {
    options = parseMockStartOptions(process.argv.slice(2), process.env)
  } catch (error) {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n\n${mockUsage('npm run mock --')}`)
    return 2
  }
  if (options.help) {
    process.stdout.write(mockUsage('npm run mock --'))
    return 0
  }

  let server: MockServer
  try {
    const { help: _help, ...start } = options
    server = await startMockServer(start)
  } catch (error) {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  process.stdout.write(banner(server, performance.now() - started))

  // A mock that dies takes the portal and the e2e run with it: log stray errors and keep serving.
  process.on('uncaughtException', (error) => console.error('[mock] uncaught exception (still running):', error))
  process.on('unhandledRejection', (reason) => console.error('[mock] unhandled rejection (still running):', reason))

  return new Promise<number>((resolve) => {
    let stopping = false
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        // A second Ctrl-C means now. Every acknowledged write is already on disk.
        process.exit(130)
      }
      stopping = true
      process.stdout.write(`\n${signal}: stopping the mock…\n`)
      server.close().then(
        () => resolve(0),
        (error: unknown) => {
          console.error('[mock] error while stopping:', error)
          resolve(1)
        },
      )
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}

process.exitCode = await main()
