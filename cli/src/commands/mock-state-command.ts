import { Command, InvalidArgumentError } from 'commander'

import type { CliIo } from '../base/cli-io.ts'
import { createMockControlClient } from '../mock-control/mock-control.ts'
import { mockUrlOption, withControlErrors } from './shared-options.ts'
import { settingsLines } from './settings-command.ts'
import type { MockSettings, MockWorldCounts } from '../../../contract/mock-control.ts'
import { describeTarget } from './scenario-command.ts'
import { renderTable } from '../../../core/text-table.ts'

// The whole mock at once, as QA asks of it between tries (WireMock's /__admin/reset): `reset` puts everything back to
// its seed, settings included; `status` says what is active and what has been added since.

const seedOption = (value: string): number => {
  const seed = Number(value)
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1) throw new InvalidArgumentError('a whole number from 0 to 2147483647')
  return seed
}

const settingsLine = (settings: MockSettings) => settingsLines(settings).join('; ')

const COUNT_LABELS: Record<keyof MockWorldCounts, string> = {
  tenants: 'tenants',
  travelGroups: 'travel groups',
  customers: 'customers',
  bookings: 'bookings',
  payments: 'payments',
  sessions: 'sessions',
  mails: 'mails sent',
}

export function resetCommand(io: CliIo): Command {
  return new Command('reset')
    .description('put the whole mock back to its seed: tenants, bookings, sessions, scenarios, and its settings as it started')
    .option('--seed <n>', 'another seed for the new world', seedOption)
    .addOption(mockUrlOption())
    .option('--json', 'print the result as JSON')
    .action(async (options: { mockUrl: string; seed?: number; json?: boolean }) => {
      const client = createMockControlClient(options.mockUrl)
      const result = await withControlErrors(() => client.reset(options.seed))
      const settings = await withControlErrors(() => client.getSettings())
      if (options.json) {
        io.stdout.write(`${JSON.stringify({ ...result, settings }, null, 2)}\n`)
        return
      }
      io.stdout.write(`mock reset to seed ${result.seed}: ${result.agencies} tenants, no scenario; ${settingsLine(settings)}\n`)
    })
}

export function statusCommand(io: CliIo): Command {
  return new Command('status')
    .description('what the mock has now: its seed, active scenarios and settings, and what was added since the seed')
    .addOption(mockUrlOption())
    .option('--json', 'print the status as JSON')
    .action(async (options: { mockUrl: string; json?: boolean }) => {
      const client = createMockControlClient(options.mockUrl)
      const [health, settings] = await withControlErrors(() => Promise.all([client.health(), client.getSettings()]))
      if (options.json) {
        io.stdout.write(`${JSON.stringify({ ...health, settings }, null, 2)}\n`)
        return
      }
      const active = health.scenarios
      const rows = (Object.keys(COUNT_LABELS) as (keyof MockWorldCounts)[]).map((key) => {
        const added = health.counts[key] - health.seedCounts[key]
        return [COUNT_LABELS[key], String(health.counts[key]), added === 0 ? '' : `${added > 0 ? '+' : ''}${added}`]
      })
      io.stdout.write(
        [
          `mock ${client.baseUrl}: seed ${health.seed}, made for ${health.seededAt.slice(0, 10)}`,
          `scenarios: ${active.length === 0 ? 'none' : active.map((scenario) => `${scenario.name} at ${describeTarget(scenario.target)}`).join('; ')}`,
          `settings: ${settingsLine(settings)}`,
          '',
          renderTable(['', 'now', 'since the seed'], rows).trimEnd(),
        ].join('\n') + '\n',
      )
    })
}
