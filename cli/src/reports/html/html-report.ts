import { escapeMarkup } from '../../../../core/markup.ts'
import type { Finding, OperationTiming } from '../smoke-report.ts'
import { gridCounts, type CellState, type CheckGrid, type DidNotWork, type GridCell } from './check-grid.ts'
import { reportStyles } from './report-styles.ts'

// One self-contained HTML file for a smoke run or a proxy session (`--html FILE`): no script, no font, no
// request of any kind (its CSP says so), so it opens from a CI artifact or an e-mail. The verdict first,
// then the operations × checks grid, each finding with its request, the answer's excerpt and its curl, the
// reasons for what was not tried, the timings and the run's settings (secrets already masked by the caller).

export type HtmlReport = {
  /** `travel-portal smoke`, `travel-portal proxy` */
  tool: string
  target: string
  verdict: { word: string; tone: 'pass' | 'fail' | 'warn'; explanation: string }
  /** one line under the verdict: `53 of 69 operations worked · …` */
  headline: string
  counts: Array<{ label: string; value: string | number }>
  grid: CheckGrid
  findings: readonly Finding[]
  warnings: readonly string[]
  timings?: readonly OperationTiming[]
  settings: Array<{ name: string; value: string }>
  startedAt: string
}

const html = escapeMarkup

const stateText: Record<CellState, { symbol: string; label: string }> = {
  passed: { symbol: '✓', label: 'passed' },
  failed: { symbol: '✗', label: 'failed' },
  'not-tried': { symbol: '○', label: 'not tried' },
  'not-applicable': { symbol: '·', label: 'does not apply' },
}

const didNotWorkLabel: Record<DidNotWork['state'], string> = { 'errors-only': 'answered only errors', 'not-tried': 'not tried' }
const didNotWorkId = (operationId: string) => `did-not-work-${operationId.replace(/[^A-Za-z0-9_-]/g, '_')}`

/** Every operation that did not work in the run, with why: what answered only errors first, then what no call reached. */
function didNotWorkHtml(grid: CheckGrid): string {
  const rows = grid.rows.filter((row) => row.didNotWork !== undefined)
  if (rows.length === 0) return ''
  const group = (state: DidNotWork['state'], title: string) => {
    const items = rows.filter((row) => row.didNotWork!.state === state)
    return items.length === 0
      ? ''
      : `<h3>${html(title)} (${items.length})</h3><ul class="did-not-work">${items.map((row) => `<li id="${didNotWorkId(row.operationId)}"><b>${html(row.operationId)}</b>: ${html(row.didNotWork!.why)}</li>`).join('')}</ul>`
  }
  return `<section aria-labelledby="did-not-work-title"><h2 id="did-not-work-title">Operations that did not work (<span data-count="did-not-work">${rows.length}</span>)</h2>${group('errors-only', 'Answered only errors')}${group('not-tried', 'Not tried')}</section>`
}

const findingId = (index: number) => `finding-${index + 1}`
const reasonId = (index: number) => `why-${index + 1}`

/** The reasons cells were not tried, each once, numbered so a cell can link to its own. */
function reasonsOf(grid: CheckGrid): string[] {
  return [...new Set(grid.rows.flatMap((row) => row.cells.filter((cell) => cell.state === 'not-tried').map((cell) => cell.why ?? 'not tried')))]
}

function cellHtml(cell: GridCell, operationId: string, check: string, reasons: readonly string[], position: ReadonlyMap<number, number>): string {
  const { symbol, label } = stateText[cell.state]
  // What a screen reader says for the cell; the symbol is for the eye.
  const spoken = `<span class="sr-only">${html(`${check}: ${label}`)}</span><span aria-hidden="true">${symbol}</span>`
  if (cell.state === 'failed' && cell.findings !== undefined) {
    // The findings are listed in the grid's order, so a cell's findings follow one another from the one it links to.
    const at = cell.findings.map((index) => position.get(index)!).sort((a, b) => a - b)
    const count = at.length > 1 ? `<span class="n" aria-hidden="true">${at.length}</span>` : ''
    const which = at.length > 1 ? `findings ${at[0]! + 1} to ${at.at(-1)! + 1}` : `finding ${at[0]! + 1}`
    return `<td class="c failed" data-findings="${at.map((index) => index + 1).join(' ')}"><a href="#${findingId(at[0]!)}" title="${html(cell.why ?? '')}">${spoken}${count}<span class="sr-only">, ${html(operationId)}, see ${which}</span></a></td>`
  }
  if (cell.state === 'failed')
    return `<td class="c failed" title="${html(cell.why ?? '')}">${spoken}<span class="sr-only">: ${html(cell.why ?? '')}</span></td>`
  if (cell.state === 'not-tried') {
    const index = reasons.indexOf(cell.why ?? 'not tried')
    return `<td class="c not-tried"><a href="#${reasonId(index)}" title="${html(cell.why ?? '')}">${spoken}<sup aria-hidden="true">${index + 1}</sup><span class="sr-only">, reason ${index + 1}</span></a></td>`
  }
  return `<td class="c ${cell.state}">${spoken}</td>`
}

function gridHtml(grid: CheckGrid, reasons: readonly string[], timings: ReadonlyMap<string, OperationTiming>, position: ReadonlyMap<number, number>): string {
  const counts = gridCounts(grid)
  const withTimes = timings.size > 0
  const head = grid.columns.map((column) => `<th scope="col" class="check"><span title="${html(column.proves)}">${html(column.name)}</span></th>`).join('')
  const rows = grid.rows
    .map((row) => {
      const failed = row.cells.some((cell) => cell.state === 'failed')
      const timing = timings.get(row.operationId)
      const time = withTimes ? `<td class="num">${timing === undefined ? '' : `${timing.p50Ms} / ${timing.p95Ms}`}</td>` : ''
      const cells = row.cells.map((cell, index) => cellHtml(cell, row.operationId, grid.columns[index]!.name, reasons, position)).join('')
      const classes = [failed ? 'has-failure' : '', row.didNotWork === undefined ? '' : `did-not-work ${row.didNotWork.state}`].filter(Boolean).join(' ')
      const mark = row.didNotWork === undefined ? '' : ` <span class="dnw" title="${html(row.didNotWork.why)}">${didNotWorkLabel[row.didNotWork.state]}</span>`
      return `<tr${classes === '' ? '' : ` class="${classes}"`}><th scope="row">${html(row.operationId)}${mark}</th>${cells}${time}</tr>`
    })
    .join('\n')
  // The section is no landmark of its own: its scroll box is the region that carries the title.
  return `<section>
<h2 id="grid-title">Operations × checks</h2>
<p class="legend" id="grid-counts"><span class="k passed">✓ <b data-count="passed">${counts.passed}</b> passed</span> <span class="k failed">✗ <b data-count="failed">${counts.failed}</b> failed</span> <span class="k not-tried">○ <b data-count="not-tried">${counts['not-tried']}</b> not tried</span> <span class="k not-applicable">· <b data-count="not-applicable">${counts['not-applicable']}</b> do not apply</span></p>
<div class="scroll" role="region" aria-labelledby="grid-title" tabindex="0">
<table class="grid">
<caption class="sr-only">Each operation of the contract, and what each check found for it</caption>
<thead><tr><th scope="col">operation</th>${head}${withTimes ? '<th scope="col" class="num">p50 / p95 ms</th>' : ''}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
<details class="checks"><summary>What each check proves</summary><dl>${grid.columns.map((column) => `<dt>${html(column.name)}</dt><dd>${html(column.proves)}</dd>`).join('')}</dl></details>
</section>`
}

function findingHtml(finding: Finding, index: number): string {
  const { example } = finding
  const request = `${example.method} ${example.url}${example.status === undefined ? '' : ` → ${example.status}`}`
  const steps = `${finding.steps.slice(0, 6).join(', ')}${finding.steps.length > 6 ? ` and ${finding.steps.length - 6} more` : ''}`
  return `<li class="finding" id="${findingId(index)}">
<h3><span class="kind">${html(finding.kind)}</span> ${html(finding.operationId)}${finding.count > 1 ? ` <span class="times">×${finding.count}</span>` : ''}</h3>
<dl>
<dt>expected</dt><dd>${html(finding.expected)}</dd>
<dt>got</dt><dd>${html(example.actual)}</dd>
<dt>request</dt><dd><code>${html(request)}</code></dd>
${example.sent === undefined ? '' : `<dt>answer excerpt</dt><dd><pre>${html(example.sent)}</pre></dd>`}
<dt>seen in</dt><dd>${html(steps)}</dd>
</dl>
${example.curl === '' ? '' : `<pre class="curl" aria-label="curl line to reproduce it">${html(example.curl)}</pre>`}
</li>`
}

export function renderHtmlReport(report: HtmlReport): string {
  const reasons = reasonsOf(report.grid)
  // The findings in the grid's order (operation by operation, check by check), then any no cell names.
  const order = [...new Set([...report.grid.rows.flatMap((row) => row.cells.flatMap((cell) => cell.findings ?? [])), ...report.findings.keys()])]
  const position = new Map(order.map((index, at) => [index, at]))
  const timings = new Map((report.timings ?? []).map((timing) => [timing.operationId, timing]))
  const slowest = (report.timings ?? []).slice(0, 8)
  const title = `${report.tool}: ${report.verdict.word} · ${report.target}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="color-scheme" content="light dark">
<title>${html(title)}</title>
<style>${reportStyles}</style>
</head>
<body>
<header class="verdict ${report.verdict.tone}">
<p class="tool">${html(report.tool)} · <span class="target">${html(report.target)}</span></p>
<h1><span class="word">${html(report.verdict.word)}</span> <span class="explanation">${html(report.verdict.explanation)}</span></h1>
<p class="headline">${html(report.headline)}</p>
<ul class="counts">${report.counts.map((count) => `<li><b>${html(String(count.value))}</b> ${html(count.label)}</li>`).join('')}</ul>
</header>
<main>
${report.warnings.length === 0 ? '' : `<section aria-labelledby="warnings-title" class="warnings"><h2 id="warnings-title">Warnings</h2><ul>${report.warnings.map((warning) => `<li>${html(warning)}</li>`).join('')}</ul></section>`}
${gridHtml(report.grid, reasons, timings, position)}
${didNotWorkHtml(report.grid)}
<section aria-labelledby="findings-title">
<h2 id="findings-title">Findings (<span data-count="findings">${report.findings.length}</span>)</h2>
${report.findings.length === 0 ? '<p>None: every answer and every check held.</p>' : `<ol class="findings">${order.map((index, at) => findingHtml(report.findings[index]!, at)).join('\n')}</ol>`}
</section>
${
  reasons.length === 0
    ? ''
    : `<section aria-labelledby="reasons-title"><h2 id="reasons-title">Why some were not tried</h2><ol class="reasons">${reasons.map((reason, index) => `<li id="${reasonId(index)}">${html(reason)}</li>`).join('')}</ol></section>`
}
${
  slowest.length === 0
    ? ''
    : `<section><h2 id="timings-title">Slowest operations</h2><div class="scroll" role="region" aria-labelledby="timings-title" tabindex="0"><table class="timings"><thead><tr><th scope="col">operation</th><th scope="col" class="num">calls</th><th scope="col" class="num">p50 ms</th><th scope="col" class="num">p95 ms</th><th scope="col" class="num">max ms</th></tr></thead><tbody>${slowest.map((timing) => `<tr><th scope="row">${html(timing.operationId)}</th><td class="num">${timing.calls}</td><td class="num">${timing.p50Ms}</td><td class="num">${timing.p95Ms}</td><td class="num">${timing.maxMs}</td></tr>`).join('')}</tbody></table></div></section>`
}
<section aria-labelledby="settings-title">
<h2 id="settings-title">Settings</h2>
<dl class="settings">${report.settings.map((setting) => `<dt>${html(setting.name)}</dt><dd>${html(setting.value)}</dd>`).join('')}</dl>
</section>
</main>
<footer><p>Started ${html(report.startedAt)}. Written by ${html(report.tool)}; secrets are masked: set the variables the curl lines name to run them.</p></footer>
</body>
</html>
`
}
