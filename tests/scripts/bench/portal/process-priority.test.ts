import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { platform } from 'node:os'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'

import { childProcessesRunning, lowerPriority, yieldBrowserToPages } from '../../../../scripts/bench/portal/process-priority.ts'

/** Each thread's nice value, read back from /proc/<pid>/task/<tid>/stat (field 19). */
const niceOfThreads = (pid: number): number[] =>
  readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    // the command name may hold spaces and brackets: count the fields after its closing bracket
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })

/**
 * A Node process with a worker thread that starts a child process, as tsx starts the mock and a bench its browser.
 * `stop` ends both.
 */
const startProcessTree = async () => {
  const script = `
    const { Worker } = require('node:worker_threads');
    const { spawn } = require('node:child_process');
    new Worker('setInterval(() => {}, 1000)', { eval: true });
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    setTimeout(() => console.log(child.pid), 300);
    setInterval(() => {}, 1000);`
  const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  const [line] = (await once(parent.stdout, 'data')) as [Buffer]
  const child = Number(line.toString().trim())
  return {
    parent: parent.pid!,
    child,
    stop: () => {
      process.kill(child)
      parent.kill()
    },
  }
}

describe.runIf(platform() === 'linux')('lowerPriority', () => {
  it('lowers every thread of a process and of the process it started, not only the main thread', async () => {
    const tree = await startProcessTree()
    try {
      expect(niceOfThreads(tree.parent).length).toBeGreaterThan(1)

      lowerPriority(tree.parent, 15)

      expect(new Set(niceOfThreads(tree.parent))).toEqual(new Set([15]))
      expect(new Set(niceOfThreads(tree.child))).toEqual(new Set([15]))
    } finally {
      tree.stop()
    }
  })

  it('with descendants: false, lowers every thread of the process and leaves the processes it started alone', async () => {
    const tree = await startProcessTree()
    try {
      const before = new Set(niceOfThreads(tree.child))

      lowerPriority(tree.parent, 15, { descendants: false })

      expect(new Set(niceOfThreads(tree.parent))).toEqual(new Set([15]))
      expect(new Set(niceOfThreads(tree.child))).toEqual(before)
      expect(before.has(15)).toBe(false)
    } finally {
      tree.stop()
    }
  })

  it('puts the pages first: Chromium-like processes lowered, its renderers and their zygote left as they are', async () => {
    // a browser-like tree, each process named by its arguments as Chromium names them: the browser, a GPU process,
    // a zygote with a renderer below it, and a renderer started by the browser itself
    const idle = 'setInterval(() => {}, 1000)'
    const script = `
      const { spawn } = require('node:child_process');
      const node = process.execPath;
      const start = (code, type) => spawn(node, ['-e', code, '--', type], { stdio: ['ignore', 'pipe', 'ignore'] });
      const zygote = start(\`
        const r = require('node:child_process').spawn(process.execPath, ['-e', '${idle}', '--', '--type=renderer'], { stdio: 'ignore' });
        setTimeout(() => console.log(r.pid), 200); ${idle}\`, '--type=zygote');
      const gpu = start('${idle}', '--type=gpu-process');
      const renderer = start('${idle}', '--type=renderer');
      zygote.stdout.once('data', (d) => console.log(JSON.stringify({ gpu: gpu.pid, renderer: renderer.pid, zygote: zygote.pid, forked: Number(String(d)) })));
      ${idle}`
    const browser = spawn(process.execPath, ['-e', script, '--', '--type-less-browser'], { stdio: ['ignore', 'pipe', 'inherit'] })
    try {
      const [line] = (await once(browser.stdout, 'data')) as [Buffer]
      const pids = JSON.parse(line.toString()) as { gpu: number; renderer: number; zygote: number; forked: number }

      yieldBrowserToPages(browser.pid!, 12)

      expect(new Set(niceOfThreads(browser.pid!))).toEqual(new Set([12]))
      expect(new Set(niceOfThreads(pids.gpu))).toEqual(new Set([12]))
      for (const page of [pids.renderer, pids.zygote, pids.forked]) expect(niceOfThreads(page).includes(12)).toBe(false)
      for (const pid of Object.values(pids)) process.kill(pid)
    } finally {
      browser.kill()
    }
  })

  it('finds the browser a library started by its program', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
    try {
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(childProcessesRunning(process.pid, process.execPath)).toContain(child.pid)
      expect(childProcessesRunning(process.pid, '/usr/lib/chromium/not-this-one')).not.toContain(child.pid)
    } finally {
      child.kill()
    }
  })
})
