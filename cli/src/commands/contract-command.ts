import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

import { Command, Option } from 'commander'

import { coloursFor, type CliIo } from '../base/cli-io.ts'
import { exitCodes, UsageError } from '../base/exit-codes.ts'
import { parsePercent } from '../base/option-parsers.ts'
import { defaultContractPath, redoclyBinPath, packageRoot } from '../base/package-paths.ts'
import type { ContractIndex } from '../../../contract/engine/contract-index.ts'
import type { ContractChange } from './contract-diff.ts'
import type { CoverageEntry } from '../reports/coverage.ts'

// Each action loads what it runs when it runs (the engine, YAML, the differ), so the other commands start without them.

type CoverageOptions = { from?: string[]; journal?: string[]; probes?: string | boolean; contract: string; json?: boolean; failUnder?: number }

export const defaultProbesDir = path.join(packageRoot, 'tests', 'contract', 'probes')

/** `http://localhost:3333` (a mock's root) means its journal: /__mock/journal, as much as it keeps. */
export function journalLocation(input: string): string {
  if (!/^https?:\/\//.test(input)) return input
  const url = new URL(input)
  if (url.pathname === '/' || url.pathname === '') {
    url.pathname = '/__mock/journal'
    if (!url.searchParams.has('limit')) url.searchParams.set('limit', '500')
  }
  return url.href
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

export function contractCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  const contract = new Command('contract').description('checks on contract/openapi.yaml')

  contract
    .command('lint')
    .description('lint the contract with redocly')
    .argument('[file]', 'OpenAPI file', defaultContractPath)
    .action(async (file: string) => {
      const target = path.resolve(io.cwd, file)
      if (!existsSync(target)) throw new UsageError(`contract not found: ${target}`)
      if (!existsSync(redoclyBinPath)) {
        // The installed package leaves redocly out (it is most of a checkout's weight); redocly's own package runs the same lint.
        throw new UsageError(`contract lint runs redocly, which only a checkout of the repository carries; run npx @redocly/cli lint ${target}`)
      }
      setExitCode(await runRedocly(['lint', target], io))
    })

  contract
    .command('coverage')
    .description('table of operations x declared statuses exercised, from smoke coverage files and/or the mock journal')
    .option('--from <file>', 'coverage file written by `smoke --coverage-out` (repeatable)', collect)
    .option('--journal <file-or-url>', "mock request journal: JSON, JSON lines, an http URL serving it, or the mock's root URL (repeatable)", collect)
    .option('--probes [dir]', `the contract test's probes, read statically (default ${path.relative(packageRoot, defaultProbesDir)})`)
    .option('--contract <file>', 'OpenAPI contract', defaultContractPath)
    .option('--json', 'print the matrix as JSON')
    .addOption(new Option('--fail-under <percent>', 'exit 1 when fewer declared (operation, status) pairs were exercised').argParser(parsePercent))
    .action(async (options: CoverageOptions) => {
      const inputs = [
        ...(options.from ?? []).map((input) => ({ input, source: 'smoke' as const })),
        ...(options.journal ?? []).map((input) => ({ input: journalLocation(input), source: 'journal' as const })),
      ]
      if (inputs.length === 0 && options.probes === undefined) throw new UsageError('give at least one --from coverage file, --journal or --probes')
      const { buildCoverageMatrix, coverageFromProbes, coveragePercent, mergeEntries, readCoverageInput, renderCoverageMatrix, withSource } =
        await import('../reports/coverage.ts')
      const index = await loadContractOrExplain(path.resolve(io.cwd, options.contract))
      const entries: CoverageEntry[] = []
      let unmatched = 0
      for (const { input, source } of inputs) {
        const parsed = await readCoverageInput(/^https?:\/\//.test(input) ? input : path.resolve(io.cwd, input), index)
        entries.push(...withSource(parsed.entries, source))
        unmatched += parsed.unmatched
      }
      if (options.probes !== undefined) {
        const dir = typeof options.probes === 'string' ? path.resolve(io.cwd, options.probes) : defaultProbesDir
        const parsed = await coverageFromProbes(dir, index)
        entries.push(...withSource(parsed.entries, 'probes'))
        if (parsed.unmatched > 0)
          io.stderr.write(`warning: ${parsed.unmatched} probe${parsed.unmatched === 1 ? '' : 's'} name an operation the contract does not have (ignored)\n`)
      }
      const matrix = buildCoverageMatrix(index, mergeEntries(entries))
      if (options.json) {
        io.stdout.write(`${JSON.stringify({ ...matrix, percent: coveragePercent(matrix), unmatchedJournalEntries: unmatched }, null, 2)}\n`)
      } else {
        io.stdout.write(renderCoverageMatrix(matrix, coloursFor(io.stdout, io.env)))
        if (unmatched > 0) io.stdout.write(`${unmatched} journal entr${unmatched === 1 ? 'y' : 'ies'} matched no operation (ignored)\n`)
      }
      if (options.failUnder !== undefined && coveragePercent(matrix) < options.failUnder) {
        io.stderr.write(`error: coverage ${coveragePercent(matrix)}% is under ${options.failUnder}%\n`)
        setExitCode(exitCodes.violations)
      }
    })

  contract
    .command('diff')
    .description('changes between two versions of the contract that break its clients or backends; exits 1 on any')
    .argument('<base>', 'the version clients and backends have: a file, or a git ref (its --path)')
    .argument('[revision]', 'the new version: a file or a git ref', path.relative(io.cwd, defaultContractPath) || defaultContractPath)
    .option('--path <file>', 'where the contract is inside a git ref', path.relative(packageRoot, defaultContractPath))
    .option('--json', 'print the changes as JSON')
    .action(async (base: string, revision: string, options: { path: string; json?: boolean }) => {
      const [{ readContractVersion }, { diffContracts }] = await Promise.all([import('../base/contract-version.ts'), import('./contract-diff.ts')])
      const [before, after] = await Promise.all([readContractVersion(base, io.cwd, options.path), readContractVersion(revision, io.cwd, options.path)])
      const diff = diffContracts(before, after)
      if (options.json) io.stdout.write(`${JSON.stringify({ base, revision, ...diff }, null, 2)}\n`)
      else io.stdout.write(renderContractDiff(base, revision, diff.breaking, diff.compatible, diff.unclassified))
      if (diff.breaking.length > 0) setExitCode(exitCodes.violations)
    })

  return contract
}

function renderContractDiff(base: string, revision: string, breaking: ContractChange[], compatible: ContractChange[], unclassified: ContractChange[]): string {
  const line = (change: ContractChange) => `  ${change.operation ?? '(document)'}: ${change.description}\n`
  const section = (title: string, changes: ContractChange[]) => (changes.length === 0 ? '' : `${title}\n${changes.map(line).join('')}`)
  return [
    `contract diff ${base} → ${revision}: ${breaking.length} breaking, ${compatible.length} compatible, ${unclassified.length} unclassified\n`,
    section('breaking (clients or backends built on the base stop working):', breaking),
    section('compatible:', compatible),
    section('unclassified (no rule judges these; check them by hand):', unclassified),
    breaking.length === 0 ? 'no breaking change\n' : '',
  ].join('')
}

async function loadContractOrExplain(file: string): Promise<ContractIndex> {
  const { ContractError, loadContract } = await import('../../../contract/engine/contract-index.ts')
  try {
    return await loadContract(file)
  } catch (error) {
    if (error instanceof ContractError) throw new UsageError(`cannot load the contract: ${error.message}`)
    throw error
  }
}

// Run through our own (pinned) Node rather than the bin's shebang, which
// would pick whatever `node` is first on PATH.
function runRedocly(args: readonly string[], io: CliIo): Promise<number> {
  return new Promise((resolve, reject) => {
    // From the repo root, so a redocly.yaml there is picked up wherever the CLI runs from.
    const child = spawn(process.execPath, [redoclyBinPath, ...args], {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...io.env } as NodeJS.ProcessEnv,
    })
    child.stdout.on('data', (chunk: Buffer) => io.stdout.write(chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => io.stderr.write(chunk.toString()))
    child.on('error', reject)
    // redocly exits 1 on lint errors: that is our "violations" too.
    child.on('close', (code) => resolve(code === 0 ? exitCodes.ok : exitCodes.violations))
  })
}
