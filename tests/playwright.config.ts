import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'

const isCI = Boolean(process.env.CI)
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:5173'
const mockURL = process.env.E2E_MOCK_URL ?? 'http://localhost:3333'
const repoRoot = fileURLToPath(new URL('..', import.meta.url))

// Debian's Chromium, never a downloaded build (`playwright install` is not available here): its headless
// shell (package chromium-headless-shell, the same Chromium build), as Playwright itself runs headless tests.
// The full browser's headless mode spends about 1 s of CPU on every new context on a 2-core CI machine
// (decision 016). The flags keep it quiet and offline-friendly.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
}

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  // temporary files in a directory of the run's own, removed at its end
  globalSetup: './support/temp-dir-per-run.ts',
  workers: 2,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  // CI runs on 2 cores with the dev server transforming modules on first use, two browsers beside it:
  // generous, not tight (a lazy tab's first load on a new tenant's origin took 10–15 s there)
  timeout: isCI ? 60_000 : 30_000,
  expect: { timeout: isCI ? 20_000 : 5_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]] : 'list',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // Recorded when a failed test runs again (CI retries once): recording every test doubled the suite's time.
    trace: 'on-first-retry',
    locale: 'es-ES',
    launchOptions: chromium,
    // The built portal registers its service worker; a page behind one escapes page.route(). The specs
    // about working offline allow it (offline-app.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    // Phones first: most travellers book from one.
    { name: 'phone', use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 } } },
  ],
  // The mock API (a fresh world in a throw-away folder; Playwright empties test-results/ before it
  // starts the servers) and the portal as travellers get it: the production build, served by the
  // production server (decision 025; a sign-in page costs 0.7 s there against 1.8 s from the dev
  // server). The specs that need the dev server start one of their own (proxy.spec.ts, browser-mock.spec.ts).
  // Unless they are already up, or E2E_BASE_URL points elsewhere.
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : [
        {
          command: 'npx tsx mock/src/main.ts --port 3333 --fresh --quiet --data-dir test-results/e2e-mock-data',
          cwd: repoRoot,
          url: `${mockURL}/__mock/health`,
          reuseExistingServer: !isCI,
          timeout: 60_000,
          stdout: 'ignore',
          stderr: 'pipe',
        },
        {
          command: 'npx tsx tests/e2e/support/serve-built-portal.ts',
          cwd: repoRoot,
          url: baseURL,
          reuseExistingServer: !isCI,
          // the build first: about a minute on a 2-core machine
          timeout: 300_000,
          stdout: 'ignore',
          stderr: 'pipe',
        },
      ],
})
