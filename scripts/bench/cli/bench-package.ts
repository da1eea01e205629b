// `npm run bench:package`: what installing `travel-portal` costs a backend team, next to the tools they would
// pick instead on the same machine: the tarball, its installed size and dependency count, and how long
// `--help` takes to answer (the start-up every command pays), against a checkout's bin (tsx), Prism's CLI
// and Schemathesis' `st` (when a venv with it is given: SCHEMATHESIS_VENV=/path/to/venv).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

import { buildPackage } from '../../dev/package.ts'
import { cleanUp, fmt, median, repoRoot, tempDir } from '../bench-lib.ts'
import { describeMachine, upsertBenchRow } from '../bench-readme.ts'

const RUNS = 15
const nodeDir = path.dirname(process.execPath)
const env = { ...process.env, PATH: `${nodeDir}:${process.env['PATH'] ?? ''}`, NO_COLOR: '1' }

const sizeOf = (target: string): number =>
  statSync(target).isDirectory() ? readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0) : statSync(target).size

/** Median wall time of `command --help`, after one warm-up run (the file cache warm, as on a second call). */
function startupMs(command: string, args: readonly string[]): number {
  const once = () => {
    const started = performance.now()
    const result = spawnSync(command, [...args], { env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 30_000 })
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr?.toString().slice(0, 500)}`)
    return performance.now() - started
  }
  once()
  return median(Array.from({ length: RUNS }, once))
}

try {
  const workdir = tempDir('bench-package-')
  const tarball = await buildPackage(path.join(workdir, 'dist'))
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--offline', tarball], { cwd: workdir, env, encoding: 'utf8' })
  if (install.status !== 0) throw new Error(`npm install failed: ${install.stderr}`)
  const modules = readdirSync(path.join(workdir, 'node_modules')).filter((name) => !name.startsWith('.'))
  const installedMb = sizeOf(path.join(workdir, 'node_modules')) / 1024 ** 2
  const tarballMb = statSync(tarball).size / 1024 ** 2

  const ours = startupMs(path.join(workdir, 'node_modules', '.bin', 'travel-portal'), ['--help'])
  const checkout = startupMs(process.execPath, [path.join(repoRoot, 'cli', 'bin.js'), '--help'])
  const prismBin = path.join(repoRoot, 'node_modules', '.bin', 'prism')
  const prism = existsSync(prismBin) ? startupMs(process.execPath, [prismBin, '--help']) : undefined
  const venv = process.env['SCHEMATHESIS_VENV']
  const st = venv !== undefined && existsSync(path.join(venv, 'bin', 'st')) ? startupMs(path.join(venv, 'bin', 'st'), ['--help']) : undefined
  const stVersion = st === undefined ? '' : spawnSync(path.join(venv!, 'bin', 'st'), ['--version'], { encoding: 'utf8' }).stdout.trim()

  const goalMet = installedMb < 10 && ours < 300 && modules.length === 1
  const result = [
    `tarball ${fmt(tarballMb, 2)} MB · installed **${fmt(installedMb, 2)} MB**, ${modules.length - 1} dependencies (${modules.join(', ')})`,
    `\`--help\` median of ${RUNS}: installed **${fmt(ours)} ms** · checkout's bin (tsx) ${fmt(checkout)} ms`,
    prism === undefined ? '' : `Prism 5.16 \`prism --help\` ${fmt(prism)} ms`,
    st === undefined ? '' : `Schemathesis \`st --help\` (${stVersion}) ${fmt(st)} ms`,
    `goal (< 10 MB installed, no dependency, \`--help\` < 300 ms): ${goalMet ? 'met' : 'NOT met'}`,
  ]
    .filter((part) => part !== '')
    .join(' · ')
  process.stdout.write(`${result}\n`)
  upsertBenchRow({
    id: 'package',
    what: 'The installable package (`npm run package`): what a backend team installs, and how soon a command starts',
    how: '`npm run bench:package`: the tarball installed offline into an empty directory outside the repository; `--help` timed with a warm file cache, next to the tools a team would pick instead on the same machine',
    machine: describeMachine(),
    result,
  })
} finally {
  cleanUp()
}
