import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { buildPackage } from '../../../scripts/dev/package.ts'

// `npm run package`'s tarball, installed as cli/README says (`npm install --global <tarball>`) into a prefix
// of its own in an empty directory outside the repository: no workspace, no node_modules above it, offline
// (the package has no dependencies to fetch). `env` is a shell's: the prefix's bin, then the pinned Node
// (the bin's shebang is `env node`), first on PATH, and npm's global prefix pointing at it.

export type InstalledPackage = {
  /** the empty directory everything lives in */
  dir: string
  tarball: string
  /** where the package was installed: <prefix>/lib/node_modules/travel-portal */
  installed: string
  /** the `travel-portal` command */
  bin: string
  env: NodeJS.ProcessEnv
  remove(): Promise<void>
}

export type RunResult = { code: number | null; stdout: string; stderr: string }

export function runIn(cwd: string, env: NodeJS.ProcessEnv, command: string, args: readonly string[], timeoutMs = 120_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Builds the tarball (unless given one) and returns the environment to install it in, not yet installed. */
export async function packageEnvironment(): Promise<Omit<InstalledPackage, 'installed'>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'travel-portal-install-'))
  for (let at = dir; path.dirname(at) !== at; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'node_modules'))) throw new Error(`${at} has a node_modules: the install would not be a stranger's`)
  }
  const tarball = await buildPackage(path.join(dir, 'dist'))
  const prefix = path.join(dir, 'prefix')
  const env: NodeJS.ProcessEnv = {
    PATH: `${path.join(prefix, 'bin')}:${path.dirname(process.execPath)}:${process.env['PATH'] ?? ''}`,
    HOME: dir,
    npm_config_prefix: prefix,
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    NO_COLOR: '1',
  }
  return { dir, tarball, bin: path.join(prefix, 'bin', 'travel-portal'), env, remove: () => rm(dir, { recursive: true, force: true }) }
}

/** The tarball built and installed with `npm install --global`, as cli/README's install section does. */
export async function installPackage(): Promise<InstalledPackage> {
  const environment = await packageEnvironment()
  const install = await runIn(environment.dir, environment.env, 'npm', ['install', '--global', environment.tarball])
  if (install.code !== 0) throw new Error(`npm install --global failed: ${install.stderr}`)
  return { ...environment, installed: path.join(environment.dir, 'prefix', 'lib', 'node_modules', 'travel-portal') }
}
