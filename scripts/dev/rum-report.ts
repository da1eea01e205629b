// npm run rum:report FILE… — what travellers really get, from the production server's vitals lines
// (web/server/rum-beacon.ts, one JSON line per page view): the 75th percentile of LCP, INP and CLS per route and
// agency, as Chrome's field data (CrUX) reports them, each with Core Web Vitals' rating (good / needs
// improvement / poor), and how many page views had it (a sampled line counts for the share it stands for). Reads several files (one per server process) as one.
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { renderTable } from '../../core/text-table.ts'

type Metric = 'lcp' | 'inp' | 'cls'
const METRICS: readonly Metric[] = ['lcp', 'inp', 'cls']
/** Core Web Vitals' thresholds: good up to the first, poor past the second */
const THRESHOLDS: Record<Metric, readonly [number, number]> = { lcp: [2500, 4000], inp: [200, 500], cls: [0.1, 0.25] }

export type Rating = 'good' | 'needs improvement' | 'poor'
export type RouteSummary = {
  route: string
  agency: string
  views: number
  /** per metric: its 75th percentile over the views that had it, how many had it, and its rating */
  p75: Record<Metric, { value: number; count: number; rating: Rating } | null>
}

export const rating = (metric: Metric, value: number): Rating =>
  value <= THRESHOLDS[metric][0] ? 'good' : value <= THRESHOLDS[metric][1] ? 'needs improvement' : 'poor'

/** The nearest-rank 75th percentile. */
export const percentile75 = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)]!
}

/** The lines read into one summary per route and agency, the most viewed first; a line that is not one is skipped. */
export function summarise(lines: Iterable<string>): { summaries: RouteSummary[]; skipped: number } {
  const groups = new Map<string, { route: string; agency: string; views: number; values: Record<Metric, number[]> }>()
  let skipped = 0
  for (const text of lines) {
    if (text.trim() === '') continue
    let line: Record<string, unknown>
    try {
      line = JSON.parse(text) as Record<string, unknown>
    } catch {
      skipped += 1
      continue
    }
    const { route, agency } = line
    if (typeof route !== 'string' || typeof agency !== 'string') {
      skipped += 1
      continue
    }
    const key = JSON.stringify([route, agency])
    const group = groups.get(key) ?? { route, agency, views: 0, values: { lcp: [], inp: [], cls: [] } }
    groups.set(key, group)
    // a line from a server that took a share of the page views stands for 1 ÷ share of them (RUM_SAMPLE)
    const sample = line['sample']
    group.views += typeof sample === 'number' && sample > 0 && sample <= 1 ? 1 / sample : 1
    for (const metric of METRICS) {
      const value = line[metric]
      if (typeof value === 'number' && Number.isFinite(value)) group.values[metric].push(value)
    }
  }
  const summaries = [...groups.values()]
    .map(({ route, agency, views, values }) => ({
      route,
      agency,
      views: Math.round(views),
      p75: Object.fromEntries(
        METRICS.map((metric) => {
          const found = values[metric]
          if (found.length === 0) return [metric, null]
          const value = percentile75(found)
          return [metric, { value, count: found.length, rating: rating(metric, value) }]
        }),
      ) as RouteSummary['p75'],
    }))
    .sort((a, b) => b.views - a.views || a.route.localeCompare(b.route) || a.agency.localeCompare(b.agency))
  return { summaries, skipped }
}

/** The summaries as a table for a terminal. */
export function renderReport({ summaries, skipped }: ReturnType<typeof summarise>): string {
  const show = (metric: Metric, cell: RouteSummary['p75'][Metric]) =>
    cell === null ? '—' : `${metric === 'cls' ? cell.value.toFixed(2) : `${Math.round(cell.value)} ms`} (${cell.rating})`
  const rows = summaries.map((summary) => [summary.route, summary.agency, String(summary.views), ...METRICS.map((metric) => show(metric, summary.p75[metric]))])
  const table = renderTable(['route', 'agency', 'views', 'LCP p75', 'INP p75', 'CLS p75'], rows)
  return skipped > 0 ? `${table}(${skipped} lines that are not beacons skipped)\n` : table
}

async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    console.error("usage: npm run rum:report FILE…  (the portal server's RUM_FILE; several files are read as one)")
    return 2
  }
  const lines: string[] = []
  for (const file of files) for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) lines.push(line)
  const result = summarise(lines)
  process.stdout.write(result.summaries.length === 0 ? 'No page views in these files.\n' : renderReport(result))
  return 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
