// `npm run mock`: the mock API server in the foreground. Flags win over environment variables.
import path from 'node:path'
import { parseArgs } from 'node:util'

import { DEFAULT_HOST, DEFAULT_PORT, startMockServer, type MockServer } from './server.ts'
import { DB_FILE, DEFAULT_DATA_DIR } from './store/sqlite-store.ts'
import { DEMO_LOGINS } from './world/seed.ts'

const USAGE = `Usage: npm run mock -- [options]

  --port <n>         port to listen on (env MOCK_PORT, default ${DEFAULT_PORT}; 0 = any free port)
  --host <host>      127.0.0.1 or localhost (env MOCK_HOST, default ${DEFAULT_HOST})
  --seed <n>         seed of the generated world (env MOCK_SEED); applies when the world is (re)seeded
  --fresh            discard the stored world and start from the seed (env MOCK_FRESH=1)
  --data-dir <dir>   where the world is stored (env MOCK_DATA_DIR, default ${DEFAULT_DATA_DIR})
  --quiet            no line per request (env MOCK_QUIET=1)
  --debug-login      POST /auth/debug signs in as anyone, for every tenant (env MOCK_DEBUG_LOGIN=1);
                     off by default: then only tenants added with debug_login have it
  --no-control       no control API: /__mock does not exist (env MOCK_NO_CONTROL=1). Run any demo
                     that others can reach with it: the control API hands out sign-in links
  -h, --help         this help
`

class UsageError extends Error {}

const intOption = (name: string, raw: string | undefined, min: number, max: number): number | undefined => {
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) throw new UsageError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`)
  return value
}

const flagOption = (raw: string | undefined) => raw !== undefined && /^(1|true|yes|on)$/i.test(raw)

const parseOptions = (argv: string[]) => {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      fresh: { type: 'boolean' },
      'data-dir': { type: 'string' },
      quiet: { type: 'boolean' },
      'debug-login': { type: 'boolean' },
      'no-control': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
  const env = process.env
  const host = values.host ?? env['MOCK_HOST'] ?? DEFAULT_HOST
  // Loopback only: the mock has no authentication worth the name and must not face a network.
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new UsageError(`--host must be 127.0.0.1, localhost or ::1, got '${host}'`)
  return {
    help: values.help === true,
    port: intOption('--port', values.port ?? env['MOCK_PORT'], 0, 65_535) ?? DEFAULT_PORT,
    host,
    seed: intOption('--seed', values.seed ?? env['MOCK_SEED'], 0, 2 ** 31 - 1),
    fresh: values.fresh === true || flagOption(env['MOCK_FRESH']),
    dataDir: values['data-dir'] ?? env['MOCK_DATA_DIR'] ?? DEFAULT_DATA_DIR,
    quiet: values.quiet === true || flagOption(env['MOCK_QUIET']),
    debugLogin: values['debug-login'] === true || flagOption(env['MOCK_DEBUG_LOGIN']),
    control: !(values['no-control'] === true || flagOption(env['MOCK_NO_CONTROL'])),
  }
}

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
  API       ${server.url}/api/customer
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
  let options: ReturnType<typeof parseOptions>
  try {
    options = parseOptions(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return 2
  }
  if (options.help) {
    process.stdout.write(USAGE)
    return 0
  }

  let server: MockServer
  try {
    server = await startMockServer({ ...options })
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
