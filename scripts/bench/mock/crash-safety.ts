// npm run bench:crash — kills the mock server with SIGKILL while it writes, N times (default 50),
// and checks after every kill that the stored world (world.db) is valid and holds every write the server
// acknowledged. Writes mix the control API (add / delete a tenant) and the customer API (sign-in,
// which stores a session). Loopback only; bounded in time. Results: bench-results/crash.json and a
// Its row in docs/benchmarks.md (--no-readme to skip it).
//
// Model: each write is sent by one of a few sequential writers. A write answered 2xx is
// acknowledged and must survive the kill; a write cut off by the kill may or may not have landed,
// so the key it touched is dropped from the expectations (and never touched again).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

import { DB_FILE, readStoredState } from '../../../mock/src/runtime/sqlite-store.ts'
import { freePort, sleep } from '../bench-lib.ts'
import { describeMachine, upsertBenchRow } from '../bench-readme.ts'
import { DEMO_PASSWORD } from '../../../mock/src/world/seed/demo-accounts.ts'
import type { World } from '../../../mock/src/world/kernel/types.ts'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env['CRASH_RUNS'] ?? '50' },
    'budget-s': { type: 'string', default: '170' },
    writers: { type: 'string', default: '4' },
    'keep-dir': { type: 'boolean', default: false },
    'no-readme': { type: 'boolean', default: false },
  },
})
const RUNS = Number(args.runs)
const BUDGET_MS = Number(args['budget-s']) * 1000
const WRITERS = Number(args.writers)
const START_TIMEOUT_MS = 15_000
// Tenants bring demo content; past this the world is reset (an acknowledged write too) so saves stay fast.
const RESET_ABOVE_BYTES = 4 * 1024 * 1024

type Expectation = { kind: 'tenant'; present: boolean } | { kind: 'session' }

type RunResult = {
  run: number
  killAtMs: number
  sent: number
  acked: number
  cut: number
  /** the write-ahead log a kill left for the restart to recover */
  walKb: number
  fileKb: number
  restartMs: number
  checked: number
  problems: string[]
}

// node --import tsx rather than the tsx CLI: the CLI runs the script in a grandchild, which a
// SIGKILL to the CLI would orphan (still holding the port and the data directory).
const startServer = (port: number, dataDir: string): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', 'mock/src/main.ts', '--port', String(port), '--data-dir', dataDir, '--quiet'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  })

const waitUntilUp = async (base: string, child: ChildProcess, stderr: () => string): Promise<void> => {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the mock exited with ${child.exitCode} while starting:\n${stderr()}`)
    try {
      const res = await fetch(`${base}/__mock/health`, { signal: AbortSignal.timeout(500) })
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await sleep(15)
  }
  throw new Error(`the mock did not answer within ${START_TIMEOUT_MS} ms:\n${stderr()}`)
}

const killHard = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve()
      return
    }
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })

/** What is on disk must satisfy: valid, and every acknowledged write in it (world.db and its WAL). */
const checkStored = (dir: string, expected: Map<string, Expectation>): { problems: string[]; world: World | null } => {
  const stored = readStoredState(dir)
  if (!stored.ok) return { problems: [`stored world is invalid (${stored.problem}: ${stored.detail})`], world: null }
  const world = stored.world
  const agencies = new Set(world.agencies.map((a) => a.id))
  const sessions = new Set(world.sessions.map((s) => s.token))
  const problems: string[] = []
  for (const [key, expectation] of expected) {
    if (expectation.kind === 'tenant' && agencies.has(key) !== expectation.present) {
      problems.push(`acknowledged ${expectation.present ? 'add' : 'delete'} of tenant ${key} is missing`)
    }
    if (expectation.kind === 'session' && !sessions.has(key)) problems.push(`acknowledged sign-in (session ${key.slice(0, 8)}…) is missing`)
  }
  return { problems, world }
}

const main = async (): Promise<number> => {
  const started = Date.now()
  const loadBefore = Math.round(loadavg()[0]! * 100) / 100
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mock-crash-'))
  const file = path.join(dataDir, DB_FILE)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const expected = new Map<string, Expectation>()
  const untouchable = new Set<string>()
  const results: RunResult[] = []
  let child: ChildProcess | null = null
  let counter = 0

  const cleanup = () => {
    child?.kill('SIGKILL')
    if (!args['keep-dir']) rmSync(dataDir, { recursive: true, force: true })
  }
  process.once('SIGINT', () => {
    cleanup()
    process.exit(130)
  })

  console.log(`crash safety: ${RUNS} SIGKILLs of the mock on ${base}, ${WRITERS} writers, data in ${dataDir}`)

  try {
    for (let run = 1; run <= RUNS; run += 1) {
      if (Date.now() - started > BUDGET_MS) {
        console.log(`\ntime budget of ${BUDGET_MS / 1000} s reached after ${run - 1} runs`)
        break
      }
      const result: RunResult = { run, killAtMs: 0, sent: 0, acked: 0, cut: 0, walKb: 0, fileKb: 0, restartMs: 0, checked: expected.size, problems: [] }
      results.push(result)

      // 1. What the previous kill left on disk.
      if (run > 1) {
        result.walKb = existsSync(`${file}-wal`) ? Math.round(statSync(`${file}-wal`).size / 1024) : 0
        result.problems.push(...checkStored(dataDir, expected).problems)
      }

      // 2. Restart; the server must load the same state.
      let stderr = ''
      const t0 = performance.now()
      child = startServer(port, dataDir)
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
      })
      await waitUntilUp(base, child, () => stderr)
      result.restartMs = Math.round(performance.now() - t0)
      const served = (await (await fetch(`${base}/__mock/tenants`)).json()) as { tenants: { id: string }[] }
      const servedIds = new Set(served.tenants.map((t) => t.id))
      for (const [key, expectation] of expected) {
        if (expectation.kind === 'tenant' && servedIds.has(key) !== expectation.present)
          result.problems.push(`after restart the server disagrees about tenant ${key}`)
      }
      result.fileKb = Math.round(statSync(file).size / 1024)
      if (statSync(file).size > RESET_ABOVE_BYTES) {
        const res = await fetch(`${base}/__mock/reset`, { method: 'POST' })
        if (res.ok) expected.clear()
      }

      // 3. Writers hammer until the kill.
      let killed = false
      const writer = async (w: number) => {
        while (!killed) {
          const present = [...expected].filter(([key, e]) => e.kind === 'tenant' && e.present && !untouchable.has(key)).map(([key]) => key)
          const roll = Math.random()
          let key: string
          let send: () => Promise<Response>
          let onAck: (res: Response) => Promise<void>
          if (roll < 0.2 && present.length > 0) {
            key = present[Math.floor(Math.random() * present.length)]!
            untouchable.add(key) // one writer per key: no other writer races this delete
            send = () => fetch(`${base}/__mock/tenants/${key}`, { method: 'DELETE' })
            onAck = async () => {
              expected.set(key, { kind: 'tenant', present: false })
              untouchable.delete(key)
            }
          } else if (roll < 0.6) {
            counter += 1
            key = `ag-crash-${run}-${w}-${counter}`
            const id = key
            untouchable.add(key)
            send = () =>
              fetch(`${base}/__mock/tenants`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ id, name: `Crash ${id}`, hosts: [`${id}.localhost`] }),
              })
            onAck = async () => {
              expected.set(id, { kind: 'tenant', present: true })
              untouchable.delete(id)
            }
          } else {
            key = '(sign-in)'
            send = () =>
              fetch(`${base}/api/customer/auth/login`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', agencyId: 'ag-sol' },
                body: JSON.stringify({ email: 'ana.garcia@example.com', password: DEMO_PASSWORD }),
              })
            onAck = async (res) => {
              const { token } = (await res.json()) as { token: string }
              expected.set(token, { kind: 'session' })
            }
          }
          result.sent += 1
          let res: Response
          try {
            res = await send()
          } catch {
            // Cut by the kill: it may or may not have landed. Stop expecting anything of that key.
            result.cut += 1
            expected.delete(key)
            return
          }
          if (res.status >= 200 && res.status < 300) {
            try {
              await onAck(res)
              result.acked += 1
            } catch {
              // The answer was cut mid-body: not acknowledged after all.
              result.cut += 1
              expected.delete(key)
              return
            }
          } else {
            result.problems.push(`unexpected ${res.status} for a write: ${(await res.text()).slice(0, 200)}`)
            untouchable.delete(key)
          }
        }
      }
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w))
      result.killAtMs = 20 + Math.floor(Math.random() * 400)
      await sleep(result.killAtMs)
      killed = true
      await killHard(child)
      await Promise.all(writers)
      child = null
      process.stdout.write(result.problems.length === 0 ? '.' : 'F')
    }

    // The last kill gets checked too.
    const final = checkStored(dataDir, expected)
    const last = results[results.length - 1]
    if (last) last.problems.push(...final.problems.map((p) => `final check: ${p}`))
  } finally {
    cleanup()
  }

  // Summary.
  const rows = [
    ['run', 'kill@ms', 'writes', 'acked', 'cut', 'WAL KB', 'db KB', 'restart ms', 'checked', 'result'],
    ...results.map((r) =>
      [r.run, r.killAtMs, r.sent, r.acked, r.cut, r.walKb, r.fileKb, r.restartMs, r.checked, r.problems.length === 0 ? 'ok' : 'FAIL'].map(String),
    ),
  ]
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)))
  console.log(`\n\n${rows.map((row) => row.map((cell, c) => cell.padStart(widths[c]!)).join('  ')).join('\n')}`)
  const sum = (pick: (r: RunResult) => number) => results.reduce((total, r) => total + pick(r), 0)
  const failed = results.filter((r) => r.problems.length > 0)
  const restarts = results.map((r) => r.restartMs).sort((a, b) => a - b)
  console.log(
    `\n${results.length} kills, ${sum((r) => r.sent)} writes sent, ${sum((r) => r.acked)} acknowledged, ${sum((r) => r.cut)} cut by a kill, ` +
      `${results.filter((r) => r.walKb > 0).length} kills left a WAL to recover, restart median ${restarts[Math.floor(restarts.length / 2)] ?? 0} ms, ` +
      `${Math.round((Date.now() - started) / 1000)} s in all`,
  )
  for (const r of failed) for (const problem of r.problems) console.log(`run ${r.run}: ${problem}`)

  const verdict =
    failed.length > 0
      ? `FAILED: ${failed.length} runs lost or corrupted acknowledged writes`
      : results.length < RUNS
        ? `INCOMPLETE: ${results.length} of ${RUNS} runs`
        : 'every restart loaded a valid world holding every acknowledged write'
  const summary = {
    kills: results.length,
    writesSent: sum((r) => r.sent),
    acknowledged: sum((r) => r.acked),
    cutByKill: sum((r) => r.cut),
    expectationsCheckedPerRestart: { max: Math.max(0, ...results.map((r) => r.checked)), total: sum((r) => r.checked) },
    killsLeavingWal: results.filter((r) => r.walKb > 0).length,
    restartMedianMs: restarts[Math.floor(restarts.length / 2)] ?? 0,
    seconds: Math.round((Date.now() - started) / 1000),
    verdict,
  }
  mkdirSync(path.join(repoRoot, 'bench-results'), { recursive: true })
  const machine = `${describeMachine()}; load average ${loadBefore} → ${Math.round(loadavg()[0]! * 100) / 100}`
  writeFileSync(
    path.join(repoRoot, 'bench-results', 'crash.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine, writers: WRITERS, summary, runs: results }, null, 2)}\n`,
  )
  if (!args['no-readme']) {
    upsertBenchRow({
      id: 'mock-crash-safety',
      what: 'Mock crash safety: SIGKILL while writing; every restart must load a valid world with every acknowledged write',
      machine,
      how: `\`npm run bench:crash\`: ${WRITERS} writers on loopback (add/delete tenants, sign-ins), SIGKILL 20–420 ms into each run, then the disk (world.db with its WAL, as a restart reads it) and the restarted server are checked`,
      result: `${summary.kills} kills, ${summary.writesSent} writes sent, ${summary.acknowledged} acknowledged and all present after the kills (up to ${summary.expectationsCheckedPerRestart.max} checked per restart, ${summary.expectationsCheckedPerRestart.total} checks in all), ${summary.cutByKill} cut by a kill, ${summary.killsLeavingWal} kills left a WAL to recover, restart median ${summary.restartMedianMs} ms, ${summary.seconds} s; ${verdict}`,
    })
  }

  if (failed.length > 0) {
    console.log(`\nFAILED: ${failed.length} of ${results.length} runs lost or corrupted acknowledged writes`)
    return 1
  }
  if (results.length < RUNS) {
    console.log(`\nINCOMPLETE: only ${results.length} of ${RUNS} runs fit in the time budget`)
    return 2
  }
  console.log('\nOK: every restart loaded a valid world holding every acknowledged write')
  return 0
}

process.exitCode = await main()
