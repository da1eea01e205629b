// How the mock is started, for `npm run mock` and `travel-portal mock` alike: one parser, one usage text.
// Flags win over environment variables.
import { parseArgs } from 'node:util'

import { DEFAULT_HOST, DEFAULT_PORT, type MockServerOptions } from './server.ts'
import { DEFAULT_DATA_DIR } from '../runtime/sqlite-store.ts'
import { parseTrustedProxies, type TrustedProxies } from '../../../core/client-address.ts'

/** `command` is how the reader starts it: `npm run mock --` or `travel-portal mock`. */
export const mockUsage = (command: string): string => `Usage: ${command} [options]

  --port <n>         port to listen on (env MOCK_PORT, default ${DEFAULT_PORT}; 0 = any free port)
  --host <host>      127.0.0.1, localhost or ::1 (env MOCK_HOST, default ${DEFAULT_HOST})
  --seed <n>         seed of the generated world (env MOCK_SEED); applies when the world is (re)seeded
  --fresh            discard the stored world and start from the seed (env MOCK_FRESH=1)
  --data-dir <dir>   where the world is stored (env MOCK_DATA_DIR, default ${DEFAULT_DATA_DIR})
  --quiet            no line per request (env MOCK_QUIET=1)
  --debug-login      POST /auth/debug signs in as anyone, for every tenant (env MOCK_DEBUG_LOGIN=1);
                     off by default: then only tenants added with debug_login have it
  --no-control       no control API: /__mock does not exist (env MOCK_NO_CONTROL=1). Run any demo
                     that others can reach with it: the control API hands out sign-in links
  --trusted-proxies <list>
                     proxies in front whose X-Forwarded-For names the client the sign-in throttle
                     counts (env MOCK_TRUSTED_PROXIES): addresses, CIDRs, loopback; default none
  -h, --help         this help
`

/** Something to fix on the command line; the message names the option. */
export class MockOptionsError extends Error {
  override readonly name = 'MockOptionsError'
}

export type MockStartOptions = Required<
  Pick<MockServerOptions, 'port' | 'host' | 'fresh' | 'dataDir' | 'quiet' | 'debugLogin' | 'control' | 'trustedProxies'>
> &
  Pick<MockServerOptions, 'seed'> & { help: boolean }

const intOption = (name: string, raw: string | undefined, min: number, max: number): number | undefined => {
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) throw new MockOptionsError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`)
  return value
}

const trustedProxiesOption = (raw: string | undefined): TrustedProxies => {
  try {
    return parseTrustedProxies(raw)
  } catch (error) {
    throw new MockOptionsError((error as Error).message.replace(/^TRUSTED_PROXIES/, '--trusted-proxies'))
  }
}

const flagOption = (raw: string | undefined) => raw !== undefined && /^(1|true|yes|on)$/i.test(raw)

export const parseMockStartOptions = (argv: readonly string[], env: Readonly<Record<string, string | undefined>>): MockStartOptions => {
  let values: ReturnType<typeof parse>['values']
  try {
    values = parse(argv).values
  } catch (error) {
    throw new MockOptionsError(error instanceof Error ? error.message : String(error))
  }
  const host = values.host ?? env['MOCK_HOST'] ?? DEFAULT_HOST
  // Loopback only: the mock has no authentication worth the name and must not face a network.
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new MockOptionsError(`--host must be 127.0.0.1, localhost or ::1, got '${host}'`)
  const seed = intOption('--seed', values.seed ?? env['MOCK_SEED'], 0, 2 ** 31 - 1)
  return {
    help: values.help === true,
    port: intOption('--port', values.port ?? env['MOCK_PORT'], 0, 65_535) ?? DEFAULT_PORT,
    host,
    ...(seed === undefined ? {} : { seed }),
    fresh: values.fresh === true || flagOption(env['MOCK_FRESH']),
    dataDir: values['data-dir'] ?? env['MOCK_DATA_DIR'] ?? DEFAULT_DATA_DIR,
    quiet: values.quiet === true || flagOption(env['MOCK_QUIET']),
    debugLogin: values['debug-login'] === true || flagOption(env['MOCK_DEBUG_LOGIN']),
    control: !(values['no-control'] === true || flagOption(env['MOCK_NO_CONTROL'])),
    trustedProxies: trustedProxiesOption(values['trusted-proxies'] ?? env['MOCK_TRUSTED_PROXIES']),
  }
}

const parse = (argv: readonly string[]) =>
  parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      fresh: { type: 'boolean' },
      'data-dir': { type: 'string' },
      quiet: { type: 'boolean' },
      'debug-login': { type: 'boolean' },
      'no-control': { type: 'boolean' },
      'trusted-proxies': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
