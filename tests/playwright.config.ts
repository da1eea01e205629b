import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'

const isCI = Boolean(process.env.CI)
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:5173'
const repoRoot = fileURLToPath(new URL('..', import.meta.url))

// Debian's chromium, never a downloaded build (`playwright install` is not
// available here). The flags keep it quiet and offline-friendly.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  workers: 2,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]] : 'list',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'es-ES',
    launchOptions: chromium,
  },
  projects: [
    // Phones first: most travellers book from one.
    { name: 'phone', use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 } } },
  ],
  // Starts the dev server unless one is already up (or E2E_BASE_URL points elsewhere).
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'npm run web:dev',
        cwd: repoRoot,
        url: baseURL,
        reuseExistingServer: true,
        timeout: 60_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
})
