// Linux keeps a nice value per thread, not per process (setpriority(2), "Bugs"): `os.setPriority(pid)` moves only
// the main thread of a process, and its other threads — V8's compiler and GC helpers, libuv's pool — keep running
// at the old priority, as do the processes it started (tsx runs a script in a child of its own). The benches' servers
// must yield the cores to the browser whole, so this lowers every thread of a process and of its descendants; and
// the browser itself puts its pages first (yieldBrowserToPages).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { setPriority } from 'node:os'

const listed = (path: string): string[] => {
  try {
    return readdirSync(path)
  } catch {
    return [] // gone meanwhile, or no /proc here
  }
}

/** The child processes of one thread (Linux's /proc/<pid>/task/<tid>/children). */
const childrenOf = (pid: number, tid: string): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** Every process below `pid`, children first (none where there is no /proc). */
const descendantsOf = (pid: number): number[] =>
  listed(`/proc/${pid}/task`).flatMap((tid) => childrenOf(pid, tid).flatMap((child) => [child, ...descendantsOf(child)]))

/** A process's arguments ([] once it is gone). */
const argumentsOf = (pid: number): string[] => {
  try {
    // Chromium rewrites its processes' titles: their arguments then come as one string, spaces between
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean)
  } catch {
    return []
  }
}

/** Sets the nice value of every thread of one process; where there is no /proc (not Linux), the process's own. */
const lowerThreads = (pid: number, nice: number): void => {
  const threads = listed(`/proc/${pid}/task`)
  if (threads.length === 0) {
    // with /proc, a process with no threads listed has ended meanwhile
    if (!existsSync('/proc/self/task')) setPriority(pid, nice)
    return
  }
  for (const tid of threads) {
    try {
      setPriority(Number(tid), nice)
    } catch {
      // the thread ended meanwhile
    }
  }
}

/**
 * Sets the nice value of every thread of process `pid` and, unless `descendants` is false, of every process below
 * it. A bench lowers its own process with `descendants: false`: the browser it launched is its child, and is placed
 * by `yieldBrowserToPages`. Threads started later inherit it from the thread that starts them.
 */
export function lowerPriority(pid: number, nice: number, { descendants = true }: { descendants?: boolean } = {}): void {
  for (const each of descendants ? [pid, ...descendantsOf(pid)] : [pid]) lowerThreads(each, nice)
}

/**
 * Puts the pages first: every thread of Chromium's own processes (the browser process, its GPU, network, storage and
 * utility processes) at `nice`, the renderers and the zygotes they are forked from left as Chromium sets them. On a
 * phone the page's main thread has a core and these processes others; on a host with two cores they take turns,
 * and whoever has the higher priority goes first. Chromium raises its browser process's main and IO threads and its
 * GPU compositor to nice −8 where it may (as root: it fails quietly elsewhere), and they then preempted the page's
 * main thread through every load (decision 045's amendment). Processes Chromium starts later from a zygote keep
 * Chromium's priority; the ones it starts itself inherit this one.
 */
export function yieldBrowserToPages(browserPid: number, nice: number): void {
  for (const pid of [browserPid, ...descendantsOf(browserPid)]) {
    const type = argumentsOf(pid).find((arg) => arg.startsWith('--type='))
    if (type !== '--type=renderer' && type !== '--type=zygote') lowerThreads(pid, nice)
  }
}

/** The processes `parentPid` started whose program is `executable` (a browser launched by a library that hides its pid). */
export function childProcessesRunning(parentPid: number, executable: string): number[] {
  return listed(`/proc/${parentPid}/task`)
    .flatMap((tid) => childrenOf(parentPid, tid))
    .filter((pid) => {
      const program = argumentsOf(pid)[0]
      return program !== undefined && (program === executable || program.endsWith(`/${executable.split('/').pop()}`))
    })
}
