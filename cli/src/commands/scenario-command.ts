import { Command, InvalidArgumentError } from 'commander'

import type { CliIo } from '../base/cli-io.ts'
import { createMockControlClient, type MockScenario } from '../mock-control/mock-control.ts'
import { mockUrlOption, tenantScopeOption, withControlErrors } from './shared-options.ts'
import { renderTable } from '../../../core/text-table.ts'

// Scenario names are identifiers the mock defines (e.g. payment_fails,
// seats_sold_out); the mock rejects unknown ones, we only check the shape so a
// typo like a stray comma is caught before the request.
const scenarioNamePattern = /^[a-z0-9][a-z0-9_.:-]*$/i

function collectScenarioName(value: string, previous: string[] | undefined): string[] {
  if (!scenarioNamePattern.test(value)) {
    throw new InvalidArgumentError('scenario names are letters, digits, and _ . : - (see `travel-portal scenario list`).')
  }
  return [...(previous ?? []), value]
}

type ScenarioOptions = { mockUrl: string; tenant?: string; json?: boolean }

export function scenarioCommand(io: CliIo): Command {
  const scenario = new Command('scenario').description("switch the mock server's behaviour scenarios")

  scenario
    .command('list')
    .description('list the scenarios the mock offers and which are active')
    .addOption(mockUrlOption())
    .addOption(tenantScopeOption())
    .option('--json', 'print JSON instead of a table')
    .action(async (options: ScenarioOptions) => {
      const client = createMockControlClient(options.mockUrl)
      const scenarios = await withControlErrors(() => client.listScenarios())
      printScenarios(io, scenarios, options.tenant, options.json === true)
    })

  scenario
    .command('set')
    .description('activate scenarios (replaces the active set, for all tenants or --tenant)')
    .argument('<name...>', 'scenario names', collectScenarioName)
    .addOption(mockUrlOption())
    .addOption(tenantScopeOption())
    .option('--json', 'print the resulting scenarios as JSON')
    .action(async (names: string[], options: ScenarioOptions) => {
      const client = createMockControlClient(options.mockUrl)
      const result = await withControlErrors(() => client.setScenarios(names, options.tenant))
      if (options.json) {
        io.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
        return
      }
      const scope = options.tenant === undefined ? 'all tenants' : `tenant ${options.tenant}`
      // Report what the mock says is now in effect, not just what we asked for.
      const inEffect = result.filter((item) => inEffectFor(item, options.tenant)).map((item) => item.name)
      io.stdout.write(`in effect for ${scope}: ${(inEffect.length > 0 ? inEffect : names).join(', ')}\n`)
    })

  scenario
    .command('reset')
    .description('deactivate all scenarios (for all tenants or --tenant)')
    .addOption(mockUrlOption())
    .addOption(tenantScopeOption())
    .action(async (options: ScenarioOptions) => {
      const client = createMockControlClient(options.mockUrl)
      await withControlErrors(() => client.resetScenarios(options.tenant))
      io.stdout.write(`scenarios reset for ${options.tenant === undefined ? 'all tenants' : `tenant ${options.tenant}`}\n`)
    })

  return scenario
}

/** Active globally, or (with a tenant) for that tenant. */
function inEffectFor(item: MockScenario, tenant: string | undefined): boolean {
  return item.active === true || (tenant !== undefined && (item.agencies ?? []).includes(tenant))
}

function printScenarios(io: CliIo, scenarios: readonly MockScenario[], tenant: string | undefined, json: boolean): void {
  if (json) {
    io.stdout.write(`${JSON.stringify(scenarios, null, 2)}\n`)
    return
  }
  if (scenarios.length === 0) {
    io.stdout.write('no scenarios\n')
    return
  }
  const yesNo = (value: boolean) => (value ? 'yes' : 'no')
  const rows = scenarios.map((item) => [
    item.name,
    yesNo(item.active === true),
    (item.agencies ?? []).join(','),
    ...(tenant === undefined ? [] : [yesNo(inEffectFor(item, tenant))]),
    item.description ?? '',
  ])
  const headers = ['name', 'global', 'tenants', ...(tenant === undefined ? [] : [`for ${tenant}`]), 'description']
  io.stdout.write(renderTable(headers, rows))
}
