import { UsageError } from './exit-codes.ts'
import { InvalidArgumentError } from 'commander'

// Commander value parsers. Throwing InvalidArgumentError makes commander print
// "error: option '--port <port>' argument 'x' is invalid. <our message>", which
// runCli turns into exit 2.

export function parsePort(value: string): number {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) {
    throw new InvalidArgumentError('must be a port number between 1 and 65535.')
  }
  return port
}

export function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError('must be an integer.')
  return Number(value)
}

export function parsePositiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new InvalidArgumentError('must be a positive integer.')
  }
  return Number(value)
}

export function parseHttpUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidArgumentError('must be an absolute http(s) URL like http://localhost:3333.')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError('must be an http(s) URL.')
  }
  return url.toString().replace(/\/+$/, '')
}

/** For repeatable options (`--allow-provider A --allow-provider B`). */
export function collectHttpUrls(value: string, previous: readonly string[] | undefined): string[] {
  return [...(previous ?? []), parseHttpUrl(value)]
}

export function parseNonEmpty(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('must not be empty.')
  return value
}

export function parsePercent(value: string): number {
  const number = Number(value)
  if (!/^\d+(\.\d+)?$/.test(value) || number > 100) throw new InvalidArgumentError('must be a percentage between 0 and 100.')
  return number
}

/** A run's seed as printed in its report: a 32-bit integer. */
export function parseSeed(value: string): number {
  if (!/^-?\d+$/.test(value) || Math.abs(Number(value)) > 2 ** 31) throw new InvalidArgumentError('must be an integer, as printed by an earlier run.')
  return Number(value)
}

/** --base-url as written: `http://host/` (the root) and `http://host` (the contract's base path) differ. */
export function parseBaseUrl(value: string): string {
  parseHttpUrl(value)
  return value.trim()
}

/** A header to send on every request, `Name: value`; a value of `$VAR` is read from the environment when the run starts. */
export type ExtraHeader = { name: string; value: string }

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export function collectHeaders(value: string, previous: readonly ExtraHeader[] | undefined): ExtraHeader[] {
  const colon = value.indexOf(':')
  const name = colon < 0 ? '' : value.slice(0, colon).trim()
  if (!headerName.test(name)) throw new InvalidArgumentError("must be 'Name: value' (the value may be $VARIABLE, read from the environment).")
  return [...(previous ?? []), { name, value: value.slice(colon + 1).trim() }]
}

/** `--rate-limit 20/s` (or `/m`, `/h`; a bare number is per second): requests per second. */
export function parseRate(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(?:\/(s|m|h))?$/.exec(value.trim())
  const count = Number(match?.[1])
  if (match === null || !(count > 0)) throw new InvalidArgumentError('must be a number of requests per second, minute or hour, like 20/s or 600/m.')
  return count / { s: 1, m: 60, h: 3600 }[(match[2] ?? 's') as 's' | 'm' | 'h']
}

/** For repeatable list options (`--include getBooking --include payments`). */
export function collectNonEmpty(value: string, previous: readonly string[] | undefined): string[] {
  return [...(previous ?? []), parseNonEmpty(value)]
}

/** An -H header as sent: its value, and the environment variable it came from (named in curl lines, never printed). */
export type ResolvedHeader = { name: string; value: string; variable?: string }

/** `$VAR`/`${VAR}` from the environment (named in curl lines, never printed); anything else as given (masked in curl lines). */
export function resolveHeader(header: ExtraHeader, env: NodeJS.ProcessEnv): ResolvedHeader {
  const variable = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(header.value)?.[1]
  if (variable === undefined) return { name: header.name, value: header.value }
  const value = env[variable]
  if (value === undefined || value === '') throw new UsageError(`-H ${header.name}: $${variable} is not set in the environment`)
  return { name: header.name, value, variable }
}

/** `X-Api-Key` → `TRAVEL_PORTAL_HEADER_X_API_KEY`: the variable curl lines and HARs print for an -H value given as is. */
export const headerVariable = (name: string) => `TRAVEL_PORTAL_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`
