// Why a request got no answer, in a word a reader knows (timed out, ECONNREFUSED), for the mock's control
// client and the API client alike.

/** The cause of a failed fetch: `timed out`, the system's error code, or its message. */
export function describeFetchError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'timed out'
    const cause = (error as Error & { cause?: unknown }).cause
    if (cause instanceof Error) {
      const code = (cause as NodeJS.ErrnoException).code
      return code === undefined ? cause.message : code
    }
    return error.message
  }
  return String(error)
}
