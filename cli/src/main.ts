import { readFileSync } from 'node:fs'

import { Command, CommanderError } from 'commander'

import { processIo, type CliIo } from './base/cli-io.ts'
import { contractCommand } from './commands/contract-command.ts'
import { mockCommand } from './commands/mock-command.ts'
import { proxyCommand } from './commands/proxy-command.ts'
import { scenarioCommand } from './commands/scenario-command.ts'
import { settingsCommand } from './commands/settings-command.ts'
import { resetCommand, statusCommand } from './commands/mock-state-command.ts'
import { smokeCommand } from './commands/smoke-command.ts'
import { tenantsCommand } from './commands/tenants-command.ts'
import { exitCodeMeanings, exitCodes, UsageError } from './base/exit-codes.ts'
import { contractJsonPath } from './base/package-paths.ts'

const exitCodeHelp = `\nExit codes:\n${Object.entries(exitCodeMeanings)
  .map(([code, meaning]) => `  ${code}  ${meaning}`)
  .join('\n')}`

/** The tool's version is the contract's (`info.version`): what a backend team checks against. */
function contractVersion(): string {
  try {
    const contract = JSON.parse(readFileSync(contractJsonPath, 'utf8')) as { info?: { version?: string } }
    return contract.info?.version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

/** Commands added with addCommand() do not inherit settings; copy them down the tree. */
function inheritSettings(command: Command, from: Command): void {
  command.copyInheritedSettings(from)
  for (const child of command.commands) inheritSettings(child, command)
}

export function buildProgram(io: CliIo, setExitCode: (code: number) => void): Command {
  const program = new Command('travel-portal')
    .description('travel portal tooling: mock server control, contract checks and API smoke runs')
    .version(contractVersion(), '-V, --version')
    // Throw instead of process.exit, so runCli owns the exit code (and tests
    // can run the CLI in-process).
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', exitCodeHelp)

  for (const command of [
    mockCommand(io),
    tenantsCommand(io),
    scenarioCommand(io),
    settingsCommand(io),
    resetCommand(io),
    statusCommand(io),
    smokeCommand(io, setExitCode),
    proxyCommand(io),
    contractCommand(io, setExitCode),
  ]) {
    program.addCommand(command)
    inheritSettings(command, program)
  }
  // `mock` hands every option, --help included, to the mock's own parser (the settings copied above turn commander's back on).
  program.commands.find((command) => command.name() === 'mock')?.helpOption(false)
  return program
}

/** Runs the CLI and returns the exit code; never calls process.exit. */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let exitCode: number = exitCodes.ok
  const program = buildProgram(io, (code) => {
    exitCode = Math.max(exitCode, code)
  })
  try {
    await program.parseAsync([...argv], { from: 'user' })
    return exitCode
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (or the help).
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return exitCodes.ok
      if (error.code === 'commander.help' && error.exitCode === 0) return exitCodes.ok
      return exitCodes.usage
    }
    if (error instanceof UsageError) {
      io.stderr.write(`error: ${error.message}\n`)
      return error.exitCode
    }
    const detail = error instanceof Error ? (io.env['DEBUG'] ? (error.stack ?? error.message) : error.message) : String(error)
    io.stderr.write(`error: unexpected failure: ${detail}\n`)
    return exitCodes.violations
  }
}
