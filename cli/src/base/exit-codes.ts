// One place for the CLI's exit-code contract, so every command and CI agree.
export const exitCodes = {
  /** everything passed */
  ok: 0,
  /** contract violations (or a failed check) */
  violations: 1,
  /** bad arguments, bad input, or nothing could really be tested */
  usage: 2,
  /** no violation, but fewer operations worked than --fail-under asks for */
  tooLittleTested: 3,
} as const

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes]

/** What each exit code says, as `--help` lists them: every code of the contract above, once. */
export const exitCodeMeanings: Record<ExitCode, string> = {
  0: 'ok',
  1: 'contract violations (or a failed check)',
  2: 'bad arguments or input, or nothing could really be tested',
  3: 'smoke --fail-under: no violation, but fewer operations worked than it asks for',
}

/**
 * Thrown for anything the user has to fix (bad flag, bad file, unreachable
 * target). runCli prints `error: <message>` and exits 2; no stack trace,
 * because the message is the whole story.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError'
  readonly exitCode: ExitCode

  constructor(message: string, exitCode: ExitCode = exitCodes.usage) {
    super(message)
    this.exitCode = exitCode
  }
}
