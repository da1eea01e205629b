import { UsageError } from '../base/exit-codes.ts'
import path from 'node:path'

import { Command, Option } from 'commander'

import type { CliIo } from '../base/cli-io.ts'
import {
  collectHeaders,
  collectHttpUrls,
  collectNonEmpty,
  parseBaseUrl,
  parseHttpUrl,
  parseNonEmpty,
  parsePercent,
  parsePositiveInteger,
  parseRate,
  parseSeed,
  resolveHeader,
  type ExtraHeader,
} from '../base/option-parsers.ts'
import { defaultContractPath } from '../base/package-paths.ts'
import { defaultAgencyUrl, defaultExamples } from '../smoke/smoke-options.ts'

type SmokeCommandOptions = {
  baseUrl: string
  email?: string
  password?: string
  otherEmail?: string
  otherPassword?: string
  brakeEmail?: string
  brakePassword?: string
  brakeWait: number
  agencyUrl: string
  write?: boolean
  json?: boolean | string
  verbose?: boolean
  junit?: string
  har?: string
  html?: string
  header?: ExtraHeader[]
  token?: string
  caCert?: string
  insecure?: boolean
  rateLimit?: number
  include?: string[]
  exclude?: string[]
  maxFailures?: number
  allowProvider?: string[]
  coverageOut?: string
  contract: string
  timeout: number
  seed?: number
  examples: number
  otherAgency?: string
  maxResponseTime?: number
  failUnder?: number
}

export function smokeCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  return (
    new Command('smoke')
      .description('check a running API against the contract: the customer journey, then every operation on its own (security, generated inputs, links)')
      .addOption(
        new Option(
          '--base-url <url>',
          "the API's root: any base path as given (https://api.example.com/v2), the host's root with a slash (https://api.example.com/); a bare host gets the contract's /api/customer",
        )
          .makeOptionMandatory()
          .argParser(parseBaseUrl),
      )
      .addOption(new Option('--email <email>', 'customer e-mail for the logged-in steps').argParser(parseNonEmpty))
      // From the environment too, so the password stays out of shell history and `ps`.
      .addOption(new Option('--password <password>', 'customer password').env('TRAVEL_PORTAL_PASSWORD').argParser(parseNonEmpty))
      .addOption(
        new Option('--other-email <email>', "a second customer of the same agency: must get 404 on every operation on the first one's bookings").argParser(
          parseNonEmpty,
        ),
      )
      .addOption(new Option('--other-password <password>', 'password of --other-email').env('TRAVEL_PORTAL_OTHER_PASSWORD').argParser(parseNonEmpty))
      .addOption(
        new Option('--brake-email <email>', 'a throwaway account the sign-in brake check may lock out, to see the lock lift after its Retry-After').argParser(
          parseNonEmpty,
        ),
      )
      .addOption(new Option('--brake-password <password>', 'password of --brake-email').env('TRAVEL_PORTAL_BRAKE_PASSWORD').argParser(parseNonEmpty))
      .addOption(
        new Option('--brake-wait <seconds>', "the longest Retry-After the brake check waits out for --brake-email's lock")
          .default(60)
          .argParser(parsePositiveInteger),
      )
      .addOption(
        new Option('--agency-url <url>', "portal URL: sent to the agency lookup (picks the tenant) and the checkout's return URL")
          .default(defaultAgencyUrl)
          .argParser(parseHttpUrl),
      )
      .option(
        '--write',
        'also send what creates or changes data: the journey books, pays and cancels a booking tagged smoke-<timestamp>, the checks write to it',
      )
      .option('--json [file]', 'write the machine-readable report to FILE beside the summary (without FILE: print it instead of it)')
      .option('--verbose', "print each step's line as it finishes, with its violations in full")
      .option('--junit <file>', 'write a JUnit XML report')
      .option('--har <file>', 'record every exchange (HAR 1.2, secrets masked) to attach to a bug report')
      .option('--html <file>', 'write the report as one self-contained HTML page: the verdict, operations × checks, each finding with its curl')
      .addOption(new Option('--token <token>', 'a pre-issued session token, instead of --email/--password').env('TRAVEL_PORTAL_TOKEN').argParser(parseNonEmpty))
      .addOption(
        new Option(
          '-H, --header <header>',
          "a header for every request, 'Name: value' (repeatable); a value of $VARIABLE is read from the environment and never printed",
        ).argParser(collectHeaders),
      )
      .option('--ca-cert <file>', "trust the CA in this PEM file (besides the system's), e.g. for a staging certificate")
      .option('--insecure', "accept any TLS certificate (a self-signed one): the run's verdict is still checked, the server's identity is not")
      .addOption(
        new Option(
          '--rate-limit <rate>',
          'at most this many requests, like 20/s or 600/m (a gateway limit); 429 with Retry-After is waited out anyway',
        ).argParser(parseRate),
      )
      .addOption(
        new Option(
          '--include <name>',
          'check only these operations (operationId or tag) or run only these checks (round-trip, exposure…) (repeatable)',
        ).argParser(collectNonEmpty),
      )
      .addOption(new Option('--exclude <name>', 'leave out these operations (operationId or tag) or these checks (repeatable)').argParser(collectNonEmpty))
      .addOption(new Option('--max-failures <n>', 'stop after this many failed steps').argParser(parsePositiveInteger))
      .addOption(
        new Option('--allow-provider <url>', 'payment provider URL prefix a payment step may follow (repeatable; loopback is always allowed)').argParser(
          collectHttpUrls,
        ),
      )
      .option('--coverage-out <file>', 'write the (operationId, status) pairs exercised, for `contract coverage`')
      .option('--contract <file>', 'OpenAPI contract', defaultContractPath)
      .addOption(new Option('--timeout <ms>', 'per-request timeout').default(15_000).argParser(parsePositiveInteger))
      .addOption(new Option('--seed <n>', 'replay the generated inputs of an earlier run (every report prints its seed)').argParser(parseSeed))
      .addOption(new Option('--examples <n>', 'generated inputs per operation and check').default(defaultExamples).argParser(parsePositiveInteger))
      .addOption(
        new Option('--other-agency <id>', "another tenant's agency id: its header with this customer's token must be refused").argParser(parseNonEmpty),
      )
      .addOption(new Option('--max-response-time <ms>', 'a finding for every operation with a slower answer').argParser(parsePositiveInteger))
      .addOption(
        new Option('--fail-under <percent>', 'exit 3 when no violation was found but fewer than this share of the operations worked').argParser(parsePercent),
      )
      .action(async (options: SmokeCommandOptions, command: Command) => {
        // A password or token exported in the environment must not turn an anonymous run into an error.
        if (options.email === undefined && command.getOptionValueSource('password') === 'env') delete options.password
        if (options.otherEmail === undefined && command.getOptionValueSource('otherPassword') === 'env') delete options.otherPassword
        if (options.brakeEmail === undefined && command.getOptionValueSource('brakePassword') === 'env') delete options.brakePassword
        if ((options.brakeEmail === undefined) !== (options.brakePassword === undefined)) throw new UsageError('--brake-email and --brake-password go together')
        if (options.email !== undefined && command.getOptionValueSource('token') === 'env') delete options.token
        const headers = (options.header ?? []).map((header) => resolveHeader(header, io.env))
        // Loaded when the command runs: the other commands start without the engine.
        const { runSmoke } = await import('../smoke/run-smoke.ts')
        const code = await runSmoke(
          {
            baseUrl: options.baseUrl,
            contractPath: path.resolve(io.cwd, options.contract),
            ...(options.email === undefined ? {} : { email: options.email }),
            ...(options.password === undefined ? {} : { password: options.password }),
            ...(options.otherEmail === undefined ? {} : { otherEmail: options.otherEmail }),
            ...(options.otherPassword === undefined ? {} : { otherPassword: options.otherPassword }),
            ...(options.brakeEmail === undefined || options.brakePassword === undefined
              ? {}
              : { brakeAccount: { email: options.brakeEmail, password: options.brakePassword, maxWaitMs: options.brakeWait * 1000 } }),
            agencyUrl: options.agencyUrl,
            write: options.write === true,
            verbose: options.verbose === true,
            json: options.json === true,
            ...(typeof options.json === 'string' ? { jsonFile: path.resolve(io.cwd, options.json) } : {}),
            ...(options.har === undefined ? {} : { har: path.resolve(io.cwd, options.har) }),
            ...(options.html === undefined ? {} : { html: path.resolve(io.cwd, options.html) }),
            headers,
            ...(options.token === undefined ? {} : { token: options.token }),
            ...(options.caCert === undefined ? {} : { caCert: path.resolve(io.cwd, options.caCert) }),
            insecure: options.insecure === true,
            ...(options.rateLimit === undefined ? {} : { requestsPerSecond: options.rateLimit }),
            include: options.include ?? [],
            exclude: options.exclude ?? [],
            ...(options.maxFailures === undefined ? {} : { maxFailures: options.maxFailures }),
            ...(options.junit === undefined ? {} : { junit: path.resolve(io.cwd, options.junit) }),
            ...(options.coverageOut === undefined ? {} : { coverageOut: path.resolve(io.cwd, options.coverageOut) }),
            allowProviders: options.allowProvider ?? [],
            timeoutMs: options.timeout,
            examples: options.examples,
            ...(options.seed === undefined ? {} : { seed: options.seed }),
            ...(options.otherAgency === undefined ? {} : { otherAgencyId: options.otherAgency }),
            ...(options.maxResponseTime === undefined ? {} : { maxResponseTimeMs: options.maxResponseTime }),
            ...(options.failUnder === undefined ? {} : { failUnder: options.failUnder }),
          },
          io,
        )
        setExitCode(code)
      })
  )
}
