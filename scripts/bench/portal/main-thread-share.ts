// How much of its core a page's main thread had during a Lighthouse run, from the run's trace. Lighthouse's simulated
// throttling multiplies each task's wall-clock duration by the CPU slowdown; on a host with few cores, the browser's
// other processes and threads (raster, compositing, the network) and the servers under test take the main thread's
// core now and then, and a task of 5 ms of CPU lasts 10–20 ms on the clock. The phone being emulated has cores for
// them: so besides Lighthouse's TBT, the bench reports the same sum over each task's CPU time, and the share of the
// clock the main thread had, which says how far the host's core count skewed the run (decision 044).
//
// It also reports work that is the lab's own: Lighthouse 13 traces with DevTools' "source rundown" categories, and
// Chromium then copies the source text of every script into the trace on the main thread (`ScriptCatchup` events),
// the first bundle's ~450 kB in the task that finishes the page's module graph: 6–9 ms of CPU on this host, where the
// same task traced without those categories takes 0.6–1 ms (decision 044's amendment). A phone without DevTools
// attached never does it, so the CPU-time TBT and longest task leave it out of the task that held it (its fifth
// amendment): at the low phone's slowdown it was 29–47 ms a page, and past the 50 ms line it counted in full.
// Two more of the lab's own are left out with it (the sixth amendment): a task that is nothing but the trace's source
// rundown (its `ScriptCatchup` events and the walk over the scripts before them, 5 ms of CPU in one such task before
// its first copy), and Lighthouse's own scripts in the page (`_lighthouse-eval.js`'s calls, its `Runtime.evaluate`s
// without a URL: 12–18 ms of CPU a load after the page's own work, 7 ms in one idle callback).
//
// Where the TBT goes, by the kind of work each task did most (its top-level events' CPU): evaluating modules, running
// script (the app's calls, React's slices, timers, events), rendering (style, layout, paint), images (Chromium draws an
// SVG image, a favicon or an app icon as a document of its own, on the page's main thread), or other. A task counts in
// full to its kind: the figures add up to the TBT, and say which kind of work a page must cut or split.

/** The fields of a Chromium trace event this reads. */
export type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  /** the thread's own clock (µs): its CPU time */
  tts?: number
  args?: { name?: string; data?: { scriptId?: number; sourceText?: string; url?: string } }
}

/** The kind of work a task did most. */
export type TaskKind = 'module evaluation' | 'script' | 'rendering' | 'images' | 'other'
export const TASK_KINDS: readonly TaskKind[] = ['module evaluation', 'script', 'rendering', 'images', 'other']

const KIND_OF_EVENT = new Map<string, TaskKind>([
  ['v8.evaluateModule', 'module evaluation'],
  ['EvaluateScript', 'module evaluation'],
  ['v8.compile', 'module evaluation'],
  ['v8.compileModule', 'module evaluation'],
  ['FunctionCall', 'script'],
  ['v8.callFunction', 'script'],
  ['RunMicrotasks', 'script'],
  ['TimerFire', 'script'],
  ['EventDispatch', 'script'],
  ['FireAnimationFrame', 'script'],
  ['FireIdleCallback', 'script'],
  ['XHRReadyStateChange', 'script'],
  ['XHRLoad', 'script'],
  ['UpdateLayoutTree', 'rendering'],
  ['Layout', 'rendering'],
  ['PrePaint', 'rendering'],
  ['Paint', 'rendering'],
  ['Layerize', 'rendering'],
  ['Commit', 'rendering'],
  ['HitTest', 'rendering'],
  ['Decode Image', 'images'],
])

const kindOfEvent = (e: TraceEvent): TaskKind =>
  KIND_OF_EVENT.get(e.name) ?? (/^(DocumentLoader|DecodedDataDocumentParser)::/.test(e.name) ? 'images' : 'other')

/** The kind of a task: the kind of its top-level events (those no other of its events holds) with the most CPU, the lab's own left out. */
const kindOfTask = (inside: readonly TraceEvent[], isLab: (e: TraceEvent) => boolean): TaskKind => {
  const cpu = new Map<TaskKind, number>()
  let heldUntil = Number.NEGATIVE_INFINITY
  for (const e of [...inside].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    if (e.ts < heldUntil) continue
    heldUntil = e.ts + (e.dur ?? 0)
    if (isLab(e)) continue
    const kind = kindOfEvent(e)
    cpu.set(kind, (cpu.get(kind) ?? 0) + (e.tdur ?? 0))
  }
  return [...cpu].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other'
}

export type MainThreadShare = {
  /** the main thread's tasks after first contentful paint: their wall-clock time and their CPU time (ms) */
  wallMs: number
  cpuMs: number
  /** Total Blocking Time on the emulated device from each task's CPU time, the lab's own work left out: Σ max(0, cpu × slowdown − 50 ms) */
  cpuTbtMs: number
  /** the longest task on the emulated device from its CPU time, the lab's own work left out (ms) */
  cpuLongestTaskMs: number
  /** the lab's own work after first contentful paint, left out of the two above: the trace's copies and rundowns, Lighthouse's scripts (ms on the emulated device) */
  labWorkMs: number
  /** cpuTbtMs by the kind of work of the tasks it came from */
  cpuTbtByKindMs: Record<TaskKind, number>
}

/** Lighthouse's own scripts in the page: its evaluations' calls (a file name of its own), and `Runtime.evaluate` (no URL). */
const isLighthouseScript = (e: TraceEvent) =>
  (e.name === 'FunctionCall' && /(^|\/)_lighthouse-eval\.js$/.test(e.args?.data?.url ?? '')) || (e.name === 'EvaluateScript' && !e.args?.data?.url)

/** A task whose complete events are all the trace's source rundown: its copies, and the walk over the scripts between them. */
const onlyRundown = (inside: readonly TraceEvent[]) => inside.length > 0 && inside.every((e) => e.name === 'ScriptCatchup')

/** What a trace says of the main thread's tasks after first contentful paint, on the host (ms of CPU unless said). */
export type MainThreadTasks = {
  wallMs: number
  cpuMs: number
  /** each task's own CPU time, the lab's work in it (a phone runs none), and the kind of work it did most */
  tasks: { ownMs: number; labMs: number; kind: TaskKind }[]
}

const BLOCKING_MS = 50

/**
 * The page's renderer main thread: the one that painted first contentful paint, else the one that did the most (a
 * navigation may start in one renderer and commit in another; a service worker's renderer may work more).
 */
const mainThreadOf = (events: readonly TraceEvent[]): string | undefined => {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`))
  const painted = events.find((e) => e.name === 'firstContentfulPaint' && mains.has(`${e.pid}:${e.tid}`))
  if (painted) return `${painted.pid}:${painted.tid}`
  const work = new Map<string, number>()
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`
    if (mains.has(key) && e.name === 'RunTask' && e.ph === 'X') work.set(key, (work.get(key) ?? 0) + (e.dur ?? 0))
  }
  return [...work].sort((a, b) => b[1] - a[1])[0]?.[0]
}

/**
 * The main thread's tasks after first contentful paint, on this host: each one's CPU time, the lab's own work in it
 * apart. Null when the trace has no first contentful paint or no CPU times.
 */
export function mainThreadTasks(events: readonly TraceEvent[]): MainThreadTasks | null {
  const main = mainThreadOf(events)
  if (!main) return null
  const onMain = (e: TraceEvent) => `${e.pid}:${e.tid}` === main
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && onMain(e))?.ts
  if (fcp === undefined) return null
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && e.ts >= fcp)
  if (!tasks.some((task) => task.tdur !== undefined)) return null
  // Each script's copy: from the event announcing it to the end of the one carrying its source, in the thread's own
  // time (CPU), charged to the task it ended in (an announcement may come in an earlier task).
  const announced = new Map<number, TraceEvent>()
  const copies: { ts: number; cpuUs: number }[] = []
  const catchups = events.filter((e) => onMain(e) && e.name === 'ScriptCatchup').sort((a, b) => a.ts - b.ts)
  for (const e of catchups) {
    if (e.args?.data?.scriptId === undefined || e.tts === undefined) continue
    if (e.args.data.sourceText === undefined) announced.set(e.args.data.scriptId, e)
    else {
      const announcement = announced.get(e.args.data.scriptId)
      if (announcement?.tts === undefined) continue
      copies.push({ ts: e.ts, cpuUs: e.tts + (e.tdur ?? 0) - announcement.tts })
    }
  }
  const copiedIn = (task: TraceEvent) =>
    copies.filter((copy) => copy.ts >= task.ts && copy.ts <= task.ts + (task.dur ?? 0)).reduce((sum, copy) => sum + copy.cpuUs, 0)
  const onMainX = events.filter((e) => onMain(e) && e.ph === 'X' && e.name !== 'RunTask')
  /** the CPU (µs) of the lab's own work in a task: all of it for a rundown, else its copies and Lighthouse's scripts */
  const labIn = (task: TraceEvent, inside: readonly TraceEvent[]) => {
    if (onlyRundown(inside)) return task.tdur ?? 0
    return copiedIn(task) + inside.filter(isLighthouseScript).reduce((sum, e) => sum + (e.tdur ?? 0), 0)
  }
  const isLab = (e: TraceEvent) => e.name === 'ScriptCatchup' || isLighthouseScript(e)
  return {
    wallMs: tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000,
    cpuMs: tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000,
    tasks: tasks.map((task) => {
      const end = task.ts + (task.dur ?? 0)
      const inside = onMainX.filter((e) => e.ts >= task.ts && e.ts <= end)
      const labMs = Math.min(task.tdur ?? 0, labIn(task, inside)) / 1000
      return { ownMs: (task.tdur ?? 0) / 1000 - labMs, labMs, kind: kindOfTask(inside, isLab) }
    }),
  }
}

/** The tasks on the emulated device, `slowdown` times slower: TBT and the longest task from their own CPU time, the lab's work apart. */
export function onDevice(measured: MainThreadTasks, slowdown: number): MainThreadShare {
  let cpuTbtMs = 0
  let cpuLongestTaskMs = 0
  const byKind = Object.fromEntries(TASK_KINDS.map((kind) => [kind, 0])) as Record<TaskKind, number>
  for (const task of measured.tasks) {
    const blocking = Math.max(0, task.ownMs * slowdown - BLOCKING_MS)
    cpuTbtMs += blocking
    byKind[task.kind] += blocking
    cpuLongestTaskMs = Math.max(cpuLongestTaskMs, task.ownMs * slowdown)
  }
  return {
    wallMs: measured.wallMs,
    cpuMs: measured.cpuMs,
    cpuTbtMs: Math.round(cpuTbtMs),
    cpuLongestTaskMs: Math.round(cpuLongestTaskMs),
    labWorkMs: Math.round(measured.tasks.reduce((sum, task) => sum + task.labMs, 0) * slowdown),
    cpuTbtByKindMs: Object.fromEntries(TASK_KINDS.map((kind) => [kind, Math.round(byKind[kind])])) as Record<TaskKind, number>,
  }
}

/** The main thread's share of its core after first contentful paint, and TBT from CPU time at `slowdown`. Null when the trace has no first contentful paint or no CPU times. */
export function mainThreadShare(events: readonly TraceEvent[], slowdown: number): MainThreadShare | null {
  const measured = mainThreadTasks(events)
  return measured && onDevice(measured, slowdown)
}
