import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, expect, it } from 'vitest'
import { parse } from 'yaml'

import { packageRoot } from '../../cli/src/package-paths.ts'
import type { SmokeReport } from '../../cli/src/smoke/report/smoke-report.ts'
import { startTestMock, type TestMock } from './helpers/mock-server.ts'

// cli/README.md's GitHub Actions recipe, run as written: its smoke step's command through bash in a
// checkout (npx --no-install included), with its env, the workflow's vars and secrets standing for the
// mock and its demo customers. It must pass against the conforming mock.

const run = promisify(execFile)

type Step = { name?: string; run?: string; env?: Record<string, string>; 'working-directory'?: string }

let mock: TestMock
let dir: string

beforeAll(async () => {
  ;[mock, dir] = await Promise.all([startTestMock(), mkdtemp(path.join(tmpdir(), 'ci-recipe-'))])
})

afterAll(async () => {
  await mock.dispose()
  await rm(dir, { recursive: true, force: true })
})

async function recipeStep(): Promise<Step> {
  const readme = await readFile(path.join(packageRoot, 'cli', 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('### 6. In CI (GitHub Actions)'))
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)?.[1]
  expect(yaml, 'the CI section has a yaml block').toBeDefined()
  const workflow = parse(yaml as string) as { jobs: Record<string, { steps: Step[] }> }
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps)
  const smoke = steps.find((step) => step.run?.includes('travel-portal smoke'))
  expect(smoke, 'a step runs travel-portal smoke').toBeDefined()
  return smoke as Step
}

it('runs verbatim against the mock and passes', { timeout: 120_000 }, async () => {
  const step = await recipeStep()
  expect(step['working-directory']).toBe('travel-portal')
  const context: Record<string, string> = {
    'vars.STAGING_API_URL': mock.url,
    'vars.STAGING_PORTAL_URL': 'http://localhost:5173',
    'vars.QA_CUSTOMER_EMAIL': 'ana.garcia@example.com',
    'vars.QA_OTHER_CUSTOMER_EMAIL': 'nuevo@example.com',
    'secrets.QA_CUSTOMER_PASSWORD': 'viaje2026',
    'secrets.QA_OTHER_CUSTOMER_PASSWORD': 'viaje2026',
  }
  // GitHub's ${{ … }} expressions, as Actions fills them in before the shell sees the line
  const fill = (text: string) =>
    text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_match, name: string) => {
      const value = context[name]
      if (value === undefined) throw new Error(`the recipe uses ${name}, which this test does not provide`)
      return value
    })
  const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, fill(value)]))
  const command = fill(step.run as string).trim()
  expect(command).toMatch(/^npx --no-install travel-portal smoke /)

  // the checkout, under the directory name the recipe expects: what npx needs of the repository, linked,
  // so that what the step writes (test-results/) stays out of the repository
  const workdir = path.join(dir, 'travel-portal')
  await mkdir(workdir)
  await Promise.all(['package.json', 'node_modules', 'cli'].map((name) => symlink(path.join(packageRoot, name), path.join(workdir, name))))
  const result = await run('bash', ['-c', command], { cwd: workdir, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { code?: number; stdout?: string; stderr?: string }) => error,
  )
  const { stdout = '', stderr = '' } = result as { stdout?: string; stderr?: string }
  const code = 'code' in result && typeof result.code === 'number' ? result.code : 0
  expect(code, `${stdout.slice(-3000)}\n${stderr}`).toBe(0)
  expect(stdout).toMatch(/^PASSED: \d+ of 69 operations worked/m)

  const report = JSON.parse(await readFile(path.join(workdir, 'test-results', 'conformance.json'), 'utf8')) as SmokeReport
  expect(report.write).toBe(true)
  expect(report.violations).toEqual([])
  for (const file of ['conformance.xml', 'conformance.har'])
    expect((await readFile(path.join(workdir, 'test-results', file), 'utf8')).length).toBeGreaterThan(100)
  // the password reached the run from the environment, and no file or log line holds it
  expect(stdout).not.toContain('viaje2026')
  expect(await readFile(path.join(workdir, 'test-results', 'conformance.har'), 'utf8')).not.toContain('viaje2026')
})
