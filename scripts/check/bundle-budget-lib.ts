// What a route costs on its first load, from Vite's build manifest (web/dist/.vite/manifest.json).
// Pure functions over the manifest; scripts/check/check-bundle-budgets.ts reads the files and prints.
//
// First load of a route = the entry (index.html's script) and everything it imports statically,
// + what main.tsx always loads before the first render (the first bundle's part of the default
// language's catalog), + for a lazy route: its lazy chunk and its static imports, and what every lazy
// route loads with it (the rest of the catalog). CSS the same way: every chunk's `css`.

export type ManifestChunk = {
  file: string
  name?: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export type Files = { js: string[]; css: string[] }

/** The manifest keys of a chunk and of everything it imports statically, depth-first, each once. */
export const staticClosure = (manifest: Manifest, key: string, into: Set<string> = new Set()): Set<string> => {
  if (into.has(key)) return into
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in the manifest`)
  into.add(key)
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into)
  return into
}

export const entryKey = (manifest: Manifest): string => {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`)
  return entries[0]![0]
}

const filesOf = (manifest: Manifest, keys: Iterable<string>): Files => {
  const js = new Set<string>()
  const css = new Set<string>()
  for (const key of keys) {
    const chunk = manifest[key]!
    if (chunk.file.endsWith('.js')) js.add(chunk.file)
    else if (chunk.file.endsWith('.css')) css.add(chunk.file)
    for (const sheet of chunk.css ?? []) css.add(sheet)
  }
  return { js: [...js].sort(), css: [...css].sort() }
}

/** Lazy route modules: dynamic entries whose source is under `routesDir` (e.g. src/app/routes/). */
export const lazyRouteModules = (manifest: Manifest, routesDir: string): Map<string, string> => {
  const routes = new Map<string, string>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const src = chunk.src ?? key
    if (chunk.isDynamicEntry && src.startsWith(routesDir)) routes.set(moduleName(src), key)
  }
  return routes
}

/** "src/app/routes/guest/login-callback.tsx" → "login-callback" */
export const moduleName = (src: string): string =>
  src
    .split('/')
    .pop()!
    .replace(/\.[jt]sx?$/, '')

/**
 * The files a route loads first: the entry's closure, the startup chunks' closures (keys that
 * are not in this build, e.g. a catalog renamed, are an error) and, for a lazy route, its own.
 * `routeKey` null: the route is in the entry (the sign-in page).
 */
export const firstLoadFiles = (manifest: Manifest, routeKey: string | null, startupKeys: string[] = [], lazyKeys: string[] = []): Files => {
  const keys = staticClosure(manifest, entryKey(manifest))
  for (const key of startupKeys) staticClosure(manifest, key, keys)
  if (routeKey !== null) for (const key of [routeKey, ...lazyKeys]) staticClosure(manifest, key, keys)
  return filesOf(manifest, keys)
}

export type RouteUsage = {
  route: string
  /** addresses served by the route module, from the router (for the table only) */
  paths: string[]
  lazy: boolean
  js: number
  css: number
  files: Files
}

/** Sizes of each route's first load; `size(file)` gives a file's gzipped bytes. */
export const measureRoutes = (
  manifest: Manifest,
  options: {
    routesDir: string
    staticRoute: string
    startup: string[]
    withLazyRoutes?: string[]
    paths?: Record<string, string[]>
    size: (file: string) => number
  },
): RouteUsage[] => {
  const sum = (files: string[]) => files.reduce((total, file) => total + options.size(file), 0)
  const usage = (route: string, key: string | null): RouteUsage => {
    // `{route}` in a key: the route module's own one (its part of the catalog)
    const files = firstLoadFiles(
      manifest,
      key,
      options.startup,
      options.withLazyRoutes?.map((k) => k.replaceAll('{route}', route)),
    )
    return { route, paths: options.paths?.[route] ?? [], lazy: key !== null, js: sum(files.js), css: sum(files.css), files }
  }
  const lazy = [...lazyRouteModules(manifest, options.routesDir)].sort(([a], [b]) => a.localeCompare(b))
  return [usage(options.staticRoute, null), ...lazy.map(([route, key]) => usage(route, key))]
}

/**
 * Every page but the sign-in page must be its own lazy chunk (web/src/config/routes.universal.ts lists them;
 * the router imports them with import.meta.glob): a dynamic entry of the build that the entry does
 * not load up front.
 */
export const lazinessProblems = (manifest: Manifest, options: { routesDir: string; lazyModules: string[] }): string[] => {
  const problems: string[] = []
  const built = lazyRouteModules(manifest, options.routesDir)
  const entryClosure = staticClosure(manifest, entryKey(manifest))
  for (const route of options.lazyModules) {
    const key = built.get(route)
    if (!key) problems.push(`${route}: lazy in the router but not a chunk of its own in the build (is it also imported statically somewhere?)`)
    else if (entryClosure.has(key)) problems.push(`${route}: its chunk is loaded up front by the entry`)
  }
  return problems
}

export type Budget = { js: number; css: number }
export type Budgets = {
  /** manifest keys main.tsx always loads before the first render */
  startup: string[]
  /** manifest keys every lazy route loads along with its own chunk; `{route}` stands for the route module's name */
  withLazyRoutes: string[]
  /** the default language's catalog parts (web/catalog-split.ts) */
  catalog: { startup: string; rest: string; /** `{route}`: a route module's own part */ route?: string }
  /** kB (1000 bytes) of gzipped JS / CSS, per route module */
  routes: Record<string, Budget>
  /** for a route module that has no budget of its own yet */
  newRoute: Budget
}

export type Verdict = RouteUsage & { budget: Budget; defaulted: boolean; over: ('js' | 'css')[] }

export const judge = (usages: RouteUsage[], budgets: Budgets): Verdict[] =>
  usages.map((usage) => {
    const own = budgets.routes[usage.route]
    const budget = own ?? budgets.newRoute
    const over: ('js' | 'css')[] = []
    if (usage.js > budget.js * 1000) over.push('js')
    if (usage.css > budget.css * 1000) over.push('css')
    return { ...usage, budget, defaulted: !own, over }
  })

/** Current size + `headroom`, rounded up to `step` kB: the budget to write for a route. */
export const suggestBudget = (bytes: number, headroom = 0.1, step = 5): number => Math.ceil((bytes * (1 + headroom)) / 1000 / step) * step

// Lingui ids in built code: `{id:"AbC-12"}` (6 characters, base64url).
const MESSAGE_ID = /\bid:\s*["'`]([A-Za-z0-9_-]{6})["'`]/g
const CATALOG_KEY = /"([A-Za-z0-9_-]{6})":\[/g

/** The ids a compiled catalog chunk defines. */
export const catalogIds = (catalogCode: string): Set<string> => new Set([...catalogCode.matchAll(CATALOG_KEY)].map((m) => m[1]!))

/**
 * Message ids used by the first bundle's code that only the rest of the catalog has: they would show
 * as ids on the sign-in page (the .po origins are stale: run npm run i18n:extract).
 */
export const misplacedMessageIds = (firstBundleCode: string, startupIds: Set<string>, restIds: Set<string>): string[] =>
  [...new Set([...firstBundleCode.matchAll(MESSAGE_ID)].map((m) => m[1]!))].filter((id) => !startupIds.has(id) && restIds.has(id)).sort()
