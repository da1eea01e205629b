#!/usr/bin/env node
// Entry point of the `travel-portal` bin. Plain JS (no TypeScript syntax) so
// that even an old Node can parse it far enough to print a useful error.

const major = Number(process.versions.node.split('.')[0])
if (!(major >= 22)) {
  process.stderr.write(
    `error: travel-portal needs Node 22 or newer (the project pins Node 24); this is Node ${process.versions.node}.\n` +
      'Run it through npm so the pinned Node is used: `npx travel-portal ...` or `npm run cli -- ...`.\n',
  )
  process.exit(2)
}

// Dynamic imports on purpose: static ones are hoisted and would run before
// the version check above.
const { register } = await import('tsx/esm/api')
register()
const { runCli } = await import('./src/main.ts')
process.exitCode = await runCli(process.argv.slice(2))
