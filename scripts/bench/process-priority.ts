// Linux keeps a nice value per thread, not per process (setpriority(2), "Bugs"): `os.setPriority(pid)` moves only
// the main thread of a process, and its other threads — V8's compiler and GC helpers, libuv's pool — keep running
// at the old priority, as do the processes it started (tsx runs a script in a child of its own). The benches' servers
// must yield the cores to the browser whole, so this lowers every thread of a process and of its descendants.
import { readdirSync, readFileSync } from 'node:fs'
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

/**
 * Sets the nice value of every thread of process `pid` and, unless `descendants` is false, of every process below
 * it. A bench lowers its own process with `descendants: false`: the browser it launched is its child, and must keep
 * the normal priority whole (its browser process answers the page's font and network calls). Where there is no
 * /proc (not Linux), the nice value is the process's own and one call sets it. Threads started later inherit it
 * from the thread that starts them.
 */
export function lowerPriority(pid: number, nice: number, { descendants = true }: { descendants?: boolean } = {}): void {
  const threads = listed(`/proc/${pid}/task`)
  if (threads.length === 0) {
    setPriority(pid, nice)
    return
  }
  for (const tid of threads) {
    try {
      setPriority(Number(tid), nice)
    } catch {
      // the thread ended meanwhile
    }
    if (descendants) for (const child of childrenOf(pid, tid)) lowerPriority(child, nice)
  }
}
