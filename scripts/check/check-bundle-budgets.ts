// npm run budget (and the last step of npm run build): gzipped JavaScript and CSS of each route's
// first load, from the production build's manifest, against scripts/check/bundle-budgets.json. Exits 1
// when a route is past its budget or a route other than sign-in is not a lazy chunk of its own.
//
//   --dist <dir>   the build to check (default web/dist)
//   --readme       also write the table's summary into docs/benchmarks.md
//   --suggest      print budgets at current size + 10 % (to paste into bundle-budgets.json)
//
// Sizes are gzip level 9, what web/server sends a browser that takes no Brotli (the budgets' measure); the
// Its benchmarks row also gives the sign-in page's Brotli size, the build's `.br` files, what browsers get. kB = 1000 bytes.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { FIRST_BUNDLE_PAGE, PAGE_ROUTES } from '../../web/src/config/routes.universal.ts'
import { renderTable } from '../../core/text-table.ts'
import { upsertBenchRow } from '../bench/bench-readme.ts'
import {
  type Budgets,
  catalogIds,
  entryKey,
  judge,
  lazinessProblems,
  lazyRouteModules,
  type Manifest,
  measureRoutes,
  misplacedMessageIds,
  staticClosure,
  suggestBudget,
} from './bundle-budget-lib.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: join(repoRoot, 'web/dist') },
    readme: { type: 'boolean', default: false },
    suggest: { type: 'boolean', default: false },
  },
})

const dist = resolve(args.dist)
const manifestPath = join(dist, '.vite/manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run \`npm run web:build\` (build.manifest is on in web/vite.config.ts).`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
const budgets = JSON.parse(readFileSync(join(repoRoot, 'scripts/check/bundle-budgets.json'), 'utf8')) as Budgets
// Which module serves which address: the app's one list of pages.
const paths: Record<string, string[]> = {}
for (const route of PAGE_ROUTES) (paths[route.page] ??= []).push(route.path === '*' ? '*' : `/${route.path}`)

const gz = new Map<string, number>()
const size = (file: string) => {
  let bytes = gz.get(file)
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
    gz.set(file, bytes)
  }
  return bytes
}

// the build's Brotli copy (web/vite.config.ts); a build without one has no Brotli size to give
const brotliSize = (file: string) => (existsSync(join(dist, `${file}.br`)) ? statSync(join(dist, `${file}.br`)).size : Number.NaN)

const routesDir = 'src/app/routes/'
const measure = (sizeOf: (file: string) => number) =>
  measureRoutes(manifest, { routesDir, staticRoute: FIRST_BUNDLE_PAGE, startup: budgets.startup, withLazyRoutes: budgets.withLazyRoutes, paths, size: sizeOf })
const usages = measure(size)
const verdicts = judge(usages, budgets)
const laziness = lazinessProblems(manifest, { routesDir, lazyModules: Object.keys(paths).filter((page) => page !== FIRST_BUNDLE_PAGE) })
// The first bundle's messages must all be in the startup part of the catalog.
const read = (key: string) => {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in the build: see "catalog" in scripts/check/bundle-budgets.json`)
  return readFileSync(join(dist, chunk.file), 'utf8')
}
const firstBundleCode = [...staticClosure(manifest, entryKey(manifest))]
  .filter((key) => manifest[key]!.file.endsWith('.js'))
  .map(read)
  .join('\n')
const startupIds = catalogIds(read(budgets.catalog.startup))
const restIds = catalogIds(read(budgets.catalog.rest))
const misplaced = misplacedMessageIds(firstBundleCode, startupIds, restIds)
// Each lazy route's own chunk must find its messages in the startup part or in its own. (Not the shared
// chunks it loads: they also hold modules the route never renders, whose messages are not in its part.)
const routeCatalogKey = budgets.catalog.route
// web/src/app/routes/{access}/{page}.tsx, by page
const routeKeys = lazyRouteModules(manifest, routesDir)
const misplacedByRoute = routeCatalogKey
  ? usages
      .filter((usage) => usage.lazy)
      .flatMap((usage) => {
        const routeKey = routeKeys.get(usage.route)
        if (routeKey === undefined) throw new Error(`${usage.route}: no route module under ${routesDir}`)
        const code = read(routeKey)
        const own = catalogIds(read(routeCatalogKey.replaceAll('{route}', usage.route)))
        const ids = misplacedMessageIds(code, new Set([...startupIds, ...own]), restIds)
        return ids.length ? [`${usage.route}: ${ids.join(', ')}`] : []
      })
  : []

const kb = (bytes: number) => (bytes / 1000).toFixed(1)
const rows = verdicts.map((v) => [
  v.route,
  v.paths.join(' ') || '—',
  v.lazy ? 'lazy' : 'first bundle',
  `${kb(v.js)} / ${v.budget.js}${v.defaulted ? '*' : ''}`,
  `${kb(v.css)} / ${v.budget.css}${v.defaulted ? '*' : ''}`,
  String(v.files.js.length + v.files.css.length),
  v.over.length ? `OVER (${v.over.join(', ')})` : 'ok',
])
process.stdout.write(renderTable(['route', 'paths', 'loading', 'JS gz kB / budget', 'CSS gz kB / budget', 'files', ''], rows))
console.log(
  `\nFirst load = entry + its static imports + ${budgets.startup.join(', ')}; lazy routes + their chunk and its static imports + ${budgets.withLazyRoutes.join(', ')}. gzip -9; kB = 1000 B.`,
)
if (verdicts.some((v) => v.defaulted)) console.log('* no budget of its own yet: the newRoute budget applies (add one to scripts/check/bundle-budgets.json).')

if (args.suggest) {
  const suggested = Object.fromEntries(
    verdicts.map((v) => [
      v.route,
      { js: v.route === FIRST_BUNDLE_PAGE ? (budgets.routes[v.route]?.js ?? 150) : suggestBudget(v.js), css: suggestBudget(v.css, 0.1, 1) },
    ]),
  )
  console.log(`\nSuggested budgets (current + 10 %):\n${JSON.stringify(suggested, null, 2)}`)
}

if (args.readme) {
  const signIn = verdicts.find((v) => v.route === FIRST_BUNDLE_PAGE)!
  const others = verdicts.filter((v) => v !== signIn)
  const largest = [...others].sort((a, b) => b.js - a.js)[0]
  const perRoute = verdicts.map((v) => `${v.paths[0] ?? v.route} ${kb(v.js)}+${kb(v.css)}`).join('; ')
  const signInBrotli = measure(brotliSize).find((u) => u.route === FIRST_BUNDLE_PAGE)
  upsertBenchRow({
    id: 'bundle-budgets',
    what: 'Portal: gzipped JS + CSS of each route’s first load (entry, its static imports, the default catalog, the route’s lazy chunk), against scripts/check/bundle-budgets.json',
    how: '`npm run build` (vite build, then `npm run budget`: reads web/dist/.vite/manifest.json, gzip -9 as web/server sends a browser without Brotli, kB = 1000 B); fails the build past budget or when a route other than sign-in is not lazy',
    result: `sign-in ${kb(signIn.js)} kB JS (budget ${signIn.budget.js}; ${signInBrotli && Number.isFinite(signInBrotli.js) ? `${kb(signInBrotli.js)} kB` : '—'} as the Brotli browsers get) + ${kb(signIn.css)} kB CSS; ${others.length} lazy routes, largest ${largest ? `${largest.paths[0] ?? largest.route} ${kb(largest.js)} kB JS` : '—'}; all routes JS+CSS kB: ${perRoute}`,
  })
  console.log('\nbench row "bundle-budgets" updated.')
}

const over = verdicts.filter((v) => v.over.length)
if (laziness.length) console.error(`\nRoutes that must be lazy:\n  ${laziness.join('\n  ')}`)
if (over.length)
  console.error(
    `\nPast budget: ${over.map((v) => `${v.route} (${v.over.join(', ')})`).join(', ')}. Make the route lighter, or raise its budget in scripts/check/bundle-budgets.json with a reason in the commit.`,
  )
if (misplaced.length)
  console.error(
    `\nMessages the first bundle shows but only the lazy part of the catalog has (stale .po origins? run npm run i18n:extract): ${misplaced.join(', ')}`,
  )
if (misplacedByRoute.length)
  console.error(
    `\nMessages a page's code shows that neither the startup part nor its own part of the catalog has (stale .po origins? run npm run i18n:extract):\n  ${misplacedByRoute.join('\n  ')}`,
  )
if (over.length || laziness.length || misplaced.length || misplacedByRoute.length) process.exit(1)
console.log(`\nAll ${verdicts.length} routes within budget; every route but ${FIRST_BUNDLE_PAGE} is lazy.`)
