import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { Command, Option } from 'commander'

import { ContractError, loadContract } from '../../../contract/engine/contract-index.ts'
import { createSchemaValidator } from '../../../contract/engine/schema-validator.ts'
import type { CliIo } from '../cli-io.ts'
import { UsageError } from '../exit-codes.ts'
import {
  collectHeaders,
  collectNonEmpty,
  parseBaseUrl,
  parsePort,
  parsePositiveInteger,
  resolveHeader,
  headerVariable,
  type ExtraHeader,
} from '../option-parsers.ts'
import { countLine, findingLine, toProxyJunit } from '../proxy/proxy-report.ts'
import { createValidatingProxy, type ValidatingProxy } from '../proxy/proxy-server.ts'
import { defaultContractPath } from '../repo-paths.ts'
import { writeTextFile } from '../structured-file.ts'
import { writeCoverageFile } from './contract-coverage.ts'
import { toHar } from '../smoke/report/har.ts'
import { resolveApiBaseUrl } from '../smoke/transport/request-parts.ts'
import { untilSignal } from '../until-signal.ts'

// `travel-portal proxy --upstream URL`: the validating proxy in the foreground, between real clients and a
// real backend (cli/src/proxy/proxy-server.ts). It says each new finding as it happens and, when stopped
// (Ctrl-C, SIGTERM), writes the reports it was asked for.

type ProxyCommandOptions = {
  upstream: string
  port: number
  host: string
  contract: string
  errors?: boolean
  header?: ExtraHeader[]
  caCert?: string
  insecure?: boolean
  timeout: number
  json?: string
  junit?: string
  har?: string
  every: number
  fallback: string
  mockOperation?: string[]
  coverageOut?: string
}

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
      const contractPath = path.resolve(io.cwd, options.contract)
      let contract
      try {
        contract = await loadContract(contractPath)
      } catch (error) {
        if (error instanceof ContractError) throw new UsageError(`cannot load the contract: ${error.message}`)
        throw error
      }
      const headers = (options.header ?? []).map((header) => resolveHeader(header, io.env))
      let ca: string | undefined
      if (options.caCert !== undefined) {
        try {
          ca = await readFile(path.resolve(io.cwd, options.caCert), 'utf8')
        } catch (error) {
          throw new UsageError(`cannot read --ca-cert ${options.caCert}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
        }
      }
      const statuses = options.fallback === 'none' ? [] : options.fallback.split(',').map((value) => Number(value.trim()))
      if (statuses.some((status) => !Number.isInteger(status) || status < 100 || status > 599)) {
        throw new UsageError(`--fallback ${options.fallback}: statuses (like 501,404) or none`)
      }
      for (const operationId of options.mockOperation ?? []) {
        if (!contract.operations.has(operationId)) throw new UsageError(`--mock-operation ${operationId}: the contract has no such operationId`)
      }
      // The mock's world starts with the first request it must answer (a fresh world, in a directory of its own).
      let shutdown: () => void = () => undefined
      const shutdownAsked = new Promise<void>((resolve) => (shutdown = resolve))
      const fallback = statuses.length > 0 || (options.mockOperation ?? []).length > 0 ? startFallbackMock() : undefined
      const proxy = createValidatingProxy({
        contract,
        validator: createSchemaValidator(contract),
        upstream: resolveApiBaseUrl(options.upstream, contract.basePath),
        mode: options.errors === true ? 'errors' : 'report',
        headers: Object.fromEntries(headers.map((header) => [header.name, header.value])),
        timeoutMs: options.timeout,
        tls: { ...(ca === undefined ? {} : { ca }), insecure: options.insecure === true },
        keepExchanges: options.har !== undefined,
        onFinding: (finding) => io.stderr.write(`${findingLine(finding)}\n`),
        onShutdown: () => shutdown(),
        ...(fallback === undefined ? {} : { fallback: { statuses, operations: options.mockOperation ?? [], mockUrl: fallback.url } }),
      })
      await new Promise<void>((resolve, reject) => {
        proxy.server.once('error', (error) => reject(new UsageError(`the proxy could not listen on ${options.host}:${options.port}: ${error.message}`)))
        proxy.server.listen(options.port, options.host, resolve)
      })
      const address = proxy.server.address()
      const port = typeof address === 'object' && address !== null ? address.port : options.port
      const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`
      io.stderr.write(
        `proxy listening on ${url}${contract.basePath} → ${resolveApiBaseUrl(options.upstream, contract.basePath)} (${options.errors === true ? '--errors: refused requests and broken answers are answered by the proxy' : 'report only: traffic passes unchanged'}); report: ${url}/__proxy/report\n`,
      )
      onListening?.(proxy, url)
      const timer = options.every > 0 ? setInterval(() => io.stderr.write(`${countLine(proxy.report())}\n`), options.every * 1000) : undefined
      timer?.unref()
      await Promise.race([waitForStop(), shutdownAsked])
      if (timer !== undefined) clearInterval(timer)
      const report = proxy.report()
      await proxy.close()
      await fallback?.close()
      io.stderr.write(`${countLine(report)}\n`)
      const secrets = new Map(headers.map((header) => [header.value, header.variable ?? headerVariable(header.name)]))
      const write = (file: string, content: string) => writeTextFile(path.resolve(io.cwd, file), content)
      if (options.json !== undefined) await write(options.json, `${JSON.stringify(report, null, 2)}\n`)
      if (options.junit !== undefined) await write(options.junit, toProxyJunit(report))
      if (options.coverageOut !== undefined) await writeCoverageFile(path.resolve(io.cwd, options.coverageOut), `proxy ${report.upstream}`, report.coverage)
      if (options.har !== undefined) await write(options.har, `${JSON.stringify(toHar([...proxy.exchanges], secrets, 'proxy'), null, 2)}\n`)
    })
}

/** The mock, in this process, started once on first use: what the proxy falls back to. */
function startFallbackMock(): { url(): Promise<string>; close(): Promise<void> } {
  let started: Promise<{ url: string; close(): Promise<void>; dataDir: string }> | undefined
  const start = async () => {
    const [{ startMockServer }, dataDir] = await Promise.all([import('../../../mock/src/transport/server.ts'), mkdtemp(path.join(tmpdir(), 'proxy-mock-'))])
    const server = await startMockServer({ port: 0, host: '127.0.0.1', fresh: true, dataDir, quiet: true, log: () => undefined })
    return { url: server.url, close: () => server.close(), dataDir }
  }
  return {
    url: async () => (await (started ??= start())).url,
    close: async () => {
      if (started === undefined) return
      const server = await started
      await server.close()
      await rm(server.dataDir, { recursive: true, force: true })
    },
  }
}
