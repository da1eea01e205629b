// @vitest-environment happy-dom
// afterNextPaint: what a press starts once it has shown that it was taken waits for the browser's next frame, and never
// for a frame that does not come.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from '@/lib/browser/main-thread.universal'

let frames: FrameRequestCallback[] = []
const drawFrame = () => {
  const due = frames
  frames = []
  for (const callback of due) callback(performance.now())
}

beforeEach(() => {
  vi.useFakeTimers()
  frames = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const settled = (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  return () => done
}

describe('afterNextPaint', () => {
  it('goes on after the next frame is drawn, not before', async () => {
    const done = settled(afterNextPaint())
    await vi.advanceTimersByTimeAsync(50)
    expect(done()).toBe(false)
    drawFrame()
    // the frame's callbacks run before its paint: the work waits for the task after it
    expect(done()).toBe(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(true)
  })

  it('a hidden page draws no frames: it goes on at once', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    const done = settled(afterNextPaint())
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(true)
    expect(frames).toHaveLength(0)
  })

  it('a frame that never comes holds it back no longer than the fallback', async () => {
    const done = settled(afterNextPaint(100))
    await vi.advanceTimersByTimeAsync(99)
    expect(done()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done()).toBe(true)
  })
})
