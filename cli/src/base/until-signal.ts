/** Resolves at the first SIGINT or SIGTERM: a foreground server (the mock, the proxy) stops, and says what it has. */
export function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve()
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}
