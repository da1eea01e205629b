import { describe, expect, it } from 'vitest'
import { mainThreadShare, type TraceEvent } from '../../../scripts/bench/main-thread-share.ts'

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
    expect(mainThreadShare(events, 9)).toEqual({ wallMs: 38, cpuMs: 20, cpuTbtMs: 44, cpuLongestTaskMs: 90 })
  })

  it("reads the renderer that did the most: a navigation's first renderer is left for another", () => {
    const events = [thread(1, 1), thread(2, 2), task(0, 5, 5, 1, 1), fcp(10, 2, 2), task(20, 40, 40, 2, 2), task(100, 40, 20, 2, 2)]
    expect(mainThreadShare(events, 2)).toMatchObject({ wallMs: 80, cpuMs: 60, cpuTbtMs: 30 })
  })

  it('is nothing without a first contentful paint or CPU times', () => {
    expect(mainThreadShare([thread(1, 1), task(0, 5, 5)], 4)).toBeNull()
    expect(mainThreadShare([thread(1, 1), fcp(0), { name: 'RunTask', ph: 'X', pid: 1, tid: 1, ts: 1, dur: 9000 }], 4)).toBeNull()
    expect(mainThreadShare([], 4)).toBeNull()
  })
})
