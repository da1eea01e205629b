// `npm start`: the mock API on :3333 and the portal on :5173, together, until Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process'

const bin = (name: string) => `node_modules/.bin/${name}`
const children: ChildProcess[] = []

const run = (label: string, command: string, args: string[]) => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => `[${label}] ${line}`)
      .join('\n')
  child.stdout?.on('data', (c: Buffer) => console.log(prefix(c)))
  child.stderr?.on('data', (c: Buffer) => console.error(prefix(c)))
  child.on('exit', (code, signal) => {
    console.log(`[${label}] exited (${signal ?? code})`)
    shutdown(code ?? 1)
  })
  children.push(child)
}

let stopping = false
const shutdown = (code: number) => {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500).unref()
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

run('mock', bin('tsx'), ['mock/src/main.ts', ...process.argv.slice(2)])
run('web', bin('vite'), ['--config', 'web/vite.config.ts', '--port', '5173', '--strictPort'])
