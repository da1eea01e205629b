import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { CallRecord } from '../transport/api-types.ts'
import type { ContractIndex } from '../../../contract/engine/contract-index.ts'
import { findOperationByRoute } from '../../../contract/engine/contract-routes.ts'
import { matchStatusKey } from '../../../contract/engine/response-checker.ts'
import type { Colours } from '../base/cli-io.ts'
import { UsageError } from '../base/exit-codes.ts'

// Which (operation, status) pairs were exercised: written by `smoke
// --coverage-out`, read back (together with the mock's request journal) by
// `contract coverage`, which shows them against every declared status.

export type CoverageEntry = {
  operationId: string
  method: string
  path: string
  status: number
  count: number
  /** where it was seen (smoke, journal, probes), when inputs are combined */
  sources?: string[]
}

/** What `contract coverage` reads, and the letter each shows in the table when several are combined. */
export const coverageSources = { smoke: 'S', journal: 'J', probes: 'P' } as const
export type CoverageSource = keyof typeof coverageSources

export function withSource(entries: readonly CoverageEntry[], source: CoverageSource): CoverageEntry[] {
  return entries.map((entry) => ({ ...entry, sources: [source] }))
}

export type CoverageFile = {
  coverageVersion: 1
  source: string
  generatedAt: string
  entries: CoverageEntry[]
}

export function mergeEntries(entries: readonly CoverageEntry[]): CoverageEntry[] {
  const merged = new Map<string, CoverageEntry>()
  for (const entry of entries) {
    const key = `${entry.operationId} ${entry.status}`
    const existing = merged.get(key)
    if (existing === undefined) merged.set(key, { ...entry, ...(entry.sources === undefined ? {} : { sources: [...entry.sources] }) })
    else {
      existing.count += entry.count
      if (entry.sources !== undefined) existing.sources = [...new Set([...(existing.sources ?? []), ...entry.sources])].sort()
    }
  }
  return [...merged.values()].sort((a, b) => a.operationId.localeCompare(b.operationId) || a.status - b.status)
}

export function coverageFromCalls(contract: ContractIndex, calls: readonly CallRecord[]): CoverageEntry[] {
  return mergeEntries(
    calls
      .filter((call): call is CallRecord & { status: number } => call.status !== undefined && call.external !== true)
      .map((call) => ({
        operationId: call.operationId,
        method: call.method,
        path: contract.operations.get(call.operationId)?.path ?? new URL(call.url).pathname,
        status: call.status,
        count: 1,
      })),
  )
}

export async function writeCoverageFile(file: string, source: string, entries: readonly CoverageEntry[]): Promise<void> {
  const content: CoverageFile = { coverageVersion: 1, source, generatedAt: new Date().toISOString(), entries: [...entries] }
  await mkdir(path.dirname(path.resolve(file)), { recursive: true })
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`)
}

export type CoverageInput = {
  entries: CoverageEntry[]
  /** journal lines that matched no operation (wrong base path, control API ...) */
  unmatched: number
}

type JournalItem = Record<string, unknown>

/**
 * Reads a coverage file of ours, or a request journal: a JSON array, an object
 * wrapping one ({entries|journal|requests|items: [...]}) or JSON lines, each
 * item with method, path or url, status (or statusCode / response.status), and
 * optionally operationId.
 * TODO(mock): pin this to the mock's real journal format once it lands.
 */
export function parseCoverageInput(text: string, source: string, contract: ContractIndex): CoverageInput {
  const data = parseJsonOrLines(text, source)
  if (isRecord(data) && data['coverageVersion'] === 1 && Array.isArray(data['entries'])) {
    return { entries: mergeEntries(data['entries'] as CoverageEntry[]), unmatched: 0 }
  }
  const items = journalItems(data)
  if (items === undefined) throw new UsageError(`${source} is neither a coverage file nor a request journal`)
  const entries: CoverageEntry[] = []
  let unmatched = 0
  for (const item of items) {
    const method = typeof item['method'] === 'string' ? item['method'].toLowerCase() : undefined
    const status = statusOf(item)
    const rawPath = typeof item['path'] === 'string' ? item['path'] : typeof item['url'] === 'string' ? pathOf(item['url']) : undefined
    const byId = typeof item['operationId'] === 'string' ? contract.operations.get(item['operationId']) : undefined
    const operation = byId ?? (method !== undefined && rawPath !== undefined ? findOperationByRoute(contract, method, rawPath) : undefined)
    if (operation === undefined || status === undefined) {
      unmatched += 1
      continue
    }
    entries.push({ operationId: operation.operationId, method: operation.method.toUpperCase(), path: operation.path, status, count: 1 })
  }
  return { entries: mergeEntries(entries), unmatched }
}

export async function readCoverageInput(fileOrUrl: string, contract: ContractIndex): Promise<CoverageInput> {
  let text: string
  if (/^https?:\/\//.test(fileOrUrl)) {
    try {
      const response = await fetch(fileOrUrl, { signal: AbortSignal.timeout(10_000) })
      if (!response.ok) throw new Error(`answered ${response.status}`)
      text = await response.text()
    } catch (error) {
      throw new UsageError(`cannot read the journal at ${fileOrUrl}: ${(error as Error).message}`)
    }
  } else {
    try {
      text = await readFile(fileOrUrl, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      throw new UsageError(code === 'ENOENT' ? `file not found: ${fileOrUrl}` : `cannot read ${fileOrUrl}: ${(error as Error).message}`)
    }
  }
  return parseCoverageInput(text, fileOrUrl, contract)
}

function parseJsonOrLines(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    const lines = text.split('\n').filter((line) => line.trim() !== '')
    try {
      return lines.map((line) => JSON.parse(line) as unknown)
    } catch {
      throw new UsageError(`${source} is not JSON or JSON lines`)
    }
  }
}

function journalItems(data: unknown): JournalItem[] | undefined {
  const list = Array.isArray(data) ? data : isRecord(data) ? ['entries', 'journal', 'requests', 'items'].map((key) => data[key]).find(Array.isArray) : undefined
  return list?.filter(isRecord)
}

function statusOf(item: JournalItem): number | undefined {
  const response = isRecord(item['response']) ? item['response'] : {}
  const value = item['status'] ?? item['statusCode'] ?? response['status']
  // The mock journals a dropped connection (flaky scenario) as status 0: no answer, no coverage.
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 ? value : undefined
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://placeholder.invalid').pathname
  } catch {
    return url
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

export type CoverageRow = {
  operationId: string
  method: string
  path: string
  declared: readonly string[]
  /** declared status key -> calls */
  exercised: Readonly<Record<string, number>>
  /** declared status key -> sources that exercised it */
  exercisedBy: Readonly<Record<string, readonly string[]>>
  /** statuses seen that the contract does not declare for this operation */
  undeclared: readonly number[]
}

export type CoverageMatrix = {
  columns: readonly string[]
  rows: readonly CoverageRow[]
  totals: {
    operations: number
    operationsTouched: number
    pairs: number
    pairsExercised: number
    /** entries for operations the contract no longer has */
    unknownOperations: readonly string[]
    /** per source: operations touched and declared pairs exercised */
    bySource: Readonly<Record<string, { operations: number; pairs: number }>>
  }
}

export function buildCoverageMatrix(contract: ContractIndex, entries: readonly CoverageEntry[]): CoverageMatrix {
  const columns = new Set<string>()
  const rows: CoverageRow[] = []
  const unknownOperations = new Set<string>()
  const merged = mergeEntries(entries)
  for (const entry of merged) if (!contract.operations.has(entry.operationId)) unknownOperations.add(entry.operationId)

  let pairs = 0
  let pairsExercised = 0
  let operationsTouched = 0
  const bySource: Record<string, { operations: number; pairs: number }> = {}
  const operations = [...contract.operations.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
  for (const operation of operations) {
    const declared = Object.keys(operation.responses)
    for (const key of declared) columns.add(key)
    const exercised: Record<string, number> = {}
    const exercisedBy: Record<string, string[]> = {}
    const undeclared: number[] = []
    const touchedBy = new Set<string>()
    for (const entry of merged.filter((item) => item.operationId === operation.operationId)) {
      const key = matchStatusKey(operation, entry.status)
      for (const source of entry.sources ?? []) touchedBy.add(source)
      if (key === undefined) undeclared.push(entry.status)
      else {
        exercised[key] = (exercised[key] ?? 0) + entry.count
        exercisedBy[key] = [...new Set([...(exercisedBy[key] ?? []), ...(entry.sources ?? [])])].sort()
      }
    }
    pairs += declared.length
    pairsExercised += Object.keys(exercised).length
    if (Object.keys(exercised).length > 0 || undeclared.length > 0) operationsTouched += 1
    for (const source of touchedBy) {
      const tally = (bySource[source] ??= { operations: 0, pairs: 0 })
      tally.operations += 1
      tally.pairs += Object.values(exercisedBy).filter((list) => list.includes(source)).length
    }
    rows.push({
      operationId: operation.operationId,
      method: operation.method.toUpperCase(),
      path: operation.path,
      declared,
      exercised,
      exercisedBy,
      undeclared,
    })
  }
  return {
    columns: [...columns].sort(compareStatusKeys),
    rows,
    totals: { operations: operations.length, operationsTouched, pairs, pairsExercised, unknownOperations: [...unknownOperations], bySource },
  }
}

/** Why a declared status is typically not exercised by a run against a test backend. */
const whyLeft = (status: string): string => {
  if (status.startsWith('2')) return 'no run sent data valid for the state it needs: the smoke report says what it answered instead'
  switch (status) {
    case '400':
      return 'no request of the runs was malformed in a way it answers 400 (it answers 422, or it takes no tenant)'
    case '401':
      return 'it was never called without a valid session'
    case '403':
      return 'a state no run creates (an account not yet allowed to do it)'
    case '404':
      return 'no run asked it for something that does not exist'
    case '409':
      return 'a business conflict no run or scenario provoked for it'
    case '422':
      return 'no broken input reached it'
    case '429':
      return 'throttling: more attempts than a run makes'
    case '503':
      return 'no run met it during an outage (scenario unavailable)'
    default:
      return 'not provoked by any run'
  }
}

/** Declared pairs no source exercised, grouped by status, with why. */
export function pairsLeft(matrix: CoverageMatrix): Array<{ status: string; why: string; operationIds: string[] }> {
  return matrix.columns
    .map((status) => ({
      status,
      why: whyLeft(status),
      operationIds: matrix.rows.filter((row) => row.declared.includes(status) && row.exercised[status] === undefined).map((row) => row.operationId),
    }))
    .filter((group) => group.operationIds.length > 0)
}

/** 200 < 204 < 2XX < 400 < ... < default */
export function compareStatusKeys(a: string, b: string): number {
  const rank = (key: string) => (key === 'default' ? 1000 : Number(key.replace(/XX$/i, '99')))
  return rank(a) - rank(b)
}

export function coveragePercent(matrix: CoverageMatrix): number {
  return matrix.totals.pairs === 0 ? 0 : Math.round((matrix.totals.pairsExercised / matrix.totals.pairs) * 1000) / 10
}

/**
 * ✓ declared and exercised, · declared but not exercised, blank not declared;
 * statuses the contract does not declare are listed at the end of the row.
 */
export function renderCoverageMatrix(matrix: CoverageMatrix, colours: Colours): string {
  // Several sources: each cell says which exercised it (S smoke, J journal, P probes) instead of a tick.
  const sources = Object.keys(matrix.totals.bySource).sort()
  const letters = sources.length > 1
  const letter = (source: string) => coverageSources[source as CoverageSource] ?? source.slice(0, 1).toUpperCase()
  const operationWidth = Math.max('operation'.length, ...matrix.rows.map((row) => row.operationId.length))
  const cellWidths = matrix.columns.map((column) => Math.max(column.length, letters ? sources.length : 1))
  const header = ['operation'.padEnd(operationWidth), ...matrix.columns.map((column, index) => column.padStart(cellWidths[index] ?? 1)), 'undeclared'].join(
    '  ',
  )
  const lines = [header, '-'.repeat(header.length)]
  for (const row of matrix.rows) {
    const cells = matrix.columns.map((column, index) => {
      const width = cellWidths[index] ?? 1
      if (!row.declared.includes(column)) return ' '.repeat(width)
      if (row.exercised[column] === undefined) return colours.dim('·'.padStart(width))
      const mark = letters ? (row.exercisedBy[column] ?? []).map(letter).join('') || '✓' : '✓'
      return colours.green(mark.padStart(width))
    })
    const undeclared = row.undeclared.length === 0 ? '' : colours.red(row.undeclared.join(','))
    lines.push([row.operationId.padEnd(operationWidth), ...cells, undeclared].join('  ').trimEnd())
  }
  const totals = matrix.totals
  lines.push('')
  lines.push(
    `operations touched: ${totals.operationsTouched}/${totals.operations}; declared (operation, status) pairs exercised: ${totals.pairsExercised}/${totals.pairs} (${coveragePercent(matrix)}%)`,
  )
  if (letters) {
    lines.push(
      `by source: ${sources.map((source) => `${letter(source)} ${source} ${totals.bySource[source]?.operations ?? 0} operations, ${totals.bySource[source]?.pairs ?? 0} pairs`).join('; ')}`,
    )
  }
  const left = pairsLeft(matrix)
  if (left.length > 0) {
    lines.push('')
    lines.push(`left (${left.reduce((sum, group) => sum + group.operationIds.length, 0)} pairs), by status and why:`)
    for (const group of left) lines.push(`  ${group.status} ${colours.dim(`(${group.why})`)}: ${group.operationIds.join(', ')}`)
  }
  if (totals.unknownOperations.length > 0) {
    lines.push(colours.yellow(`not in the contract (ignored): ${totals.unknownOperations.join(', ')}`))
  }
  return `${lines.join('\n')}\n`
}

/**
 * Coverage of the contract test's probes, read statically: every probe in
 * `dir` (`*.probes.ts`, exporting arrays of {operationId, status}) counts as
 * one exercise of that (operation, status). The contract test asserts each
 * probe gets exactly that status, so nothing needs to run.
 */
export async function coverageFromProbes(dir: string, contract: ContractIndex): Promise<CoverageInput> {
  const { readdir } = await import('node:fs/promises')
  const { pathToFileURL } = await import('node:url')
  let files: string[]
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.probes.ts')).sort()
  } catch (error) {
    throw new UsageError(`cannot read the probes in ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
  if (files.length === 0) throw new UsageError(`no *.probes.ts files in ${dir}`)
  const entries: CoverageEntry[] = []
  let unmatched = 0
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>
    for (const value of Object.values(module)) {
      if (!Array.isArray(value)) continue
      for (const probe of value as unknown[]) {
        if (!isRecord(probe) || typeof probe['operationId'] !== 'string' || typeof probe['status'] !== 'number') continue
        const operation = contract.operations.get(probe['operationId'])
        if (operation === undefined) {
          unmatched += 1
          continue
        }
        entries.push({ operationId: operation.operationId, method: operation.method.toUpperCase(), path: operation.path, status: probe['status'], count: 1 })
      }
    }
  }
  return { entries: mergeEntries(entries), unmatched }
}
