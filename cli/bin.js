#!/usr/bin/env node
// The `travel-portal` bin in a checkout of the repository: the TypeScript sources through tsx.
// The installed package's bin is cli/package-bin.js, bundled by `npm run package`.
import './check-node.js'

// Dynamic imports on purpose: static ones are hoisted and would run before the version check.
const { register } = await import('tsx/esm/api')
register()
const { runCli } = await import('./src/main.ts')
process.exitCode = await runCli(process.argv.slice(2))
