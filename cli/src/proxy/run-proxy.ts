import { contractFileToRead } from '../base/package-paths.ts'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { ContractError, loadContract } from '../../../contract/engine/contract-index.ts'
import { createSchemaValidator } from '../../../contract/engine/schema-validator.ts'
import type { CliIo } from '../base/cli-io.ts'
import { UsageError } from '../base/exit-codes.ts'
import { resolveHeader, headerVariable, type ExtraHeader } from '../base/option-parsers.ts'
import { countLine, findingLine, toProxyJunit } from '../reports/proxy-report.ts'
import { createValidatingProxy, type ValidatingProxy } from './proxy-server.ts'
import { writeTextFile } from '../base/structured-file.ts'
import { writeCoverageFile } from '../reports/coverage.ts'
import { toHar } from '../reports/har.ts'
import { proxyHtml } from '../reports/html/proxy-html.ts'
import { resolveApiBaseUrl } from '../transport/request-parts.ts'

// `travel-portal proxy --upstream URL` once its options are read (cli/src/commands/proxy-command.ts): the
// validating proxy in the foreground (proxy-server.ts). It says each new finding as it happens and, when
// stopped (Ctrl-C, SIGTERM), writes the reports it was asked for.

export type ProxyCommandOptions = {
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
  html?: string
  junit?: string
  har?: string
  every: number
  fallback: string
  mockOperation?: string[]
  coverageOut?: string
}

export async function runProxy(
  options: ProxyCommandOptions,
  io: CliIo,
  waitForStop: () => Promise<void>,
  onListening?: (proxy: ValidatingProxy, url: string) => void,
): Promise<void> {
  const contractPath = path.resolve(io.cwd, options.contract)
  let contract
  try {
    contract = await loadContract(contractFileToRead(contractPath))
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
  if (options.html !== undefined) await write(options.html, proxyHtml(report, [...contract.operations.keys()], proxySettings(options, contractPath, headers)))
  if (options.har !== undefined) await write(options.har, `${JSON.stringify(toHar([...proxy.exchanges], secrets, 'proxy'), null, 2)}\n`)
}

/** The mock, in this process, started once on first use: what the proxy falls back to. */
function startFallbackMock(): { url(): Promise<string>; close(): Promise<void> } {
  let started: Promise<{ url: string; close(): Promise<void>; dataDir: string }> | undefined
  const start = async () => {
    const [{ startMockServer }, dataDir] = await Promise.all([import('../../../mock/src/setups/server.ts'), mkdtemp(path.join(tmpdir(), 'proxy-mock-'))])
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

/** What the session was started with, as the HTML report shows it: header values masked. */
function proxySettings(
  options: ProxyCommandOptions,
  contractPath: string,
  headers: ReadonlyArray<{ name: string; variable?: string }>,
): Array<{ name: string; value: string }> {
  return [
    { name: 'upstream', value: options.upstream },
    { name: 'contract', value: contractPath },
    {
      name: 'mode',
      value: options.errors === true ? '--errors: refused requests and broken answers answered by the proxy' : 'report only: traffic passed unchanged',
    },
    { name: 'upstream timeout', value: `${options.timeout} ms` },
    { name: 'fallback to the mock', value: `statuses ${options.fallback}; operations ${(options.mockOperation ?? []).join(', ') || 'none'}` },
    ...headers.map((header) => ({ name: `header ${header.name}`, value: `$${header.variable ?? headerVariable(header.name)} (masked)` })),
    ...(options.caCert === undefined ? [] : [{ name: 'CA certificate', value: options.caCert }]),
    ...(options.insecure === true ? [{ name: 'TLS', value: '--insecure: any certificate accepted' }] : []),
  ]
}
