// Refuses a Node older than the CLI needs, in plain JS (no TypeScript syntax, nothing imported) so that
// even an old Node parses it far enough to say so. Imported first by both bins.
const major = Number(process.versions.node.split('.')[0])
const minor = Number(process.versions.node.split('.')[1])
// 22.13: node:sqlite (the mock's store) without a flag
if (!(major > 22 || (major === 22 && minor >= 13))) {
  process.stderr.write(
    `error: travel-portal needs Node 22.13 or newer; this is Node ${process.versions.node}.\n` +
      'In a checkout of the repository, run it through npm so the pinned Node 24 is used: `npm exec -- travel-portal ...`.\n',
  )
  process.exit(2)
}
