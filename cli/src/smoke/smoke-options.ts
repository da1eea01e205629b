// What a smoke run is told: the command line's options, as the run takes them; and the settings its HTML
// report lists.
import { headerVariable, type ResolvedHeader } from '../base/option-parsers.ts'
import type { BrakeAccount } from '../checks/kit/check-options.ts'
import type { SmokeReport } from '../reports/smoke-report.ts'

export type SmokeOptions = {
  baseUrl: string
  contractPath: string
  email?: string
  password?: string
  /** a second customer of the same agency: the leak probe reads the first one's booking as them */
  otherEmail?: string
  otherPassword?: string
  /** --brake-email/--brake-password: an account the sign-in brake may lock out, to see the brake lift after Retry-After */
  brakeAccount?: BrakeAccount
  /** portal URL for the agency lookup and the checkout's return URL (default http://localhost:5173) */
  agencyUrl?: string
  write: boolean
  json: boolean
  junit?: string
  coverageOut?: string
  allowProviders: readonly string[]
  timeoutMs: number
  tenantHeader?: string
  /** replays generated inputs exactly (default: a new one, printed) */
  seed?: number
  /** generated inputs per operation and check */
  examples?: number
  /** an agency id of another tenant, for the tenant check (default: one that does not exist) */
  otherAgencyId?: string
  /** a finding for every operation with a slower answer */
  maxResponseTimeMs?: number
  /** exit 3 when no violation was found but fewer than this share (percent) of the operations worked */
  failUnder?: number
  /** --json FILE: the report written there, beside the human one */
  jsonFile?: string
  /** --har FILE: every exchange, secrets masked */
  har?: string
  /** --html FILE: the report as one self-contained page */
  html?: string
  /** -H: headers for every request */
  headers?: readonly SmokeHeader[]
  /** a pre-issued session token instead of --email/--password */
  token?: string
  caCert?: string
  insecure?: boolean
  /** --rate-limit, in requests per second */
  requestsPerSecond?: number
  /** operationIds or tags: only these are checked and counted (empty: all) */
  include?: readonly string[]
  /** operationIds or tags left out */
  exclude?: readonly string[]
  /** skip what is left after this many failed steps (the clean-up still runs) */
  maxFailures?: number
  /** each step's line as it finishes (default: the summary alone) */
  verbose?: boolean
}

/** A header for every request; `variable` when its value came from the environment (curl lines name it). */
export type SmokeHeader = ResolvedHeader

/** The portal URL the agency lookup and the checkout's return URL use by default. */
export const defaultAgencyUrl = 'http://localhost:5173'

/** Generated inputs per operation and check. */
export const defaultExamples = 10

/** What the run was set to do, as the HTML report lists it: what was set, never a secret's value. */
export function smokeSettings(report: SmokeReport, options: SmokeOptions): Array<{ name: string; value: string }> {
  const settings = [
    { name: 'base URL', value: report.baseUrl },
    { name: 'contract', value: report.contract },
    { name: 'mode', value: report.write ? `--write (what the run made is marked ${report.marker} and canceled)` : 'read-only' },
    {
      name: 'signed in',
      value:
        options.email !== undefined
          ? `as ${options.email} (password masked)`
          : options.token !== undefined
            ? 'with --token (masked)'
            : 'anonymous: only public operations',
    },
    { name: 'second customer', value: options.otherEmail ?? 'none (the owner check needs --other-email)' },
    { name: 'seed', value: `${report.seed} (--seed ${report.seed} replays the generated inputs)` },
  ]
  if (options.agencyUrl !== undefined) settings.push({ name: 'agency URL', value: options.agencyUrl })
  if (options.brakeAccount !== undefined) {
    settings.push({
      name: 'brake account',
      value: `${options.brakeAccount.email} (password masked), locked out on purpose; waits at most ${options.brakeAccount.maxWaitMs / 1000} s`,
    })
  }
  for (const header of options.headers ?? [])
    settings.push({ name: `header ${header.name}`, value: `$${header.variable ?? headerVariable(header.name)} (masked)` })
  if (report.selection !== undefined) {
    settings.push({
      name: 'selection',
      value: `${report.selection.operations} operations; include ${report.selection.include.join(', ') || 'all'}; exclude ${report.selection.exclude.join(', ') || 'none'}`,
    })
  }
  if (options.requestsPerSecond !== undefined) settings.push({ name: 'rate limit', value: `${options.requestsPerSecond} requests/s` })
  if (options.maxResponseTimeMs !== undefined) settings.push({ name: 'max response time', value: `${options.maxResponseTimeMs} ms` })
  if (options.caCert !== undefined) settings.push({ name: 'CA certificate', value: options.caCert })
  if (options.insecure === true) settings.push({ name: 'TLS', value: '--insecure: any certificate accepted' })
  return settings
}
