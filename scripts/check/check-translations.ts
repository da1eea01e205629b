/**
 * npm run i18n:check — fails when the Lingui catalogs are not up to date:
 *   - a message used in code is missing from a catalog (run `npm run i18n:extract`);
 *   - a catalog still holds a message no longer used in code (same fix);
 *   - a Spanish text in the catalog differs from the one in code (same fix:
 *     extract runs with --overwrite, code is the source of Spanish);
 *   - a message has no translation in es or en (edit web/src/locales/en/messages.po).
 * It extracts in memory and never writes the catalogs.
 */
import { fileURLToPath } from 'node:url'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'

const configPath = fileURLToPath(new URL('../../web/lingui.config.ts', import.meta.url))
const config = getConfig({ configPath })

type Problem = { locale: string; kind: string; id: string; message?: string }
const problems: Problem[] = []

for (const catalog of await getCatalogs(config)) {
  const extracted = (await catalog.collect()) ?? {}
  const existing = await catalog.readAll()

  for (const locale of config.locales) {
    const messages = existing[locale] ?? {}
    for (const [id, source] of Object.entries(extracted)) {
      const entry = messages[id]
      if (!entry || entry.obsolete) {
        problems.push({ locale, kind: 'in code but not in catalog', id, message: source.message })
      } else if (!entry.translation?.trim()) {
        problems.push({ locale, kind: 'missing translation', id, message: source.message })
      } else if (locale === config.sourceLocale && source.message !== undefined && entry.translation !== source.message) {
        problems.push({ locale, kind: 'catalog text differs from code', id, message: source.message })
      }
    }
    for (const [id, entry] of Object.entries(messages)) {
      if (!(id in extracted)) {
        problems.push({ locale, kind: 'in catalog but no longer in code', id, message: entry.message })
      }
    }
  }
}

if (problems.length === 0) {
  console.log(`i18n:check: catalogs for ${config.locales.join(', ')} are complete and up to date.`)
} else {
  const lines = problems
    .sort((a, b) => a.locale.localeCompare(b.locale) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id))
    .map((p) => {
      // Generated ids are the source text; only show the text when it adds something.
      const text = p.message && p.message !== p.id ? `  (${JSON.stringify(p.message)})` : ''
      return `  [${p.locale}] ${p.kind}: ${JSON.stringify(p.id)}${text}`
    })
  console.error(`i18n:check: ${problems.length} problem(s):\n${lines.join('\n')}`)
  console.error('\nFix: npm run i18n:extract, then translate the empty msgstr entries in web/src/locales/en/messages.po.')
  process.exitCode = 1
}
