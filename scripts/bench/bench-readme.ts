// The benchmark table (docs/benchmarks.md): one row per benchmark id between `<!-- bench:start -->` and
// `<!-- bench:end -->`, columns what / how / machine / result / date. Every benchmark script
// (scripts/bench/{portal,mock,cli}/*.ts, scripts/bench/bench-times.ts, scripts/check/check-bundle-budgets.ts --readme) calls
// upsertBenchRow: its own row is replaced, other rows are kept as they are, new ids are appended.
// The id sits in an HTML comment in the first cell, invisible once rendered.
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, platform, release, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'

export type BenchRow = {
  /** stable key, e.g. "bundle-budgets", "lighthouse" */
  id: string
  what: string
  how: string
  /** default: describeMachine() */
  machine?: string
  result: string
  /** default: today, YYYY-MM-DD */
  date?: string
}

export const BENCH_START = '<!-- bench:start -->'
export const BENCH_END = '<!-- bench:end -->'
const HEADER = ['| what | how | machine | result | date |', '|---|---|---|---|---|']
const ID_RE = /<!--\s*bench-id:\s*([\w.-]+)\s*-->/

export const BENCHMARKS_PATH = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url))

/** "2 × Intel Xeon … , 8 GB RAM, linux 6.1, Node v24.21.0" */
export const describeMachine = (): string => {
  const cpu = cpus()
  const model = (cpu[0]?.model ?? 'unknown CPU').replace(/\s+/g, ' ').trim()
  return `${cpu.length} × ${model}, ${Math.round(totalmem() / 1024 ** 3)} GB RAM, ${platform()} ${release()}, Node ${process.version}`
}

/** A table cell: no pipes or newlines to break the row. */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>').trim()

const renderRow = (row: BenchRow): string =>
  `| <!-- bench-id: ${row.id} -->${cell(row.what)} | ${cell(row.how)} | ${cell(row.machine ?? describeMachine())} | ${cell(row.result)} | ${row.date ?? new Date().toISOString().slice(0, 10)} |`

/** The page's text with `row` upserted into the bench section (which must exist). */
export const upsertBenchRowIn = (readme: string, row: BenchRow): string => {
  if (!/^[\w.-]+$/.test(row.id)) throw new Error(`bench id must be a slug: ${row.id}`)
  const start = readme.indexOf(BENCH_START)
  const end = readme.indexOf(BENCH_END)
  if (start < 0 || end < start) throw new Error(`the benchmarks page has no ${BENCH_START} … ${BENCH_END} section`)
  const inside = readme.slice(start + BENCH_START.length, end)
  // Keep the rows of other benchmarks (by id), drop the placeholder and the header.
  const rows = inside
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => ID_RE.test(line))
  const line = renderRow(row)
  const at = rows.findIndex((existing) => ID_RE.exec(existing)?.[1] === row.id)
  if (at >= 0) rows[at] = line
  else rows.push(line)
  return `${readme.slice(0, start)}${BENCH_START}\n${[...HEADER, ...rows].join('\n')}\n${readme.slice(end)}`
}

export const upsertBenchRow = (row: BenchRow, path: string = BENCHMARKS_PATH): void => {
  const before = readFileSync(path, 'utf8')
  const after = upsertBenchRowIn(before, row)
  if (after !== before) writeFileSync(path, after)
}
