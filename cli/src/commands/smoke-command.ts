import path from 'node:path'

import { Command, Option } from 'commander'

import type { CliIo } from '../cli-io.ts'
import { collectHttpUrls, parseHttpUrl, parseNonEmpty, parsePercent, parsePositiveInteger, parseSeed } from '../option-parsers.ts'
import { defaultContractPath } from '../repo-paths.ts'
import { defaultAgencyUrl, defaultExamples, runSmoke } from '../smoke/run-smoke.ts'

type SmokeCommandOptions = {
  baseUrl: string
  email?: string
  password?: string
  otherEmail?: string
  otherPassword?: string
  agencyUrl: string
  write?: boolean
  json?: boolean
  junit?: string
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
        new Option('--base-url <url>', "API URL (the contract's base path is added when the URL has no path)").makeOptionMandatory().argParser(parseHttpUrl),
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
        new Option('--agency-url <url>', "portal URL: sent to the agency lookup (picks the tenant) and the checkout's return URL")
          .default(defaultAgencyUrl)
          .argParser(parseHttpUrl),
      )
      .option(
        '--write',
        'also send what creates or changes data: the journey books, pays and cancels a booking tagged smoke-<timestamp>, the checks write to it',
      )
      .option('--json', 'print a machine-readable report instead of step lines')
      .option('--junit <file>', 'write a JUnit XML report')
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
      .addOption(new Option('--fail-under <percent>', 'exit 2 when fewer than this share of the operations were tested').argParser(parsePercent))
      .action(async (options: SmokeCommandOptions, command: Command) => {
        // A password exported in the environment must not turn an anonymous run into an error.
        if (options.email === undefined && command.getOptionValueSource('password') === 'env') delete options.password
        if (options.otherEmail === undefined && command.getOptionValueSource('otherPassword') === 'env') delete options.otherPassword
        const code = await runSmoke(
          {
            baseUrl: options.baseUrl,
            contractPath: path.resolve(io.cwd, options.contract),
            ...(options.email === undefined ? {} : { email: options.email }),
            ...(options.password === undefined ? {} : { password: options.password }),
            ...(options.otherEmail === undefined ? {} : { otherEmail: options.otherEmail }),
            ...(options.otherPassword === undefined ? {} : { otherPassword: options.otherPassword }),
            agencyUrl: options.agencyUrl,
            write: options.write === true,
            json: options.json === true,
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
