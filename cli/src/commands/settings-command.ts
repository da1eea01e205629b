import { Command, InvalidArgumentError, Option } from 'commander'

import type { CliIo } from '../base/cli-io.ts'
import { createMockControlClient } from '../mock-control/mock-control.ts'
import type { MockSettings } from '../../../contract/mock-control.ts'
import { mockUrlOption, tenantScopeOption, withControlErrors } from './shared-options.ts'

// The mock's switches at run time: throttling (429 on repeated sign-in failures and mailed links), for
// everyone or one tenant, and the debug sign-in for every tenant.

const onOff = (value: string): boolean => {
  if (value === 'on') return true
  if (value === 'off') return false
  throw new InvalidArgumentError('on or off')
}

type SettingsOptions = { mockUrl: string; tenant?: string; throttling?: boolean; debugLogin?: boolean; json?: boolean }

export function settingsCommand(io: CliIo): Command {
  return new Command('settings')
    .description("show or switch the mock's settings: throttling (for all tenants or --tenant), debug sign-in")
    .addOption(new Option('--throttling <on|off>', '429 with Retry-After on repeated sign-in failures and mailed links').argParser(onOff))
    .addOption(new Option('--debug-login <on|off>', 'POST /auth/debug for every tenant').argParser(onOff))
    .addOption(mockUrlOption())
    .addOption(tenantScopeOption())
    .option('--json', 'print the settings as JSON')
    .action(async (options: SettingsOptions) => {
      const client = createMockControlClient(options.mockUrl)
      const change = {
        ...(options.throttling === undefined ? {} : { throttling: options.throttling }),
        ...(options.debugLogin === undefined ? {} : { debugLogin: options.debugLogin }),
      }
      const settings = await withControlErrors(() => (Object.keys(change).length === 0 ? client.getSettings() : client.putSettings(change, options.tenant)))
      if (options.json) {
        io.stdout.write(`${JSON.stringify(settings, null, 2)}\n`)
        return
      }
      io.stdout.write(`${settingsLines(settings).join('\n')}\n`)
    })
}

/** The mock's settings as people read them, one line each (`status` and `reset` join them on one). */
export function settingsLines(settings: MockSettings): string[] {
  const word = (on: boolean) => (on ? 'on' : 'off')
  const tenants = Object.entries(settings.throttlingByAgency)
  return [
    `throttling: ${word(settings.throttling)}${tenants.length === 0 ? '' : ` (${tenants.map(([id, on]) => `${id}: ${word(on)}`).join(', ')})`}`,
    `debug sign-in for every tenant: ${word(settings.debugLogin)}`,
  ]
}
