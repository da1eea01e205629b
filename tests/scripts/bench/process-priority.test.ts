import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { platform } from 'node:os'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'

import { lowerPriority } from '../../../scripts/bench/process-priority.ts'

/** Each thread's nice value, read back from /proc/<pid>/task/<tid>/stat (field 19). */
const niceOfThreads = (pid: number): number[] =>
  readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    // the command name may hold spaces and brackets: count the fields after its closing bracket
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })

describe.runIf(platform() === 'linux')('lowerPriority', () => {
  it('lowers every thread of a process and of the process it started, not only the main thread', async () => {
    // a Node process with a worker thread that starts a grandchild, as tsx starts the mock
    const script = `
      const { Worker } = require('node:worker_threads');
      const { spawn } = require('node:child_process');
      new Worker('setInterval(() => {}, 1000)', { eval: true });
      const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      setTimeout(() => console.log(grandchild.pid), 300);
      setInterval(() => {}, 1000);`
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
    try {
      const [line] = (await once(child.stdout, 'data')) as [Buffer]
      const grandchild = Number(line.toString().trim())
      expect(niceOfThreads(child.pid!).length).toBeGreaterThan(1)

      lowerPriority(child.pid!, 15)

      expect(new Set(niceOfThreads(child.pid!))).toEqual(new Set([15]))
      expect(new Set(niceOfThreads(grandchild))).toEqual(new Set([15]))
      process.kill(grandchild)
    } finally {
      child.kill()
    }
  })

  it('with descendants: false, lowers every thread of the process and leaves the processes it started alone', async () => {
    // a Node process with a worker thread and a child, as a bench has threads of its own and the browser it launched
    const script = `
      const { Worker } = require('node:worker_threads');
      const { spawn } = require('node:child_process');
      new Worker('setInterval(() => {}, 1000)', { eval: true });
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      setTimeout(() => console.log(child.pid), 300);
      setInterval(() => {}, 1000);`
    const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
    try {
      const [line] = (await once(parent.stdout, 'data')) as [Buffer]
      const browserLike = Number(line.toString().trim())
      const before = new Set(niceOfThreads(browserLike))

      lowerPriority(parent.pid!, 15, { descendants: false })

      expect(new Set(niceOfThreads(parent.pid!))).toEqual(new Set([15]))
      expect(new Set(niceOfThreads(browserLike))).toEqual(before)
      expect(before.has(15)).toBe(false)
      process.kill(browserLike)
    } finally {
      parent.kill()
    }
  })
})
