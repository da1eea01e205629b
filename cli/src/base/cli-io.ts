// The CLI never touches process.stdout/stderr/env directly: commands receive a
// CliIo so tests can run them in-process and capture what they print.

export type OutputStream = {
  write(text: string): void
  readonly isTTY: boolean
}

export type CliIo = {
  readonly stdout: OutputStream
  readonly stderr: OutputStream
  readonly env: Readonly<Record<string, string | undefined>>
  readonly cwd: string
}

export function processIo(): CliIo {
  // `travel-portal smoke --help | head`: the reader went away; stop quietly, as Unix tools do, instead of crashing on EPIPE.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
      throw error
    })
  }
  return {
    stdout: { write: (text) => void process.stdout.write(text), isTTY: process.stdout.isTTY === true },
    stderr: { write: (text) => void process.stderr.write(text), isTTY: process.stderr.isTTY === true },
    env: process.env,
    cwd: process.cwd(),
  }
}

export type Colours = {
  readonly enabled: boolean
  green(text: string): string
  red(text: string): string
  yellow(text: string): string
  dim(text: string): string
  bold(text: string): string
}

// Colour only for a human looking at a terminal: piped output, CI logs and
// NO_COLOR users (https://no-color.org: any non-empty value) get plain text.
export function coloursFor(stream: OutputStream, env: CliIo['env']): Colours {
  const noColor = env['NO_COLOR']
  const enabled = stream.isTTY && (noColor === undefined || noColor === '')
  const wrap = (open: number, close: number) => (text: string) => (enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text)
  return {
    enabled,
    green: wrap(32, 39),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    dim: wrap(2, 22),
    bold: wrap(1, 22),
  }
}
