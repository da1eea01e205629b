import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startBrokenBackend } from '../cli/fixtures/broken-backend.ts'
import { freePort } from '../../scripts/dev/free-port.ts'
import { installPackage, runIn, type InstalledPackage } from './helpers/installed-package.ts'

// The package as a backend team gets it: `npm run package`'s tarball installed with `npm install --global`
// into an empty directory outside the repository, then run from there through its bin (helpers/installed-package.ts).

let pkg: InstalledPackage
let mock: { child: ChildProcess; url: string } | undefined

const run = (command: string, args: readonly string[]) => runIn(pkg.dir, pkg.env, command, args)

const sizeOf = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name)
    return sum + (entry.isDirectory() ? sizeOf(full) : statSync(full).size)
  }, 0)

beforeAll(async () => {
  pkg = await installPackage()
}, 180_000)

afterAll(async () => {
  mock?.child.kill('SIGTERM')
  await pkg?.remove()
})

describe('the installed package', () => {
  it('installs alone: no dependency, under 10 MB, the contract inside, its version the contract’s', async () => {
    expect(readdirSync(path.dirname(pkg.installed)).filter((name) => !name.startsWith('.'))).toEqual(['travel-portal'])
    expect(sizeOf(pkg.installed)).toBeLessThan(10 * 1024 * 1024)
    const manifest = JSON.parse(await readFile(path.join(pkg.installed, 'package.json'), 'utf8')) as { version: string; dependencies?: object }
    expect(manifest.dependencies).toBeUndefined()
    const contract = JSON.parse(await readFile(path.join(pkg.installed, 'contract', 'openapi.json'), 'utf8')) as { info: { version: string } }
    expect(manifest.version).toBe(contract.info.version)
    const version = await run(pkg.bin, ['--version'])
    expect(version.code).toBe(0)
    expect(version.stdout.trim()).toBe(contract.info.version)
  })

  it('runs its mock, and smoke --write against it passes', { timeout: 300_000 }, async () => {
    const port = await freePort()
    const child = spawn(pkg.bin, ['mock', '--port', String(port), '--fresh', '--quiet', '--data-dir', path.join(pkg.dir, 'mock-data')], {
      cwd: pkg.dir,
      env: pkg.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    mock = { child, url: `http://127.0.0.1:${port}` }
    await expect.poll(() => stderr, { timeout: 30_000 }).toContain('mock listening on')

    const smoke = await run(pkg.bin, [
      'smoke',
      '--base-url',
      mock.url,
      '--write',
      '--email',
      'ana.garcia@example.com',
      '--password',
      'viaje2026',
      '--json',
      'passed.json',
      '--html',
      'passed.html',
    ])
    expect(smoke.code, `${smoke.stdout.slice(-2000)}\n${smoke.stderr}`).toBe(0)
    expect(smoke.stdout).toMatch(/^PASSED: \d+ of 69 operations worked/m)
    const html = await readFile(path.join(pkg.dir, 'passed.html'), 'utf8')
    expect(html).toContain('PASSED')
    expect(html).not.toContain('viaje2026')
  })

  it('fails with the finding against a backend broken on purpose', { timeout: 300_000 }, async () => {
    const broken = await startBrokenBackend(mock!.url)
    try {
      const smoke = await run(pkg.bin, [
        'smoke',
        '--base-url',
        broken.url,
        '--email',
        'ana.garcia@example.com',
        '--password',
        'viaje2026',
        '--include',
        'getProfile',
      ])
      expect(smoke.code, smoke.stderr).toBe(1)
      expect(smoke.stdout).toContain('[schema] getProfile')
      expect(smoke.stdout).toContain('$.email is required')
    } finally {
      await broken.close()
    }
  })

  it('diffs two contract files', async () => {
    const contract = JSON.parse(await readFile(path.join(pkg.installed, 'contract', 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>
    }
    delete contract.paths['/agency/faq']
    await writeFile(path.join(pkg.dir, 'next.json'), JSON.stringify(contract))
    const diff = await run(pkg.bin, ['contract', 'diff', path.join(pkg.installed, 'contract', 'openapi.yaml'), 'next.json'])
    expect(diff.code, diff.stderr).toBe(1)
    expect(diff.stdout).toMatch(/1 breaking/)
    expect(diff.stdout).toContain('GET /agency/faq: [Removed] operation')
  })

  it('says what it needs where the redocly of a checkout is missing', async () => {
    const lint = await run(pkg.bin, ['contract', 'lint'])
    expect(lint.code).toBe(2)
    expect(lint.stderr).toContain('npx @redocly/cli lint')
  })
})
