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
