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
    expect(mainThreadShare(events, 9)).toEqual({ wallMs: 38, cpuMs: 20, cpuTbtMs: 44, cpuLongestTaskMs: 90, traceSourceCopyMs: 0, labWorkMs: 0 })
  })

  it("reads the renderer that did the most: a navigation's first renderer is left for another", () => {
    const events = [thread(1, 1), thread(2, 2), task(0, 5, 5, 1, 1), fcp(10, 2, 2), task(20, 40, 40, 2, 2), task(100, 40, 20, 2, 2)]
    expect(mainThreadShare(events, 2)).toMatchObject({ wallMs: 80, cpuMs: 60, cpuTbtMs: 30 })
  })

  it('reads the renderer that painted, though another (a service worker’s) did more', () => {
    const events = [thread(1, 1), thread(2, 2), task(0, 90, 90, 1, 1), fcp(10, 2, 2), task(20, 40, 40, 2, 2)]
    expect(mainThreadShare(events, 2)).toMatchObject({ wallMs: 40, cpuMs: 40, cpuTbtMs: 30 })
  })

  it("counts the CPU the trace spent copying each script's source, from its announcement to the end of its copy", () => {
    // Chromium's ScriptCatchup events: one announces a script, a later one carries its source; tts is the thread's CPU clock (µs)
    const catchup = (ts: number, tts: number, tdur: number, scriptId: number, sourceText?: string, tid = 1): TraceEvent => ({
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
    const events = [
      thread(1, 1),
      fcp(0),
      task(0, 20, 12),
      // the first bundle: announced at 1,000 µs of CPU, its 450 kB copied by 8,000 + 500 → 7.5 ms
      catchup(110, 1_000, 5, 8),
      catchup(9_000, 8_000, 500, 8, 'x'.repeat(16)),
      // a small one copied in 0.5 ms, listed out of order as traces may be
      catchup(20_300, 20_400, 100, 9, 'y'),
      catchup(20_000, 20_000, 5, 9),
      // another thread's (a worker's) copies are not the page's main thread's
      catchup(30_000, 100, 5, 3, undefined, 2),
      catchup(30_010, 5_100, 5, 3, 'z', 2),
    ]
    expect(mainThreadShare(events, 10)?.traceSourceCopyMs).toBe(80)
  })

  it('leaves the trace’s own copies out of the TBT and the longest task from CPU time: a phone makes none', () => {
    const catchup = (ts: number, tts: number, scriptId: number, sourceText?: string): TraceEvent => ({
      name: 'ScriptCatchup',
      ph: 'X',
      pid: 1,
      tid: 1,
      ts,
      dur: 5,
      tts,
      tdur: 5,
      args: { data: sourceText === undefined ? { scriptId } : { scriptId, sourceText } },
    })
    const events = [
      thread(1, 1),
      fcp(0),
      // 12 ms of CPU, 7.5 of them the copy of the first bundle: 4.5 ms × 10 = 45 ms, not blocking (120 with the copy)
      task(0, 20, 12),
      catchup(110, 1_000, 8),
      catchup(9_000, 8_495, 8, 'x'),
      // the page's own work in that task: its module graph evaluated
      { name: 'v8.evaluateModule', ph: 'X', pid: 1, tid: 1, ts: 12_000, dur: 3_000, tdur: 3_000 },
      // a task with no copy counts in full: 6 × 10 = 60 ms, 10 blocking
      task(50_000, 6, 6),
      { name: 'Layout', ph: 'X', pid: 1, tid: 1, ts: 50_100, dur: 5_000, tdur: 5_000 },
    ]
    expect(mainThreadShare(events, 10)).toEqual({ wallMs: 26, cpuMs: 18, cpuTbtMs: 10, cpuLongestTaskMs: 60, traceSourceCopyMs: 75, labWorkMs: 75 })
  })

  it('leaves out a task that is nothing but the trace’s source rundown, the walk before its first copy included', () => {
    const catchup = (ts: number, tts: number, scriptId: number, sourceText?: string): TraceEvent => ({
      name: 'ScriptCatchup',
      ph: 'X',
      pid: 1,
      tid: 1,
      ts,
      dur: 5,
      tts,
      tdur: 5,
      args: { data: sourceText === undefined ? { scriptId } : { scriptId, sourceText } },
    })
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
      { name: 'FunctionCall', ph: 'X', pid: 1, tid: 1, ts: 30_100, dur: 6_000, tdur: 6_000, args: { data: { url: 'https://portal.test/assets/app.js' } } },
    ]
    expect(mainThreadShare(events, 10)).toMatchObject({ cpuTbtMs: 20, cpuLongestTaskMs: 70, traceSourceCopyMs: 100, labWorkMs: 160 })
  })

  it("leaves out Lighthouse's own scripts in the page (its evaluations' calls, Runtime.evaluate) from the task that held them", () => {
    const call = (ts: number, cpuMs: number, url?: string, name = 'FunctionCall'): TraceEvent => ({
      name,
      ph: 'X',
      pid: 1,
      tid: 1,
      ts,
      dur: cpuMs * 1000,
      tdur: cpuMs * 1000,
      ...(url === undefined ? {} : { args: { data: { url } } }),
    })
    const events = [
      thread(1, 1),
      fcp(0),
      // an idle callback of Lighthouse's: 7 ms, none of it the page's
      task(0, 8, 7),
      call(100, 6.5, '_lighthouse-eval.js'),
      // an evaluation with no URL (Runtime.evaluate) beside 2 ms of the page's: 2 ms left
      task(20_000, 6, 6),
      call(20_100, 4, undefined, 'EvaluateScript'),
      call(24_200, 1.5, 'https://portal.test/assets/app.js'),
      // the page's inline script has the page's URL: its own
      task(40_000, 9, 9),
      call(40_100, 8, 'https://portal.test/booking/1', 'EvaluateScript'),
    ]
    expect(mainThreadShare(events, 10)).toMatchObject({ cpuTbtMs: 40, cpuLongestTaskMs: 90, labWorkMs: 105 })
  })

  it('is nothing without a first contentful paint or CPU times', () => {
    expect(mainThreadShare([thread(1, 1), task(0, 5, 5)], 4)).toBeNull()
    expect(mainThreadShare([thread(1, 1), fcp(0), { name: 'RunTask', ph: 'X', pid: 1, tid: 1, ts: 1, dur: 9000 }], 4)).toBeNull()
    expect(mainThreadShare([], 4)).toBeNull()
  })
})
