import type { CliIo } from '../../../cli/src/base/cli-io.ts'

export type TestIo = CliIo & {
  out(): string
  err(): string
}

/** Captures what a command prints; not a TTY, so no colour. */
export function createTestIo(options: { env?: Record<string, string | undefined>; cwd?: string; isTTY?: boolean } = {}): TestIo {
  let stdout = ''
  let stderr = ''
  const isTTY = options.isTTY ?? false
  return {
    stdout: { write: (text) => void (stdout += text), isTTY },
    stderr: { write: (text) => void (stderr += text), isTTY },
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    out: () => stdout,
    err: () => stderr,
  }
}
