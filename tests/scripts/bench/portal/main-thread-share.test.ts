import { describe, expect, it } from 'vitest'
import { mainThreadShare, type TraceEvent } from '../../../../scripts/bench/portal/main-thread-share.ts'

// A trace as Chromium writes it: a renderer's main thread named, its tasks with wall (dur) and CPU (tdur) times in µs.
const thread = (pid: number, tid: number): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name: 'CrRendererMain' } })
const task = (ts: number, wallMs: number, cpuMs: number, pid = 1, tid = 1): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
})
const fcp = (ts: number, pid = 1, tid = 1): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', pid, tid, ts })
/** Chromium's ScriptCatchup: one announces a script, a later one carries its source; tts is the thread's CPU clock (µs). */
const catchup = (ts: number, tts: number, scriptId: number, sourceText?: string, { tdur = 5, tid = 1 } = {}): TraceEvent => ({
  name: 'ScriptCatchup',
  ph: 'X',
  pid: 1,
  tid,
  ts,
  dur: tdur,
  tts,
  tdur,
  args: { data: sourceText === undefined ? { scriptId } : { scriptId, sourceText } },
})
/** Work inside a task on the main thread (its CPU in ms), a script's with its URL. */
const page = (name: string, ts: number, cpuMs: number, url?: string): TraceEvent => ({
  name,
  ph: 'X',
  pid: 1,
  tid: 1,
  ts,
  dur: cpuMs * 1000,
  tdur: cpuMs * 1000,
  ...(url === undefined ? {} : { args: { data: { url } } }),
})

describe("the main thread's share of its core", () => {
  it('sums wall and CPU time after first contentful paint, and TBT from CPU time on the emulated device', () => {
    const events = [
      thread(1, 1),
      task(0, 30, 30), // before the first paint: not counted
      fcp(100_000),
      task(100_000, 20, 10), // 10 ms of CPU × 9 = 90 ms: 40 ms blocking (on the clock 20 × 9 = 180)
      task(200_000, 12, 4), // 4 × 9 = 36 ms: not blocking
      task(300_000, 6, 6), // 54 ms: 4 ms blocking
    ]
    expect(mainThreadShare(events, 9)).toEqual({
      wallMs: 38,
      cpuMs: 20,
      cpuTbtMs: 44,
      cpuLongestTaskMs: 90,
      labWorkMs: 0,
      // tasks with no work recorded inside
      cpuTbtByKindMs: { 'module evaluation': 0, script: 0, rendering: 0, images: 0, other: 44 },
    })
  })

  it("reads the renderer that did the most: a navigation's first renderer is left for another", () => {
    const events = [thread(1, 1), thread(2, 2), task(0, 5, 5, 1, 1), fcp(10, 2, 2), task(20, 40, 40, 2, 2), task(100, 40, 20, 2, 2)]
    expect(mainThreadShare(events, 2)).toMatchObject({ wallMs: 80, cpuMs: 60, cpuTbtMs: 30 })
  })

  it('reads the renderer that painted, though another (a service worker’s) did more', () => {
    const events = [thread(1, 1), thread(2, 2), task(0, 90, 90, 1, 1), fcp(10, 2, 2), task(20, 40, 40, 2, 2)]
    expect(mainThreadShare(events, 2)).toMatchObject({ wallMs: 40, cpuMs: 40, cpuTbtMs: 30 })
  })

  it("leaves each script's copy out of the task it ended in, from its announcement to the end of its copy", () => {
    const events = [
      thread(1, 1),
      fcp(0),
      // 12 ms of CPU: the first bundle announced at 1,000 µs of the thread's CPU and copied by 8,000 + 500 (7.5 ms), and
      // the page's module graph evaluated: 4.5 ms × 10 = 45 ms, not blocking (120 with the copy)
      task(0, 20, 12),
      catchup(110, 1_000, 8),
      catchup(9_000, 8_000, 8, 'x'.repeat(16), { tdur: 500 }),
      page('v8.evaluateModule', 12_000, 3),
      // a small one copied in 0.5 ms, listed out of order as traces may be, beside 5.5 ms of layout: 55 ms, 5 blocking
      task(30_000, 8, 6),
      catchup(30_300, 20_400, 9, 'y', { tdur: 100 }),
      catchup(30_000, 20_000, 9),
      page('Layout', 30_500, 5),
      // another thread's (a worker's) copies are not the page's main thread's
      catchup(30_000, 100, 3, undefined, { tid: 2 }),
      catchup(30_010, 5_100, 3, 'z', { tid: 2 }),
    ]
    expect(mainThreadShare(events, 10)).toEqual({
      wallMs: 28,
      cpuMs: 18,
      cpuTbtMs: 5,
      cpuLongestTaskMs: 55,
      labWorkMs: 80,
      cpuTbtByKindMs: { 'module evaluation': 0, script: 0, rendering: 5, images: 0, other: 0 },
    })
  })

  it('leaves out a task that is nothing but the trace’s source rundown, the walk before its first copy included', () => {
    const events = [
      thread(1, 1),
      fcp(0),
      // 16 ms of CPU: 5 ms walking the scripts, then the copies (10 ms): all of it the trace's own
      task(0, 20, 16),
      { name: 'WebDXFeatureUsage', ph: 'I', pid: 1, tid: 1, ts: 50 },
      catchup(5_000, 5_000, 8),
      catchup(15_000, 14_995, 8, 'x'),
      // the page's own work in the next task: 7 ms × 10 = 70, 20 blocking
      task(30_000, 7, 7),
      page('FunctionCall', 30_100, 6, 'https://portal.test/assets/app.js'),
    ]
    expect(mainThreadShare(events, 10)).toMatchObject({ cpuTbtMs: 20, cpuLongestTaskMs: 70, labWorkMs: 160 })
  })

  it("leaves out Lighthouse's own scripts in the page (its evaluations' calls, Runtime.evaluate) from the task that held them", () => {
    const events = [
      thread(1, 1),
      fcp(0),
      // an idle callback of Lighthouse's: 7 ms, none of it the page's
      task(0, 8, 7),
      page('FunctionCall', 100, 6.5, '_lighthouse-eval.js'),
      // an evaluation with no URL (Runtime.evaluate) beside 2 ms of the page's: 2 ms left
      task(20_000, 6, 6),
      page('EvaluateScript', 20_100, 4),
      page('FunctionCall', 24_200, 1.5, 'https://portal.test/assets/app.js'),
      // the page's inline script has the page's URL: its own
      task(40_000, 9, 9),
      page('EvaluateScript', 40_100, 8, 'https://portal.test/booking/1'),
    ]
    expect(mainThreadShare(events, 10)).toMatchObject({ cpuTbtMs: 40, cpuLongestTaskMs: 90, labWorkMs: 105 })
  })

  it('splits the TBT by the kind of work each task did most, its top-level work only, the lab’s own left out', () => {
    const app = 'https://portal.test/assets/app.js'
    const events = [
      thread(1, 1),
      fcp(0),
      // the app's modules evaluated (a call made inside the evaluation is the evaluation's, or script would have
      // 8.5 ms to its 8), then a microtask: 10 ms × 10 = 100, 50 blocking
      task(0, 10, 10),
      page('v8.evaluateModule', 100, 8),
      page('FunctionCall', 1_000, 7, app),
      page('RunMicrotasks', 8_200, 1.5),
      // React's commit and the frame that draws it: more rendering (4.5 ms) than script (3 ms): 30 blocking
      task(20_000, 8, 8),
      page('FunctionCall', 20_100, 3, app),
      page('UpdateLayoutTree', 23_200, 1.5),
      page('Layout', 24_800, 2),
      page('Paint', 26_900, 1),
      // an SVG icon drawn as a document of its own: 4 ms of its document, 1.5 of paint: 20 blocking
      task(40_000, 7, 7),
      page('DocumentLoader::CommitNavigation', 40_100, 3),
      page('DecodedDataDocumentParser::AppendBytes', 43_200, 1),
      page('Paint', 44_300, 1.5),
      // Lighthouse's script (3 ms) is neither the page's time nor its kind: 2.5 ms of layout beside 2 of the app's, 10 blocking
      task(60_000, 9, 9),
      page('FunctionCall', 60_100, 3, '_lighthouse-eval.js'),
      page('Layout', 63_200, 2.5),
      page('FunctionCall', 65_800, 2, app),
    ]
    expect(mainThreadShare(events, 10)).toMatchObject({
      cpuTbtMs: 110,
      cpuTbtByKindMs: { 'module evaluation': 50, script: 0, rendering: 40, images: 20, other: 0 },
    })
  })

  it('is nothing without a first contentful paint or CPU times', () => {
    expect(mainThreadShare([thread(1, 1), task(0, 5, 5)], 4)).toBeNull()
    expect(mainThreadShare([thread(1, 1), fcp(0), { name: 'RunTask', ph: 'X', pid: 1, tid: 1, ts: 1, dur: 9000 }], 4)).toBeNull()
    expect(mainThreadShare([], 4)).toBeNull()
  })
})
