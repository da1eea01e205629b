// The portal's routes as data, read from web/src/app/router.tsx's source: which route module serves
// which path. The build writes it to dist/.vite/routes.json (routeTable plugin) so the production
// server can preload a page's chunks with its HTML; scripts/check-bundle-budgets.ts names its rows
// with it. Pure functions, no Vite or React.
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

export type RouteEntry = {
  /** React Router pattern without the leading slash ('' for the index route), e.g. 'booking/:id?/payments' */
  path: string
  /** the route module's manifest key, e.g. 'src/app/routes/booking.tsx' */
  module: string
  /** imported statically (in the first bundle) rather than lazy */
  static: boolean
}

/** Route modules and their paths (`path: 'x', lazy: () => import('@/app/routes/y')`, `{ path: 'x', ...yRoute }`). */
export const parseRouter = (source: string, alias = '@/app/routes/'): { lazy: string[]; static: string[]; paths: Record<string, string[]> } => {
  const esc = alias.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const lazy = new Set<string>()
  const staticModules = new Map<string, string>() // local name → module
  const paths: Record<string, string[]> = {}
  const add = (route: string, path: string) => (paths[route] ??= []).push(path)
  for (const m of source.matchAll(new RegExp(`import\\s+(?:\\*\\s+as\\s+(\\w+)|\\{[^}]*\\}|(\\w+))\\s+from\\s+['"]${esc}([\\w-]+)['"]`, 'g'))) {
    staticModules.set(m[1] ?? m[2] ?? m[3]!, m[3]!)
  }
  // one route object per `{ … }` that has no nested braces
  for (const m of source.matchAll(/\{([^{}]*)\}/g)) {
    const body = m[1]!
    const path = /\bpath:\s*['"]([^'"]*)['"]/.exec(body)?.[1]
    const index = /\bindex:\s*true\b/.test(body)
    const address = index ? '/' : path === undefined ? null : path === '*' ? '*' : `/${path}`
    const lazyModule = new RegExp(`import\\(\\s*['"]${esc}([\\w-]+)['"]\\s*\\)`).exec(body)?.[1]
    if (lazyModule) {
      lazy.add(lazyModule)
      if (address) add(lazyModule, address)
      continue
    }
    const spread = /\.\.\.(\w+)/.exec(body)?.[1]
    const spreadModule = spread ? staticModules.get(spread) : undefined
    if (spreadModule && address) add(spreadModule, address)
  }
  return { lazy: [...lazy], static: [...new Set(staticModules.values())], paths }
}

/** The router's routes as entries, `routesDir` being the modules' folder as the manifest names it. */
export const routeTable = (source: string, routesDir = 'src/app/routes/'): RouteEntry[] => {
  const parsed = parseRouter(source)
  const statics = new Set(parsed.static)
  return Object.entries(parsed.paths).flatMap(([module, paths]) =>
    paths.map((path) => ({ path: path === '/' ? '' : path.replace(/^\//, ''), module: `${routesDir}${module}.tsx`, static: statics.has(module) })),
  )
}

// React Router's ranking, simplified: static segments beat dynamic ones, which beat optional ones; the splat is last.
const segmentScore = (segment: string) => (segment === '*' ? 1 : segment.endsWith('?') ? 2 : segment.startsWith(':') ? 3 : 10)

/** The route that serves `pathname` (e.g. '/booking/bkg-1/payments'), or null. */
export const matchRoute = (pathname: string, table: RouteEntry[]): RouteEntry | null => {
  const parts = pathname.split('/').filter(Boolean)
  let best: { entry: RouteEntry; score: number } | null = null
  for (const entry of table) {
    const segments = entry.path.split('/').filter(Boolean)
    if (!fits(parts, segments)) continue
    const score = segments.reduce((sum, segment) => sum + segmentScore(segment), 0) + (segments.includes('*') ? 0 : 1000)
    if (!best || score > best.score) best = { entry, score }
  }
  return best?.entry ?? null
}

/** Whether `segments` (a pattern) take all of `parts` (a path); the dynamic ones' values land in `params`. */
const fits = (parts: string[], segments: string[], params: Record<string, string> = {}): boolean => {
  if (segments.length === 0) return parts.length === 0
  const [segment, ...restSegments] = segments
  if (segment === '*') return true
  const name = segment!.startsWith(':') ? segment!.slice(1).replace(/\?$/, '') : null
  if (segment!.endsWith('?')) {
    // optional: either it takes this part, or it is skipped
    if (parts.length > 0) {
      const taken = { ...params }
      if (name !== null) taken[name] = decodeURIComponentSafe(parts[0]!)
      if (fits(parts.slice(1), restSegments, taken)) {
        Object.assign(params, taken)
        return true
      }
    }
    return fits(parts, restSegments, params)
  }
  if (parts.length === 0) return false
  if (name === null && segment !== decodeURIComponentSafe(parts[0]!)) return false
  if (name !== null) params[name] = decodeURIComponentSafe(parts[0]!)
  return fits(parts.slice(1), restSegments, params)
}

/** The parameters of `pattern` (a table entry's path) in `pathname`, decoded as React Router gives them; null when it does not fit. */
export const routeParams = (pattern: string, pathname: string): Record<string, string> | null => {
  const params: Record<string, string> = {}
  return fits(pathname.split('/').filter(Boolean), pattern.split('/').filter(Boolean), params) ? params : null
}

const decodeURIComponentSafe = (value: string) => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Vite plugin: writes .vite/routes.json (the route table) next to the manifest. */
export const routeTablePlugin = (routerFile: string): Plugin => ({
  name: 'portal-route-table',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: '.vite/routes.json', source: `${JSON.stringify(routeTable(readFileSync(routerFile, 'utf8')), null, 2)}\n` })
  },
})
