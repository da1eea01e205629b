// npm run bench:times — how long the everyday checks take:
//   - the smoke journey (`travel-portal smoke`) against a freshly started mock on loopback,
//     read-only and with --write, several runs each (wall time of the CLI process, and the time the
//     CLI itself reports for its calls);
//   - the whole `npm test`, stage by stage as it runs them (lint, typecheck, generate:check,
//     i18n:check, test:unit, test:node, test:e2e), with --npm-test (it takes minutes).
// Results: bench-results/times.json and README rows. Bounded: every child has a time limit.
import { spawn } from 'node:child_process'
import { parseArgs } from 'node:util'

import { describeMachine, upsertBenchRow } from './bench-readme.ts'
import { fmt, freePort, load1, median, repoRoot, spawnMock, waitFor, writeResults } from './bench-lib.ts'

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

const STAGES = ['lint', 'typecheck', 'generate:check', 'i18n:check', 'test:unit', 'test:node', 'test:e2e']

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
  let stages: Awaited<ReturnType<typeof npmTest>> | null = null
  if (args['npm-test']) {
    console.log('\nnpm test, stage by stage')
    stages = await npmTest()
  }
  const machine = `${describeMachine()}; load average ${loadBefore} → ${load1()}`
  const file = writeResults('times.json', { date: startedAt.toISOString(), machine, runs: RUNS, smoke: journeys, npmTest: stages })
  console.log(`\nresults: ${file}`)

  if (!args['no-readme']) {
    const describe = (mode: 'readOnly' | 'write') => {
      const r = journeys[mode]
      return `${mode === 'write' ? '--write' : 'read-only'}: median ${fmt(median(r.wallMs))} ms (min ${fmt(Math.min(...r.wallMs))}, max ${fmt(Math.max(...r.wallMs))}), the CLI's own ${r.reported[0]?.replace(/^time: /, '') ?? '?'}${r.failed > 0 ? `, ${r.failed} FAILED` : ''}`
    }
    upsertBenchRow({
      id: 'smoke-journey',
      what: 'The smoke journey (`travel-portal smoke`) against the mock',
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
        how: '`npm run bench:times -- --npm-test`: its stages one after the other as `npm test` chains them, each timed (wall clock); e2e starts its own mock and dev server unless they are already up',
        machine,
        result: `${fmt(total / 1000, 0)} s in all: ${stages.map((s) => `${s.stage} ${fmt(s.ms / 1000, 1)} s${s.ok ? '' : ' (FAILED)'}`).join(', ')}`,
        date: startedAt.toISOString().slice(0, 10),
      })
    }
    console.log('README: bench rows updated')
  }
  const failed = journeys.readOnly.failed + journeys.write.failed + (stages?.filter((s) => !s.ok).length ?? 0)
  return failed === 0 ? 0 : 1
}

process.exitCode = await main()
