import { Option } from 'commander'

import { exitCodes, UsageError } from '../base/exit-codes.ts'
import { MockControlError } from '../mock-control/mock-control.ts'
import { parseHttpUrl, parseNonEmpty } from '../base/option-parsers.ts'

export const defaultMockUrl = 'http://localhost:3333'

export function mockUrlOption(): Option {
  return new Option('--mock-url <url>', 'base URL of the mock server').default(defaultMockUrl).env('TRAVEL_PORTAL_MOCK_URL').argParser(parseHttpUrl)
}

export function tenantScopeOption(): Option {
  return new Option('--tenant <id>', 'scope to one tenant (agency id)').argParser(parseNonEmpty)
}

/**
 * Maps control-API failures onto the exit-code contract: an unreachable mock
 * or a rejected request is something the user fixes (2); a 5xx or garbage
 * answer means the mock itself misbehaved (1).
 */
export function toCliError(error: unknown): unknown {
  if (!(error instanceof MockControlError)) return error
  const exitCode = error.kind === 'server' || error.kind === 'bad-response' ? exitCodes.violations : exitCodes.usage
  return new UsageError(error.message, exitCode)
}

export async function withControlErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw toCliError(error)
  }
}
