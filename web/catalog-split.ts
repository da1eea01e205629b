// Vite plugin: each language's catalog in parts, so a page loads only the texts it shows.
//
//   import('@/locales/es/messages.po?catalog=startup')   the messages used by modules main.tsx imports
//                                                         statically (shell, sign-in page, error texts)
//   import('@/locales/es/messages.po?catalog=route-faq') the other messages of one route module and what it
//                                                         imports statically (web/src/app/routes/public/faq.tsx):
//                                                         loaded with that page's code
//   import('@/locales/es/messages.po?catalog=rest')      every message but the startup ones (what a page
//                                                         loads later: a tab, a step, a dialog)
//   import { routeCatalogs } from 'virtual:route-catalogs'  routeCatalogs[locale][route]() for each route module
//
// Which module uses a message comes from the .po origins (`#: src/…`, kept by `npm run i18n:extract`);
// which modules are in the first bundle from following web/src/main.tsx's static imports. The app
// loads the startup part before the first render and the rest together with the first lazy page
// (web/src/lib/i18n/lingui.ts, web/src/app/router.tsx). scripts/check/check-bundle-budgets.ts checks after every
// build that each message id in the first bundle's code is in the startup part (stale origins fail
// the build). A plain `import('….po')` still gets the whole catalog from @lingui/vite-plugin.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import type { LinguiConfigNormalized } from '@lingui/conf'
import { createCompiledCatalog, getCatalogDependentFiles, getCatalogForFile, getCatalogs } from '@lingui/cli/api'
import type { Plugin } from 'vite'
import { ROUTE_MESSAGES_DIR } from './src/lib/i18n/route-messages.universal.ts'

export type CatalogPart = 'startup' | 'rest'
const PART_QUERY = /\.po\?catalog=(startup|rest|route-[\w-]+)$/
const ROUTE_CATALOGS = 'virtual:route-catalogs'
const RESOLVED_ROUTE_CATALOGS = `\0${ROUTE_CATALOGS}`

const IMPORT_RE = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** The route modules by page: web/src/app/routes/{access}/{page}.tsx. */
export function routeModules(srcDir: string): Map<string, string> {
  const routesDir = join(srcDir, 'app', 'routes')
  return new Map(
    readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => [basename(file, '.tsx'), join(routesDir, file)]),
  )
}

/** web/src files reachable from `entry` by static, non-type imports (dynamic import() is not followed). */
export function staticModuleGraph(entry: string, srcDir: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(IMPORT_RE)) {
      const spec = match[1]!
      const base = spec.startsWith('@/') ? join(srcDir, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(file), spec) : null
      if (!base || /\.(css|po|svg|png|json)$/.test(base)) continue
      const found = EXTENSIONS.map((ext) => base + ext).find((candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate))
      if (found) visit(found)
    }
  }
  visit(entry)
  return seen
}

/** Splits compiled-catalog messages by whether any of their origins is one of `startupFiles` (paths relative to `rootDir`). */
export function splitMessages<T>(
  messages: Record<string, T>,
  origins: Record<string, { origin?: [string, number?][] }>,
  startupFiles: Set<string>,
): Record<CatalogPart, Record<string, T>> {
  const parts: Record<CatalogPart, Record<string, T>> = { startup: {}, rest: {} }
  for (const [id, message] of Object.entries(messages)) {
    const inStartup = (origins[id]?.origin ?? []).some(([file]) => startupFiles.has(file))
    parts[inStartup ? 'startup' : 'rest'][id] = message
  }
  return parts
}

/** Messages with an origin in `routeFiles` and none in `startupFiles` (those are loaded already). */
export function routeMessages<T>(
  messages: Record<string, T>,
  origins: Record<string, { origin?: [string, number?][] }>,
  routeFiles: Set<string>,
  startupFiles: Set<string>,
): Record<string, T> {
  const part: Record<string, T> = {}
  for (const [id, message] of Object.entries(messages)) {
    const files = (origins[id]?.origin ?? []).map(([file]) => file)
    if (files.some((file) => routeFiles.has(file)) && !files.some((file) => startupFiles.has(file))) part[id] = message
  }
  return part
}

export function catalogSplit(options: { linguiConfig: LinguiConfigNormalized; entry: string; srcDir: string }): Plugin {
  const config = options.linguiConfig
  // the browser build's, not the page shell's for Node (web/shell.vite.config.ts) nor the development server's
  let building = false
  return {
    name: 'portal-catalog-split',
    enforce: 'pre',
    configResolved(resolved) {
      building = resolved.command === 'build' && !resolved.build.ssr
    },
    resolveId(id) {
      return id === ROUTE_CATALOGS ? RESOLVED_ROUTE_CATALOGS : null
    },
    async load(id) {
      if (id === RESOLVED_ROUTE_CATALOGS) {
        // One loader per language and route module, written out so each is its own chunk.
        const routes = [...routeModules(options.srcDir).keys()].sort()
        const catalogs = await getCatalogs(config)
        const byLocale = config.locales.map((locale) => {
          const path = catalogs[0]!.path.replace('{locale}', locale)
          const loaders = routes.map(
            (route) => `    ${JSON.stringify(route)}: () => import(${JSON.stringify(`${resolve(config.rootDir, path)}.po?catalog=route-${route}`)})`,
          )
          return `  ${JSON.stringify(locale)}: {\n${loaders.join(',\n')}\n  }`
        })
        return { code: `export const routeCatalogs = {\n${byLocale.join(',\n')}\n}\n`, moduleType: 'js' }
      }
      const match = PART_QUERY.exec(id)
      if (!match) return null
      const part = match[1]!
      const file = id.split('?')[0]!
      const found = getCatalogForFile(relative(config.rootDir, file), await getCatalogs(config))
      if (!found) throw new Error(`${file} is not one of the Lingui catalogs (web/lingui.config.ts)`)
      const { locale, catalog } = found
      for (const dependency of await getCatalogDependentFiles(catalog, locale)) this.addWatchFile(dependency)
      this.addWatchFile(file)
      const { messages } = await catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales, sourceLocale: config.sourceLocale })
      // Origins from the source language's catalog (every language has the same extraction).
      const origins = (await catalog.read(config.sourceLocale)) ?? {}
      const graph = staticModuleGraph(options.entry, options.srcDir)
      for (const module of graph) this.addWatchFile(module)
      const startupFiles = new Set([...graph].map((path) => relative(config.rootDir, path)))
      let selected: Record<string, unknown>
      if (part.startsWith('route-')) {
        const routeFile = routeModules(options.srcDir).get(part.slice('route-'.length))
        if (routeFile === undefined) throw new Error(`${part}: no route module web/src/app/routes/*/${part.slice('route-'.length)}.tsx`)
        const routeGraph = staticModuleGraph(routeFile, options.srcDir)
        for (const module of routeGraph) this.addWatchFile(module)
        selected = routeMessages(messages, origins, new Set([...routeGraph].map((path) => relative(config.rootDir, path))), startupFiles)
      } else {
        selected = splitMessages(messages, origins, startupFiles)[part as CatalogPart]
      }
      const { source, errors } = createCompiledCatalog(locale, selected as typeof messages, { namespace: 'es' })
      if (errors.length) this.warn(`${locale} catalog: ${errors.length} message(s) failed to compile`)
      // A route's part also as data, for the production server to write into that page's HTML (ROUTE_MESSAGES_ID)
      if (part.startsWith('route-') && building) {
        const { source: json } = createCompiledCatalog(locale, selected as typeof messages, { namespace: 'json' })
        this.emitFile({ type: 'asset', fileName: `${ROUTE_MESSAGES_DIR}/${locale}/${part.slice('route-'.length)}.json`, source: json })
      }
      return { code: source, moduleType: 'js' }
    },
  }
}
