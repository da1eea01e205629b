import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { exitCodes } from '../../cli/src/base/exit-codes.ts'
import { runCli } from '../../cli/src/main.ts'
import { closedPortUrl, json, startFakeServer, type FakeServer } from '../support/fake-server.ts'
import { binPath, miniContractPath, repoRoot } from './helpers/paths.ts'
import { createTestIo } from './helpers/test-io.ts'

let tempDir: string

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), 'cli-test-'))
})

/** The real bin, on the Node running the tests (the pinned one under npx/npm). */
function runBin(args: readonly string[], nodePath = process.execPath) {
  const result = spawnSync(nodePath, [binPath, ...args], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('the bin', () => {
  it('prints help and exits 0', () => {
    const { code, stdout } = runBin(['--help'])
    expect(code).toBe(0)
    expect(stdout).toContain('Usage: travel-portal')
    for (const command of ['mock', 'tenants', 'scenario', 'reset', 'status', 'smoke', 'contract']) expect(stdout).toContain(`  ${command}`)
    // every exit code the CLI can end with, each said once
    for (const code of Object.values(exitCodes)) expect(stdout).toMatch(new RegExp(`^ {2}${code} {2}\\S`, 'm'))
    expect(stdout).toContain('2  bad arguments or input')
    expect(stdout).toContain('3  smoke --fail-under')
  })

  it('exits 2 on an unknown command, saying so', () => {
    const { code, stderr } = runBin(['frobnicate'])
    expect(code).toBe(2)
    expect(stderr).toContain("error: unknown command 'frobnicate'")
  })

  it('exits 2 with the field name for a bad tenant file', async () => {
    const file = path.join(tempDir, 'bad-tenant.yaml')
    await writeFile(file, 'name: Viajes Luna\nhost: luna.localhost\ncolor1: blue\n')
    const { code, stderr } = runBin(['tenants', 'add', '--file', file, '--mock-url', await closedPortUrl()])
    expect(code).toBe(2)
    expect(stderr).toContain('error: tenant.color1 must be a hex colour like #0a7cff')
  })

  it('refuses to run on Node older than 22, with exit 2', () => {
    // The machine's own Node may be older than the pinned one; use it when it is.
    let systemNode: string
    try {
      systemNode = execFileSync('/bin/sh', ['-c', 'PATH=/usr/local/bin:/usr/bin:/bin command -v node'], { encoding: 'utf8' }).trim()
    } catch {
      return
    }
    if (systemNode === '' || !existsSync(systemNode)) return
    const major = Number(execFileSync(systemNode, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim())
    if (major >= 22) return
    const { code, stderr } = runBin(['--help'], systemNode)
    expect(code).toBe(2)
    expect(stderr).toContain('travel-portal needs Node 22.13 or newer')
  })
})

describe('argument errors exit 2', () => {
  it.each([
    [['mock', '--port', 'x']],
    [['mock', '--port', '70000']],
    [['smoke']],
    [['smoke', '--base-url', 'not a url']],
    [['smoke', '--base-url', 'http://127.0.0.1:9', '--brake-email', 'throwaway@example.com']],
    [['tenants']],
    [['tenants', 'list', 'extra']],
    [['scenario', 'set']],
    [['scenario', 'set', 'bad name!']],
    [['contract', 'coverage']],
    [['contract', 'coverage', '--from', 'x.json', '--fail-under', '140']],
    [[]],
  ])('%j', async (args) => {
    const io = createTestIo()
    expect(await runCli(args, io)).toBe(2)
    expect(io.err()).toMatch(/error|Usage/)
  })

  it('--version exits 0', async () => {
    const io = createTestIo()
    expect(await runCli(['--version'], io)).toBe(0)
    expect(io.out()).toMatch(/^\d+\.\d+\.\d+\n$/)
  })
})

describe('tenants and scenario against a fake control API', () => {
  let control: FakeServer
  let tenants: Array<Record<string, unknown>>

  beforeAll(async () => {
    control = await startFakeServer()
  })
  afterAll(async () => {
    await control.close()
  })
  beforeEach(() => {
    tenants = [{ id: 'ag-sol', name: 'Viajes Sol', hosts: ['localhost', 'sol.localhost'], color1: '#c2410c', email: 'hola@viajessol.example' }]
    control.requests.length = 0
    control.setHandler((request) => {
      const route = `${request.method} ${request.path}`
      if (route === 'GET /__mock/tenants') return json(200, { tenants })
      if (route === 'POST /__mock/tenants') {
        const body = JSON.parse(request.body) as Record<string, unknown>
        if (tenants.some((tenant) => (tenant['hosts'] as string[]).includes(body['host'] as string))) {
          return json(409, {
            code: 'conflict',
            message: 'The host is already served.',
            fields: [{ field: 'hosts', code: 'conflict', message: 'already served by ag-sol' }],
          })
        }
        const created = { id: 'ag-luna', ...body, hosts: [body['host']] }
        tenants.push(created)
        return json(201, created)
      }
      if (route === 'DELETE /__mock/tenants/ag-sol') return { status: 204 }
      if (route === 'PUT /__mock/scenarios') {
        const target = { tenant: 'ag-sol' }
        return json(200, { scenarios: [], active: [{ name: 'sold-out', target }], added: [{ name: 'sold-out', target }], removed: [], target })
      }
      if (route.startsWith('DELETE /__mock/scenarios')) return json(200, { scenarios: [], active: [], added: [], removed: [] })
      if (route === 'GET /__mock/scenarios') {
        return json(200, {
          scenarios: [
            { name: 'sold-out', description: 'No seats.', targets: ['travelGroup'] },
            { name: 'slow', description: 'Slow.', targets: [] },
          ],
          active: [{ name: 'sold-out', target: {} }],
        })
      }
      return json(500, { code: 'internal_error', message: 'unexpected' })
    })
  })

  const run = async (...args: string[]) => {
    const io = createTestIo()
    const code = await runCli([...args, '--mock-url', control.url], io)
    return { code, out: io.out(), err: io.err() }
  }

  it('lists tenants as a table', async () => {
    const { code, out } = await run('tenants', 'list')
    expect(code).toBe(0)
    expect(out).toMatch(/^ag-sol\s+Viajes Sol\s+localhost,sol.localhost\s+#c2410c/m)
  })

  it('adds a tenant from flags, sending the contract field names, host and colour as the mock stores them', async () => {
    const { code, out } = await run(
      'tenants',
      'add',
      '--name',
      'Viajes Luna',
      '--host',
      'http://Luna.Localhost:5173/',
      '--color1',
      '#0A7CFF',
      '--css-extra',
      'body{}',
    )
    expect(code).toBe(0)
    expect(out).toBe('added tenant ag-luna (Viajes Luna, luna.localhost:5173)\n')
    expect(JSON.parse(control.requests[0]?.body ?? '{}')).toEqual({ name: 'Viajes Luna', host: 'luna.localhost:5173', color1: '#0a7cff', css_extra: 'body{}' })
  })

  it('adds every tenant of a JSON array file', async () => {
    const file = path.join(tempDir, 'tenants.json')
    await writeFile(
      file,
      JSON.stringify([
        { name: 'Uno', host: 'uno.localhost' },
        { name: 'Dos', hosts: ['dos.localhost'], cssExtra: '.x{}' },
      ]),
    )
    const { code } = await run('tenants', 'add', '--file', file)
    expect(code).toBe(0)
    expect(control.requests.map((request) => JSON.parse(request.body))).toEqual([
      { name: 'Uno', host: 'uno.localhost' },
      { name: 'Dos', hosts: ['dos.localhost'], css_extra: '.x{}' },
    ])
  })

  it('reports every bad field of a file, naming array items, without calling the mock', async () => {
    const file = path.join(tempDir, 'bad.json')
    await writeFile(
      file,
      JSON.stringify([
        { name: 'Uno', host: 'uno localhost' },
        { host: 'dos.localhost', colour1: '#fff', email: 'nope' },
      ]),
    )
    const { code, err } = await run('tenants', 'add', '--file', file)
    expect(code).toBe(2)
    expect(err).toContain('error: tenants[0].host must be a host name like')
    expect(err).toContain('error: tenants[1] has unknown field "colour1"')
    expect(err).toContain('error: tenants[1].name is required')
    expect(err).toContain('error: tenants[1].email must be an e-mail address')
    expect(control.requests).toEqual([])
  })

  it('names the flag for a bad flag value, and refuses --file with flags', async () => {
    const bad = await run('tenants', 'add', '--name', 'X', '--host', 'x.localhost', '--email', 'x')
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('error: tenant.email (--email) must be an e-mail address')
    const both = await run('tenants', 'add', '--file', 'x.json', '--name', 'X')
    expect(both.code).toBe(2)
    expect(both.err).toContain('use either --file or field flags')
  })

  it("passes the mock's rejection on, with exit 2", async () => {
    const { code, err } = await run('tenants', 'add', '--name', 'Otra', '--host', 'sol.localhost')
    expect(code).toBe(2)
    expect(err).toContain('answered 409: conflict; The host is already served.; hosts: already served by ag-sol')
  })

  it('exits 1 when the mock itself fails', async () => {
    const { code, err } = await run('tenants', 'remove', 'ag-nope')
    expect(code).toBe(1)
    expect(err).toContain('answered 500')
  })

  it('removes tenants', async () => {
    const { code, out } = await run('tenants', 'remove', 'ag-sol')
    expect(code).toBe(0)
    expect(out).toBe('removed tenant ag-sol\n')
  })

  it('sets scenarios for one tenant and resets them', async () => {
    const set = await run('scenario', 'set', 'sold-out', '--tenant', 'ag-sol')
    expect(set.code).toBe(0)
    expect(JSON.parse(control.requests[0]?.body ?? '{}')).toEqual({ names: ['sold-out'], target: { tenant: 'ag-sol' } })
    expect(set.out).toBe('at tenant ag-sol: sold-out\nreplaced: nothing\n')

    const reset = await run('scenario', 'reset', '--tenant', 'ag-sol')
    expect(reset.code).toBe(0)
    expect(control.requests[1]?.path).toBe('/__mock/scenarios?tenant=ag-sol')
  })

  it('lists scenarios', async () => {
    const { code, out } = await run('scenario', 'list')
    expect(code).toBe(0)
    expect(out).toMatch(/^active:\nname\s+where\n-+\s+-+\nsold-out\s+every tenant\n/)
    expect(out).toMatch(/^sold-out\s+--tenant --travel-group\s+No seats\.$/m)
    expect(out).toMatch(/^slow\s+--tenant\s+Slow\.$/m)
  })

  it('exits 2 when the mock is not running', async () => {
    const io = createTestIo()
    expect(await runCli(['tenants', 'list', '--mock-url', await closedPortUrl()], io)).toBe(2)
    expect(io.err()).toMatch(/cannot reach the mock at .*ECONNREFUSED.*is `travel-portal mock` running\?/)
  })
})

describe('contract coverage command', () => {
  it('prints the matrix from a coverage file and honours --fail-under', async () => {
    const file = path.join(tempDir, 'coverage.json')
    await writeFile(
      file,
      JSON.stringify({
        coverageVersion: 1,
        source: 'test',
        generatedAt: '',
        entries: [{ operationId: 'getThing', method: 'GET', path: '/things/{id}', status: 200, count: 1 }],
      }),
    )
    const io = createTestIo()
    expect(await runCli(['contract', 'coverage', '--from', file, '--contract', miniContractPath], io)).toBe(0)
    expect(io.out()).toMatch(/^getThing\s+✓/m)
    expect(io.out()).toContain('operations touched: 1/9')

    const strict = createTestIo()
    expect(await runCli(['contract', 'coverage', '--from', file, '--contract', miniContractPath, '--fail-under', '50'], strict)).toBe(1)
    expect(strict.err()).toContain('is under 50%')
  })

  it('exits 2 for a missing input file', async () => {
    const io = createTestIo()
    expect(await runCli(['contract', 'coverage', '--from', path.join(tempDir, 'nope.json'), '--contract', miniContractPath], io)).toBe(2)
    expect(io.err()).toContain('file not found')
  })
})

describe('mock command', () => {
  it("reads the options of npm run mock with the mock's own parser and hands them to startMockServer", async () => {
    // Exercised through its factory with a stand-in server and stop signal, and the real parser.
    const { mockCommand } = await import('../../cli/src/commands/mock-command.ts')
    const { mockUsage, parseMockStartOptions } = await import('../../mock/src/setups/start-options.ts')
    const started: unknown[] = []
    let closed = false
    const run = async (args: string[], env: Record<string, string> = {}) => {
      const io = createTestIo({ env })
      const command = mockCommand(
        io,
        async () => ({
          parseMockStartOptions,
          mockUsage,
          startMockServer: (options: unknown) => {
            started.push(options)
            return { url: 'http://127.0.0.1:4444', close: () => void (closed = true) }
          },
        }),
        // Stop at once, as if Ctrl-C arrived.
        async () => undefined,
      )
      command.exitOverride()
      await command.parseAsync(args, { from: 'user' })
      return io
    }
    const io = await run(['--port', '4444', '--seed', '7', '--fresh', '--data-dir', '/tmp/x', '--debug-login', '--no-control'], {
      MOCK_QUIET: '1',
      MOCK_TRUSTED_PROXIES: 'loopback, 10.0.0.0/8',
    })
    expect(started).toEqual([
      {
        port: 4444,
        host: '127.0.0.1',
        seed: 7,
        fresh: true,
        dataDir: '/tmp/x',
        quiet: true,
        debugLogin: true,
        control: false,
        trustedProxies: expect.objectContaining({ list: ['loopback', '10.0.0.0/8'] }),
      },
    ])
    expect(io.err()).toContain('mock listening on http://127.0.0.1:4444')
    expect(io.err()).toContain('control off (--no-control) · debug sign-in on for every tenant')
    expect(closed).toBe(true)
    // the help is the mock's own usage text, as npm run mock prints it
    expect((await run(['--help'])).out()).toBe(mockUsage('travel-portal mock'))
    expect(started).toHaveLength(1)
  })

  it("prints the mock's own usage for --help, through the whole program", async () => {
    const io = createTestIo()
    expect(await runCli(['mock', '--help'], io)).toBe(0)
    expect(io.out()).toMatch(/^Usage: travel-portal mock \[options\]\n\n {2}--port <n> /)
    expect(io.out()).toContain('--no-control')
  })

  it('refuses what npm run mock refuses, naming the option, with exit 2', async () => {
    for (const args of [['--port', 'x'], ['--host', '0.0.0.0'], ['--nope'], ['--trusted-proxies', 'proxy.example']]) {
      const io = createTestIo()
      expect(await runCli(['mock', ...args], io), args.join(' ')).toBe(2)
      expect(io.err()).toContain('Usage: travel-portal mock [options]')
    }
  })
})
