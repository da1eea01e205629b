import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

describe('toolchain', () => {
  it('runs on Node 24, pinned through the node devDependency', () => {
    expect(process.versions.node.split('.')[0]).toBe('24')
  })

  it('declares Node 24 in engines and .nvmrc', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> }
    expect(pkg.engines.node).toBe('>=24 <25')
    expect(pkg.devDependencies.node).toMatch(/^24\./)
    expect(readFileSync('.nvmrc', 'utf8').trim()).toBe('24')
  })

  // npm warns against the Node it runs on: the machine's own (20 on ours and CI's), found on PATH past the project's
  const machineNode = (process.env['PATH'] ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .map((dir) => ({ node: join(dir, 'node'), npm: join(dir, 'npm') }))
    .find(({ node, npm }) => existsSync(node) && existsSync(npm) && Number(execFileSync(node, ['--version'], { encoding: 'utf8' }).slice(1).split('.')[0]) < 22)

  it.skipIf(machineNode === undefined)(
    'installs quietly with the machine’s own Node 20: no wall of engine warnings, and they are there to see when asked for',
    async () => {
      const install = (...extra: string[]) =>
        promisify(execFile)(machineNode!.node, [realpathSync(machineNode!.npm), 'install', '--dry-run', '--no-audit', '--no-fund', ...extra], {
          timeout: 120_000,
        })
      const quiet = await install()
      expect(`${quiet.stdout}${quiet.stderr}`).not.toContain('EBADENGINE')
      const asked = await install('--loglevel=warn')
      expect(asked.stderr).toContain('EBADENGINE')
    },
    240_000,
  )

  it('finds the CLI where npm looks first: the workspace’s bin in node_modules/.bin, the sources’ cli/bin.js', () => {
    // otherwise `npm exec -- travel-portal` loads the whole installed tree to find the project's own bin (2–3.6 s a command)
    expect(realpathSync('node_modules/.bin/travel-portal')).toBe(realpathSync('cli/bin.js'))
    const cli = JSON.parse(readFileSync('cli/package.json', 'utf8')) as { name: string; bin: Record<string, string> }
    expect(cli).toMatchObject({ name: 'travel-portal', bin: { 'travel-portal': 'bin.js' } })
  })
})
