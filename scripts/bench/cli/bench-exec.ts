// `npm run bench:exec`: how long a command typed as the docs say takes from a checkout, against npm's own floor. Each of
// `npm exec -- node -e 0` (npm finding a bin and starting Node: the floor), `npm exec -- travel-portal --help` (the
// documented way) and `node cli/bin.js --help` (the CLI alone, on the project's Node) run 15 times, alternating;
// medians and ranges, wall clock. row `cli-exec` in docs/benchmarks.md.
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'

import { fmt, load1, median, repoRoot } from '../bench-lib.ts'
import { describeMachine, upsertBenchRow } from '../bench-readme.ts'

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '15' }, readme: { type: 'boolean', default: false } } })
const runs = Number(args.runs)
const commands = [
  { name: 'npm exec -- node -e 0', file: 'npm', args: ['exec', '--', 'node', '-e', '0'] },
  { name: 'npm exec -- travel-portal --help', file: 'npm', args: ['exec', '--', 'travel-portal', '--help'] },
  { name: 'node cli/bin.js --help', file: 'node_modules/.bin/node', args: ['cli/bin.js', '--help'] },
]
const loadBefore = load1()
const times = new Map<string, number[]>(commands.map((command) => [command.name, []]))
for (let run = 0; run < runs; run += 1) {
  for (const command of commands) {
    const started = performance.now()
    const result = spawnSync(command.file, command.args, { cwd: repoRoot, stdio: 'ignore', timeout: 30_000 })
    if (result.status !== 0) throw new Error(`${command.name} exited ${result.status}`)
    times.get(command.name)!.push(performance.now() - started)
  }
}
const line = (name: string) => {
  const list = times.get(name)!
  return `${name} ${fmt(median(list) / 1000, 2)} s (${fmt(Math.min(...list) / 1000, 2)}–${fmt(Math.max(...list) / 1000, 2)})`
}
const floor = median(times.get(commands[0]!.name)!)
const documented = median(times.get(commands[1]!.name)!)
const result = `${commands.map((command) => line(command.name)).join(' · ')} · the documented way **${fmt((documented - floor) / 1000, 2)} s** over npm's floor (goal ≤ 0.3 s)`
process.stdout.write(`${result}\n`)
if (args.readme) {
  upsertBenchRow({
    id: 'cli-exec',
    what: 'A CLI command typed as the docs say, from a checkout, against npm exec’s own floor',
    how: `\`npm run bench:exec -- --readme\`: each command ${runs} times, alternating, wall clock, medians (ranges); the machine's npm on its own Node, the CLI on the project's Node 24`,
    machine: `${describeMachine()}; load average ${loadBefore} → ${load1()}`,
    result,
  })
}
