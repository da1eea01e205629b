import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Paths are relative to this file (rootDir defaults to the config's folder),
// so the CLI, the Vite plugin and the check script all agree no matter the cwd.
export default defineConfig({
  sourceLocale: 'es',
  locales: ['es', 'en'],
  // Missing English falls back to the Spanish source rather than showing an id.
  fallbackLocales: { default: 'es' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/lib/api/generated/**'],
    },
  ],
  // Line numbers churn the .po files on every edit; origins by file are enough.
  format: formatter({ lineNumbers: false }),
})
