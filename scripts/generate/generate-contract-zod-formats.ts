// Rewrites contract/generated/zod.ts (orval's output) so that its `format: email` is JSON Schema's, as
// every validator a backend team brings reads it (ajv-formats' "full" email, RFC 5322's dot-atom with a
// dotted domain). orval writes `zod.email()`, whose default pattern refuses addresses the contract
// accepts, such as a&b@example.com, so the mock answered 422 to valid requests.
// Part of `npm run generate` (after orval); `npm run generate:check` fails when it drifts, and
// tests/contract/generated-vs-contract.test.ts proves the result agrees with ajv on the edge cases.
import { readFileSync, writeFileSync } from 'node:fs'

const target = 'contract/generated/zod.ts'
// ajv-formats (dist/formats.js, fullFormats.email), as written there
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i
const IMPORT = "import * as zod from 'zod';"

const source = readFileSync(target, 'utf8')
if (!source.includes(IMPORT)) throw new Error(`${target}: orval's import line has changed; update this script`)
const rewritten = source
  .replace(
    IMPORT,
    `${IMPORT}\n\n/** JSON Schema's \`format: email\` (ajv-formats' full mode), not zod's stricter default. */\nexport const contractEmail = ${String(EMAIL)};`,
  )
  .replaceAll('zod.email()', 'zod.email({ pattern: contractEmail })')
writeFileSync(target, rewritten)
