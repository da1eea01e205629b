import { Command, Option } from 'commander'

import type { CliIo } from '../base/cli-io.ts'
import { collectHeaders, collectNonEmpty, parseBaseUrl, parsePort, parsePositiveInteger } from '../base/option-parsers.ts'
import type { ValidatingProxy } from '../proxy/proxy-server.ts'
import type { ProxyCommandOptions } from '../proxy/run-proxy.ts'
import { defaultContractPath } from '../base/package-paths.ts'
import { untilSignal } from '../base/until-signal.ts'

// `travel-portal proxy --upstream URL`: the validating proxy in the foreground, between real clients and a
// real backend. This module only reads the options; cli/src/proxy/run-proxy.ts runs it.

export function proxyCommand(io: CliIo, waitForStop: () => Promise<void> = untilSignal, onListening?: (proxy: ValidatingProxy, url: string) => void): Command {
  return new Command('proxy')
    .description('a validating proxy: passes every request under the API to --upstream unchanged and checks both ways against the contract')
    .addOption(
      new Option('--upstream <url>', "the backend's API root (any base path; a bare host gets the contract's /api/customer)")
        .makeOptionMandatory()
        .argParser(parseBaseUrl),
    )
    .addOption(new Option('--port <port>', 'port to listen on (0: any free one)').default(3334).argParser((value) => (value === '0' ? 0 : parsePort(value))))
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--contract <file>', 'OpenAPI contract', defaultContractPath)
    .option('--errors', 'answer a request the contract refuses with its 400/422 Error (not passed on), and a broken answer with a 502 naming what broke')
    .addOption(
      new Option(
        '-H, --header <header>',
        "a header added to every request passed on, 'Name: value' (repeatable); $VARIABLE is read from the environment",
      ).argParser(collectHeaders),
    )
    .option('--ca-cert <file>', "trust the CA in this PEM file (besides the system's) for an https upstream")
    .option('--insecure', 'accept any TLS certificate from the upstream')
    .addOption(new Option('--timeout <ms>', 'how long the upstream may take to answer; then 504').default(30_000).argParser(parsePositiveInteger))
    .option('--json <file>', 'write the report (findings, coverage) when stopped')
    .option('--html <file>', 'write the report as one self-contained HTML page when stopped: operations × checks, each finding with its curl')
    .option('--junit <file>', 'write a JUnit XML report when stopped (one testcase per operation seen)')
    .option('--har <file>', 'record every exchange (HAR 1.2, secrets masked) and write it when stopped')
    .addOption(new Option('--every <seconds>', 'print a count of exchanges and findings this often (0: never)').default(30).argParser((value) => Number(value)))
    .option(
      '--fallback <statuses>',
      "upstream statuses that mean 'not implemented here', answered by the mock's world instead (comma-separated, e.g. 501,404; none: never)",
      '501',
    )
    .addOption(new Option('--mock-operation <operationId>', 'an operation always answered by the mock (repeatable)').argParser(collectNonEmpty))
    .option('--coverage-out <file>', 'write the (operationId, status) pairs seen when stopped, for `contract coverage`')
    .action(async (options: ProxyCommandOptions) => {
      // Loaded when the command runs: the other commands start without the engine.
      const { runProxy } = await import('../proxy/run-proxy.ts')
      await runProxy(options, io, waitForStop, onListening)
    })
}
