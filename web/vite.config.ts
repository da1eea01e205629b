import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants as zlib } from 'node:zlib'
import { getConfig } from '@lingui/conf'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { VitePWA } from 'vite-plugin-pwa'
import { catalogSplit } from './catalog-split.ts'
import { type Compression, compileHintsPlugin } from './compile-hints-plugin.ts'
import { earlyReadsScriptPlugin } from './early-reads-plugin.ts'

const webRoot = fileURLToPath(new URL('.', import.meta.url))
const linguiConfigPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url))
// Loaded once and handed to the macro: left alone it searches from the cwd
// (the repo root) and finds no config.
const linguiConfig = getConfig({ configPath: linguiConfigPath })

// `@/…` → web/src, `@core/…` → core (the rules web, mock and cli share), `@contract/…` → contract (its
// generated types); mirrors "paths" in tsconfig.json.
export const webAliases = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@core': fileURLToPath(new URL('../core', import.meta.url)),
  '@contract': fileURLToPath(new URL('../contract', import.meta.url)),
}

// Shared with tests/vitest.config.ts so unit tests compile macros and .po files
// exactly like the app does.
export const webPlugins = () => [
  // Before react(): Lingui's <Trans> macro must be expanded before JSX is transformed.
  babel({ presets: [linguiTransformerBabelPreset({ linguiConfig }, { configPath: linguiConfigPath })] }),
  react(),
  // Compiles `import { messages } from './messages.po'` on the fly: no compile step.
  lingui({ configPath: linguiConfigPath }),
  // `….po?catalog=startup|rest`: the first bundle's messages apart from the lazy pages' (catalog-split.ts).
  catalogSplit({
    linguiConfig,
    entry: fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
    srcDir: fileURLToPath(new URL('./src', import.meta.url)),
  }),
]

const coreDir = `${webAliases['@core']}/`
const entryModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url))
type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }
let firstBundleIds: Set<string> | null = null
/**
 * The modules main.tsx reaches by static imports (computed once per build, on the final module graph), not
 * main.tsx itself: it stays in the small entry chunk, apart from the libraries. With main.tsx (its start-up then a
 * top-level `await`) inside the first bundle, the task that evaluates the page's code took a median 54 ms, against 31 ms
 * apart (8 loads of My bookings each, alternating builds, Chromium unthrottled); the main thread's total before
 * the largest paint stayed the same, in shorter tasks.
 */
const firstBundle = (ctx: ChunkingContext): Set<string> => {
  if (firstBundleIds) return firstBundleIds
  const seen = new Set<string>()
  const visit = (id: string) => {
    if (seen.has(id)) return
    seen.add(id)
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported)
  }
  visit(entryModule)
  seen.delete(entryModule)
  firstBundleIds = seen
  return seen
}

/**
 * .vite/build-info.json: where this build's pages call the API (VITE_API_URL). The production server's
 * CSP names that origin in connect-src only when the pages call another origin directly.
 */
const buildInfo = (mode: string): Plugin => ({
  name: 'portal-build-info',
  apply: 'build',
  generateBundle() {
    const apiUrl = loadEnv(mode, webRoot, 'VITE_').VITE_API_URL ?? null
    this.emitFile({ type: 'asset', fileName: '.vite/build-info.json', source: JSON.stringify({ apiUrl }) })
  },
})

/** public/mockServiceWorker.js is the mock's, for development in the browser: a production build leaves it out. */
const withoutMockWorker = (): Plugin => {
  let outDir = ''
  return {
    name: 'portal-without-mock-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      rmSync(join(outDir, 'mockServiceWorker.js'), { force: true })
    },
  }
}

/**
 * The service worker (web/src/service-worker.ts, decision 013), written next to the pages as
 * /service-worker.js with the build's scripts and styles listed in it. Production builds only. No
 * manifest from here (the production server writes one per agency) and no page in the list: the server
 * builds each page with its agency and its CSP, and the worker keeps them as they come.
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'service-worker.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['assets/**/*.{js,css}'],
      // the largest file is the app's first bundle (~440 kB before compression)
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    },
    devOptions: { enabled: false },
  })

// gzip -9 and Brotli 11: the build's copies, and a hinted chunk's made again (compile-hints-plugin.ts)
const COMPRESSION = {
  gzip: { level: zlib.Z_BEST_COMPRESSION },
  brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
} satisfies Compression

/**
 * Each script, stylesheet and SVG of the build also as `.br` (Brotli at its best quality) and `.gz` (gzip -9),
 * made once here: the production server sends the one the browser takes (web/server/portal-server.ts), as a
 * CDN or nginx's `brotli_static` would. Brotli makes the first bundle ~14 % smaller than gzip; at its best
 * quality it is too slow to make on a request.
 */
const precompressed = () =>
  compression({
    include: /\.(js|css|svg)$/,
    exclude: /[\\/]\.vite[\\/]/,
    algorithms: [defineAlgorithm('gzip', COMPRESSION.gzip), defineAlgorithm('brotliCompress', COMPRESSION.brotli)],
    logLevel: 'silent',
  })

export default defineConfig(({ mode }) => ({
  root: webRoot,
  // .vite/early-reads.js: the script that starts a page's first reads from its HTML (web/server/early-reads.ts).
  plugins: [...webPlugins(), earlyReadsScriptPlugin(), buildInfo(mode), withoutMockWorker(), serviceWorker(), compileHintsPlugin(COMPRESSION), precompressed()],
  resolve: { alias: webAliases },
  server: {
    port: 5173,
    strictPort: true,
    // Tenants are told apart by host: norte.localhost:5173, mar.localhost:5173… (Chromium and
    // curl resolve *.localhost to loopback).
    allowedHosts: ['.localhost', 'localhost', '127.0.0.1'],
    // Same-origin /api in development (no CORS); the mock listens on :3333.
    proxy: { '/api': process.env.API_PROXY_TARGET ?? 'http://localhost:3333' },
    // As the production server: no address (which may hold a sign-in link) in a Referer. index.html's
    // <meta name="referrer"> comes too late for the dev client script Vite puts first in <head>.
    headers: { 'Referrer-Policy': 'no-referrer' },
    // Transformed at start-up rather than on a page's first request: lazy pages, tabs and steps
    // otherwise wait for their first transform (seconds on a busy 2-core machine).
    warmup: { clientFiles: ['./src/main.tsx', './src/app/**/*.tsx', './src/features/**/*.tsx'] },
  },
  preview: { port: 4173, strictPort: true, headers: { 'Referrer-Policy': 'no-referrer' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // written next to the chunks but not referenced from them: web/server does not serve them
    sourcemap: 'hidden',
    // .vite/manifest.json: scripts/check/check-bundle-budgets.ts reads each route's chunks from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically, in one chunk (and one stylesheet): the first load
        // needs all of it anyway, and one request beats twenty on a phone (HTTP/1.1: six at a time).
        // Lazy pages keep their own chunks and share the rest automatically.
        //
        // Past that, few and larger chunks: a phone asks for at most six files at a time over HTTP/1.1
        // and each costs a round trip, so a page made of fifteen 1 kB chunks loaded slower than the
        // same bytes in four (Lighthouse's simulated slow 4G showed it). Left to itself the bundler
        // gives every module shared by two lazy chunks a chunk of its own; what a page shares only with
        // its own lazy parts (tabs, steps, dialogs) it merges into the page's chunk, as long as no module
        // of the app has a top-level await (that turns the merging off: decision 040, a lint rule).
        codeSplitting: {
          groups: [
            { debugName: 'first-bundle', name: (id: string, ctx: ChunkingContext) => (firstBundle(ctx).has(id) ? 'app' : null) },
            // the form kit and its libraries: every page with a form needs all of it
            // (lib/forms/zod.ts and lib/forms/form-fields.ts too: in the shared chunk they would make every page that shares code load zod)
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]|web[\\/]src[\\/](components[\\/]form[\\/]|hooks[\\/]use-zod-form|lib[\\/]forms[\\/](zod|form-fields)\.ts)/,
            },
            // shared code of our own (components, hooks, lib, and the rules in core/: each a chunk of
            // 1 kB or less on its own) used by two or more lazy chunks, but not the HTML sanitizer
            // (DOMPurify: 12 kB that only pages showing API HTML need) nor core/iban (it brings ibantools)
            {
              name: 'shared',
              test: (id: string) =>
                (/web[\\/]src[\\/](components|hooks|lib)[\\/]/.test(id) || (id.startsWith(coreDir) && id !== `${coreDir}iban.ts`)) &&
                !/(sanitize|safe)-html/.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}))
