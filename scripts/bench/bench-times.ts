// npm run bench:times — how long the everyday checks take:
//   - the conformance run (`travel-portal smoke`) against a freshly started mock on loopback,
//     read-only and with --write, several runs each (wall time of the CLI process, and the time and
//     requests the CLI itself reports);
//   - how much of the contract the CLI alone covers against the mock: a read-only and a --write
//     run, then --write runs under the scenarios that provoke declared conflicts and outages, merged
//     by `contract coverage` (its table says which pairs are left);
//   - the whole `npm test`, stage by stage as it runs them (lint, typecheck, generate:check,
//     i18n:check, test:unit:stalled, test:node, test:e2e: read from its script), with --npm-test (it takes minutes).
// Results: bench-results/times.json and rows in docs/benchmarks.md. Bounded: every child has a time limit.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { describeMachine, upsertBenchRow } from './bench-readme.ts'
import { fmt, freePort, load1, median, repoRoot, spawnMock, tempDir, waitFor, writeResults } from './bench-lib.ts'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'npm-test': { type: 'boolean', default: false },
    'no-readme': { type: 'boolean', default: false },
  },
})
const RUNS = Number(args.runs)

type Run = { code: number | null; ms: number; out: string }

const run = (command: string, argv: string[], timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<Run> =>
  new Promise((resolve) => {
    const started = performance.now()
    const child = spawn(command, argv, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out = (out + chunk.toString()).slice(-20_000)))
    child.stderr.on('data', (chunk: Buffer) => (out = (out + chunk.toString()).slice(-20_000)))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, ms: performance.now() - started, out })
    })
  })

const smoke = async () => {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const mock = spawnMock({ port })
  await waitFor(`${base}/__mock/health`, mock)
  const cli = [
    'cli/bin.js',
    'smoke',
    '--base-url',
    base,
    '--email',
    'ana.garcia@example.com',
    '--password',
    'viaje2026',
    '--other-email',
    'nuevo@example.com',
    '--other-password',
    'viaje2026',
  ]
  const result: Record<'readOnly' | 'write', { wallMs: number[]; reported: string[]; failed: number }> = {
    readOnly: { wallMs: [], reported: [], failed: 0 },
    write: { wallMs: [], reported: [], failed: 0 },
  }
  for (const mode of ['readOnly', 'write'] as const) {
    for (let i = 0; i < RUNS; i += 1) {
      const r = await run(process.execPath, mode === 'write' ? [...cli, '--write'] : cli, 120_000, { ...process.env, NO_COLOR: '1' })
      result[mode].wallMs.push(r.ms)
      result[mode].reported.push(/time: [^\n]+/.exec(r.out)?.[0] ?? '')
      if (r.code !== 0) {
        result[mode].failed += 1
        console.log(`  smoke ${mode} run ${i + 1} exited ${r.code}:\n${r.out.slice(-1500)}`)
      }
      console.log(`  smoke ${mode === 'write' ? '--write  ' : 'read-only'} ${fmt(r.ms)} ms  ${result[mode].reported.at(-1)}`)
    }
  }
  await mock.stop()
  return result
}

/** Scenarios under which a --write run meets the declared conflicts (409) and outages (503) of the contract. */
const COVERAGE_SCENARIOS = ['sold-out', 'pack-full', 'rooming-confirmed', 'already-traveled', 'term-expired', 'payment-fails', 'unavailable']

const conformanceCoverage = async () => {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const mock = spawnMock({ port })
  await waitFor(`${base}/__mock/health`, mock)
  const dir = tempDir('conformance-')
  const env = { ...process.env, NO_COLOR: '1' }
  const login = ['--email', 'ana.garcia@example.com', '--password', 'viaje2026', '--other-email', 'nuevo@example.com', '--other-password', 'viaje2026']
  const runs: Array<{ label: string; code: number | null; ms: number; file: string }> = []
  const smokeRun = async (label: string, extra: string[]) => {
    const file = path.join(dir, `${label}.json`)
    const r = await run(process.execPath, ['cli/bin.js', 'smoke', '--base-url', base, ...login, '--coverage-out', file, ...extra], 120_000, env)
    runs.push({ label, code: r.code, ms: r.ms, file })
    console.log(`  ${label.padEnd(28)} exit ${r.code}  ${fmt(r.ms)} ms  ${/time: [^\n]+/.exec(r.out)?.[0] ?? ''}`)
  }
  const scenario = (names: string[]) =>
    run(process.execPath, ['cli/bin.js', 'scenario', ...(names.length === 0 ? ['reset'] : ['set', ...names]), '--mock-url', base], 30_000, env)
  await smokeRun('read-only', [])
  await smokeRun('write', ['--write'])
  for (const name of COVERAGE_SCENARIOS) {
    await scenario([name])
    await smokeRun(`write, scenario ${name}`, ['--write'])
  }
  await scenario([])
  const table = await run(process.execPath, ['cli/bin.js', 'contract', 'coverage', ...runs.flatMap((r) => ['--from', r.file])], 60_000, env)
  await mock.stop()
  const summary = /declared \(operation, status\) pairs exercised: (\d+)\/(\d+) \(([\d.]+)%\)/.exec(table.out)
  console.log(table.out.slice(-6_000))
  return {
    runs,
    pairs: summary === null ? null : { exercised: Number(summary[1]), declared: Number(summary[2]), percent: Number(summary[3]) },
    table: table.out,
  }
}

// the stages as `npm test` chains them, read from its own script (package.json)
const STAGES = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { test: string } }).scripts.test
  .split('&&')
  .map((step) => /^npm run (\S+)$/.exec(step.trim())?.[1])
  .filter((stage): stage is string => stage !== undefined)

const npmTest = async () => {
  const stages: { stage: string; ms: number; ok: boolean }[] = []
  for (const stage of STAGES) {
    const r = await run('npm', ['run', stage], 30 * 60_000)
    stages.push({ stage, ms: r.ms, ok: r.code === 0 })
    console.log(`  ${stage.padEnd(15)} ${fmt(r.ms / 1000, 1).padStart(6)} s  ${r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`}`)
    if (r.code !== 0) console.log(r.out.slice(-2000))
  }
  return stages
}

const main = async (): Promise<number> => {
  const startedAt = new Date()
  const loadBefore = load1()
  console.log(`bench:times — machine: ${describeMachine()}; load average ${loadBefore}`)
  console.log(`\nsmoke journey against a fresh mock, ${RUNS} runs each`)
  const journeys = await smoke()
  console.log('\ncontract coverage from the CLI alone, against a fresh mock')
  const coverage = await conformanceCoverage()
  let stages: Awaited<ReturnType<typeof npmTest>> | null = null
  if (args['npm-test']) {
    console.log('\nnpm test, stage by stage')
    stages = await npmTest()
  }
  const machine = `${describeMachine()}; load average ${loadBefore} → ${load1()}`
  const file = writeResults('times.json', { date: startedAt.toISOString(), machine, runs: RUNS, smoke: journeys, coverage, npmTest: stages })
  console.log(`\nresults: ${file}`)

  if (!args['no-readme']) {
    const describe = (mode: 'readOnly' | 'write') => {
      const r = journeys[mode]
      return `${mode === 'write' ? '--write' : 'read-only'}: median ${fmt(median(r.wallMs))} ms (min ${fmt(Math.min(...r.wallMs))}, max ${fmt(Math.max(...r.wallMs))}), the CLI's own ${r.reported[0]?.replace(/^time: /, '') ?? '?'}${r.failed > 0 ? `, ${r.failed} FAILED` : ''}`
    }
    const scenarioRuns = coverage.runs.filter((r) => r.label.includes('scenario'))
    upsertBenchRow({
      id: 'conformance-coverage',
      what: 'Declared (operation, status) pairs the CLI alone exercises against the mock (goal ≥ 90 %)',
      how: `\`npm run bench:times\`: a fresh mock; \`smoke\` read-only, \`smoke --write\`, then \`scenario set <name>\` + \`smoke --write\` for ${COVERAGE_SCENARIOS.join(', ')}; \`contract coverage --from …\` merges them (its table marks what is left)`,
      machine,
      result:
        coverage.pairs === null
          ? 'FAILED: no coverage summary'
          : `${coverage.pairs.exercised}/${coverage.pairs.declared} pairs (**${coverage.pairs.percent}%**) in ${coverage.runs.length} runs (${fmt(coverage.runs.reduce((sum, r) => sum + r.ms, 0) / 1000, 1)} s in all; the ${scenarioRuns.length} scenario runs may exit 1: a conflict or outage they provoke fails the journey steps that expect success)`,
      date: startedAt.toISOString().slice(0, 10),
    })
    upsertBenchRow({
      id: 'smoke-journey',
      what: 'The conformance run (`travel-portal smoke`: the journey, then every operation on its own) against the mock',
      how: `\`npm run bench:times\`: a fresh mock on loopback (SQLite store), the CLI as a process (\`node cli/bin.js smoke …\`, Node and tsx start included), ${RUNS} runs read-only then ${RUNS} with --write`,
      machine,
      result: `${describe('readOnly')} · ${describe('write')}`,
      date: startedAt.toISOString().slice(0, 10),
    })
    if (stages !== null) {
      const total = stages.reduce((sum, s) => sum + s.ms, 0)
      upsertBenchRow({
        id: 'npm-test',
        what: 'The whole `npm test`',
        how: '`npm run bench:times -- --npm-test`: its stages one after the other as `npm test` chains them, each timed (wall clock); e2e builds the portal and starts its own mock and production server unless they are already up',
        machine,
        result: `${fmt(total / 1000, 0)} s in all: ${stages.map((s) => `${s.stage} ${fmt(s.ms / 1000, 1)} s${s.ok ? '' : ' (FAILED)'}`).join(', ')}`,
        date: startedAt.toISOString().slice(0, 10),
      })
    }
    console.log('docs/benchmarks.md: bench rows updated')
  }
  const failed = journeys.readOnly.failed + journeys.write.failed + (stages?.filter((s) => !s.ok).length ?? 0)
  return failed === 0 ? 0 : 1
}

process.exitCode = await main()
