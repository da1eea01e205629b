// Vite plugin: each language's catalog in two parts, so the first bundle carries only the texts it shows.
//
//   import('@/locales/es/messages.po?catalog=startup')  the messages used by modules main.tsx imports
//                                                        statically (shell, sign-in page, error texts)
//   import('@/locales/es/messages.po?catalog=rest')     every other message (the lazy pages)
//
// Which module uses a message comes from the .po origins (`#: src/…`, kept by `npm run i18n:extract`);
// which modules are in the first bundle from following web/src/main.tsx's static imports. The app
// loads the startup part before the first render and the rest together with the first lazy page
// (web/src/lib/i18n.ts, web/src/app/router.tsx). scripts/check-bundle-budgets.ts checks after every
// build that each message id in the first bundle's code is in the startup part (stale origins fail
// the build). A plain `import('….po')` still gets the whole catalog from @lingui/vite-plugin.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { LinguiConfigNormalized } from '@lingui/conf'
import { createCompiledCatalog, getCatalogDependentFiles, getCatalogForFile, getCatalogs } from '@lingui/cli/api'
import type { Plugin } from 'vite'

export type CatalogPart = 'startup' | 'rest'
const PART_QUERY = /\.po\?catalog=(startup|rest)$/

const IMPORT_RE = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

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

export function catalogSplit(options: { linguiConfig: LinguiConfigNormalized; entry: string; srcDir: string }): Plugin {
  const config = options.linguiConfig
  return {
    name: 'portal-catalog-split',
    enforce: 'pre',
    async load(id) {
      const match = PART_QUERY.exec(id)
      if (!match) return null
      const part = match[1] as CatalogPart
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
      const { source, errors } = createCompiledCatalog(locale, splitMessages(messages, origins, startupFiles)[part], { namespace: 'es' })
      if (errors.length) this.warn(`${locale} catalog: ${errors.length} message(s) failed to compile`)
      return { code: source, moduleType: 'js' }
    },
  }
}
