// Writes contract/generated/field-limits.ts: the contract's length and count limits of request bodies and queries,
// as the generated zod exports them (checkoutBodyMembersItemNameMax = 100, …), in a module of plain
// numbers. The portal's forms take their limits from it: importing them from zod.ts itself put the
// whole generated zod (and zod) in every page's bundle, 42 kB gzip more (measured on the bookings page).
// Part of `npm run generate`; `npm run generate:check` fails when it drifts.
import { writeFileSync } from 'node:fs'
import * as generated from '../../contract/generated/zod.ts'

const target = 'contract/generated/field-limits.ts'
const limits = Object.entries(generated as Record<string, unknown>)
  .flatMap(([name, value]) => (typeof value === 'number' && /(Body|Query)/.test(name) && /(Min|Max)$/.test(name) ? [[name, value] as const] : []))
  .sort(([a], [b]) => a.localeCompare(b))

writeFileSync(
  target,
  `// Generated from contract/generated/zod.ts by scripts/generate/generate-field-limits.ts: do not edit.
// The request bodies' and queries' limits, as plain numbers (no zod): what a form may import.
${limits.map(([name, value]) => `export const ${name} = ${value};`).join('\n')}
`,
)
console.log(`${target}: ${limits.length} limits`)
