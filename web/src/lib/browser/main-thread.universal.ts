// Giving the browser its turn: work that can wait runs when it is idle, and a long start is cut in two so
// a tap or a paint is not held behind it (on a phone, any task past 50 ms is one the traveller can feel).
// Universal: the page's inline early-reads script uses it too, and where there is no browser (Node) each
// falls back to running at once or on a zero timeout.

/**
 * Runs `task` once the browser has nothing better to do, or after `timeoutMs` at the latest; at once
 * where the browser has no idle callbacks. Returns what cancels it.
 */
export function runWhenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    task()
    return () => undefined
  }
  const handle = requestIdleCallback(() => task(), { timeout: timeoutMs })
  return () => cancelIdleCallback(handle)
}

/**
 * Runs `task` once `delayMs` have passed and the browser is idle (or `idleTimeoutMs` after that at the latest):
 * for work a page wants soon but not before it has been painted. Returns what cancels it.
 */
export function runSoonWhenIdle(task: () => void, delayMs: number, idleTimeoutMs: number): () => void {
  let cancelIdle: (() => void) | undefined
  const timer = setTimeout(() => (cancelIdle = runWhenIdle(task, idleTimeoutMs)), delayMs)
  return () => {
    clearTimeout(timer)
    cancelIdle?.()
  }
}

type WithScheduler = { scheduler?: { yield?: () => Promise<void> } }

/**
 * Ends the current task and resumes in a new one, after what the browser has waiting (input first):
 * `scheduler.yield()` where there is one (it resumes ahead of other queued tasks), else a zero timeout.
 */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as WithScheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Resolves once the browser has painted its next frame: a task queued from that frame's animation callback runs
 * after the frame is drawn. For the work a press starts once it has shown that it was taken (a form's busy button):
 * a send, its store updates and what they render no longer hold that frame back (on a low-tier phone they took
 * longer than the press's own handling). A page that draws no frames (hidden, or no browser) goes on after a zero
 * timeout, and after `fallbackMs` at the latest if the frame never comes.
 */
export function afterNextPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const hidden = typeof document === 'undefined' || document.visibilityState === 'hidden'
    if (hidden || typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0)
      return
    }
    const fallback = setTimeout(resolve, fallbackMs)
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback)
        resolve()
      }, 0),
    )
  })
}
