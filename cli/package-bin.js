#!/usr/bin/env node
// The `travel-portal` bin of the installed package: `npm run package` bundles this file and what it
// imports to plain JavaScript (scripts/dev/package.ts). The checkout's bin is cli/bin.js.
import './check-node.js'

// Dynamic import on purpose: a static one is hoisted and would run before the version check.
const { runCli } = await import('./src/main.ts')
process.exitCode = await runCli(process.argv.slice(2))
