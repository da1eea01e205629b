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
