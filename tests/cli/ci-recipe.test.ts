import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'
import { parse } from 'yaml'

import { packageRoot } from '../../cli/src/base/package-paths.ts'
import type { SmokeReport } from '../../cli/src/reports/smoke-report.ts'
import { packageEnvironment, runIn } from '../toolchain/helpers/installed-package.ts'
import { startTestMock, type TestMock } from './helpers/mock-server.ts'

// cli/README.md's CI recipes, run as written against the mock: the GitHub Actions workflow's install and smoke
// steps through bash (its ${{ }} expressions filled in as Actions fills them), and the plain shell script as
// is, each in an empty directory outside the repository with the package `npm run package` builds standing
// for the release's tarball. Both must pass, and leave their reports, the HTML one among them.

type Step = { name?: string; run?: string; env?: Record<string, string>; 'working-directory'?: string }

const customers = {
  email: 'ana.garcia@example.com',
  otherEmail: 'nuevo@example.com',
  password: 'viaje2026',
}

let mock: TestMock
let readme: string

beforeAll(async () => {
  ;[mock, readme] = await Promise.all([startTestMock(), readFile(path.join(packageRoot, 'cli', 'README.md'), 'utf8')])
})

afterAll(async () => {
  await mock.dispose()
})

const section = (title: string) => readme.slice(readme.indexOf(title))

async function expectReports(workdir: string, stdout: string): Promise<void> {
  expect(stdout).toMatch(/^PASSED: \d+ of 69 operations worked/m)
  const report = JSON.parse(await readFile(path.join(workdir, 'test-results', 'conformance.json'), 'utf8')) as SmokeReport
  expect(report.write).toBe(true)
  expect(report.violations).toEqual([])
  expect(await readFile(path.join(workdir, 'test-results', 'conformance.xml'), 'utf8')).toContain('<testsuite ')
  const html = await readFile(path.join(workdir, 'test-results', 'conformance.html'), 'utf8')
  expect(html).toContain('<span class="word">PASSED</span>')
  // the password reached the run from the environment, and no file or log line holds it
  expect(stdout).not.toContain(customers.password)
  expect(html).not.toContain(customers.password)
}

it('the GitHub Actions workflow: its install and smoke steps run verbatim and pass', { timeout: 180_000 }, async () => {
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section('**A CI job, GitHub Actions.**'))?.[1]
  expect(yaml, 'the GitHub Actions part has a yaml block').toBeDefined()
  const workflow = parse(yaml as string) as { jobs: Record<string, { steps: Step[] }> }
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps)
  const install = steps.find((step) => step.run?.includes('npm install --global'))
  const smoke = steps.find((step) => step.run?.includes('travel-portal smoke'))
  expect(install, 'a step installs the package').toBeDefined()
  expect(smoke, 'a step runs travel-portal smoke').toBeDefined()

  const pkg = await packageEnvironment()
  try {
    const context: Record<string, string> = {
      'vars.TRAVEL_PORTAL_PACKAGE': pkg.tarball,
      'vars.STAGING_API_URL': mock.url,
      'vars.STAGING_PORTAL_URL': 'http://localhost:5173',
      'vars.QA_CUSTOMER_EMAIL': customers.email,
      'vars.QA_OTHER_CUSTOMER_EMAIL': customers.otherEmail,
      'secrets.QA_CUSTOMER_PASSWORD': customers.password,
      'secrets.QA_OTHER_CUSTOMER_PASSWORD': customers.password,
    }
    // GitHub's ${{ … }} expressions, as Actions fills them in before the shell sees the line
    const fill = (text: string) =>
      text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_match, name: string) => {
        const value = context[name]
        if (value === undefined) throw new Error(`the recipe uses ${name}, which this test does not provide`)
        return value
      })
    const workdir = path.join(pkg.dir, 'workspace')
    await mkdir(workdir)
    for (const step of [install!, smoke!]) {
      const env = { ...pkg.env, ...Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, fill(value)])) }
      const result = await runIn(workdir, env, 'bash', ['-c', fill(step.run as string).trim()], 150_000)
      expect(result.code, `${step.name}: ${result.stdout.slice(-3000)}\n${result.stderr}`).toBe(0)
      if (step === smoke) await expectReports(workdir, result.stdout)
    }
  } finally {
    await pkg.remove()
  }
})

it('the plain shell script runs as it is and passes', { timeout: 180_000 }, async () => {
  const script = /```sh\n([\s\S]*?)```/.exec(section('**A CI job, any other runner**'))?.[1]
  expect(script, 'the any-other-runner part has a sh block').toBeDefined()
  const pkg = await packageEnvironment()
  try {
    const workdir = path.join(pkg.dir, 'workspace')
    await mkdir(workdir)
    await writeFile(path.join(workdir, 'conformance.sh'), script as string)
    const result = await runIn(
      workdir,
      {
        ...pkg.env,
        TRAVEL_PORTAL_PACKAGE: pkg.tarball,
        STAGING_API_URL: mock.url,
        STAGING_PORTAL_URL: 'http://localhost:5173',
        QA_CUSTOMER_EMAIL: customers.email,
        QA_OTHER_CUSTOMER_EMAIL: customers.otherEmail,
        TRAVEL_PORTAL_PASSWORD: customers.password,
        TRAVEL_PORTAL_OTHER_PASSWORD: customers.password,
      },
      'bash',
      ['conformance.sh'],
      150_000,
    )
    expect(result.code, `${result.stdout.slice(-3000)}\n${result.stderr}`).toBe(0)
    expect(result.stdout).toContain('conformance report: test-results/conformance.html (exit 0)')
    await expectReports(workdir, result.stdout)
  } finally {
    await pkg.remove()
  }
})
