import { Command, InvalidArgumentError, Option } from 'commander'

import type { ActiveScenario, ScenarioChange, ScenarioListing, ScenarioTarget, ScenarioTargetKind } from '../../../contract/mock-control.ts'
import type { CliIo } from '../base/cli-io.ts'
import { UsageError } from '../base/exit-codes.ts'
import { parseNonEmpty } from '../base/option-parsers.ts'
import { createMockControlClient } from '../mock-control/mock-control.ts'
import { mockUrlOption, tenantScopeOption, withControlErrors } from './shared-options.ts'
import { renderTable } from '../../../core/text-table.ts'

// Scenario names are the mock's (kebab-case; snake_case and upper case are read too); the mock rejects
// unknown ones and names the known. Here only the shape is checked, so a stray comma is caught before sending.
const scenarioNamePattern = /^[a-z0-9][a-z0-9_.:-]*$/i

function scenarioName(value: string): string {
  if (!scenarioNamePattern.test(value)) {
    throw new InvalidArgumentError('scenario names are letters, digits, and _ . : - (see `travel-portal scenario list`).')
  }
  return value
}

const collectScenarioName = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), scenarioName(value)]

/** Each target flag, the target's key it fills, and how a person reads it. */
const TARGET_FLAGS = [
  { flag: '--travel-group', key: 'travelGroup', words: 'travel group' },
  { flag: '--pack', key: 'pack', words: 'pack' },
  { flag: '--booking', key: 'booking', words: 'booking' },
  { flag: '--member', key: 'member', words: 'passenger' },
] as const satisfies readonly { flag: string; key: ScenarioTargetKind; words: string }[]

type TargetOptions = { tenant?: string; travelGroup?: string; pack?: string; booking?: string; member?: string }
type ScenarioOptions = TargetOptions & { mockUrl: string; json?: boolean }

const withTargetOptions = (command: Command): Command => {
  command.addOption(tenantScopeOption())
  for (const { flag, words } of TARGET_FLAGS) command.addOption(new Option(`${flag} <id>`, `aim at one ${words}`).argParser(parseNonEmpty))
  return command
}

const targetOf = (options: TargetOptions): ScenarioTarget =>
  Object.fromEntries((['tenant', ...TARGET_FLAGS.map((t) => t.key)] as const).flatMap((key) => (options[key] === undefined ? [] : [[key, options[key]]])))

/** Where a scenario applies, most specific first: "pack tg-1-pck-1 (travel group tg-1, tenant ag-sol)". */
export function describeTarget(target: ScenarioTarget): string {
  const parts = [
    ...[...TARGET_FLAGS].reverse().flatMap(({ key, words }) => (target[key] === undefined ? [] : [`${words} ${target[key]}`])),
    ...(target.tenant === undefined ? [] : [`tenant ${target.tenant}`]),
  ]
  if (parts.length === 0) return 'every tenant'
  return parts.length === 1 ? parts[0]! : `${parts[0]} (${parts.slice(1).join(', ')})`
}

const describeActive = (scenarios: readonly ActiveScenario[]) => scenarios.map((s) => `${s.name} at ${describeTarget(s.target)}`).join('; ')

/** What is active after a change, one scenario a line. */
const activeLines = (scenarios: readonly ActiveScenario[]) =>
  scenarios.length === 0 ? 'active: none' : ['active:', ...scenarios.map((s) => `  ${s.name} at ${describeTarget(s.target)}`)].join('\n')

export function scenarioCommand(io: CliIo): Command {
  const scenario = new Command('scenario').description("switch the mock's scenarios, for everyone, one tenant, or one trip, pack, booking or passenger")
  const print = (text: string) => io.stdout.write(`${text}\n`)
  const printChange = (change: ScenarioChange, json: boolean | undefined, lines: () => string[]) => {
    if (json) print(JSON.stringify(change, null, 2))
    else print(lines().join('\n'))
  }

  scenario
    .command('list')
    .description('what is active and where, then every scenario and what it can be aimed at')
    .addOption(mockUrlOption())
    .addOption(tenantScopeOption())
    .option('--json', 'print JSON instead of tables')
    .action(async (options: ScenarioOptions) => {
      const listing = await withControlErrors(() => createMockControlClient(options.mockUrl).listScenarios())
      if (options.json) print(JSON.stringify(listing, null, 2))
      else io.stdout.write(renderListing(listing, options.tenant))
    })

  withTargetOptions(
    scenario
      .command('set')
      .description('make these the scenarios active at exactly this place (everyone without a target); says what it replaced')
      .argument('<name...>', 'scenario names', collectScenarioName),
  )
    .addOption(mockUrlOption())
    .option('--json', 'print what changed and what is active as JSON')
    .action(async (names: string[], options: ScenarioOptions) => {
      const change = await withControlErrors(() => createMockControlClient(options.mockUrl).switchScenarios('set', names, targetOf(options)))
      printChange(change, options.json, () => {
        const where = change.target ?? {}
        const here = change.active.filter((s) => JSON.stringify(s.target) === JSON.stringify(where)).map((s) => s.name)
        return [
          `at ${describeTarget(where)}: ${here.length === 0 ? 'no scenario' : here.join(', ')}`,
          `replaced: ${change.removed.length === 0 ? 'nothing' : change.removed.map((s) => s.name).join(', ')}`,
        ]
      })
    })

  withTargetOptions(
    scenario
      .command('add')
      .description('switch these scenarios on at this place, beside what is active')
      .argument('<name...>', 'scenario names', collectScenarioName),
  )
    .addOption(mockUrlOption())
    .option('--json', 'print what changed and what is active as JSON')
    .action(async (names: string[], options: ScenarioOptions) => {
      const change = await withControlErrors(() => createMockControlClient(options.mockUrl).switchScenarios('add', names, targetOf(options)))
      printChange(change, options.json, () => [
        change.added.length === 0 ? 'already active; nothing added' : `added: ${describeActive(change.added)}`,
        activeLines(change.active),
      ])
    })

  withTargetOptions(
    scenario
      .command('remove')
      .description('switch off the active scenarios matching a name, a place, or both (a place covers what is aimed inside it)')
      .argument('[name]', 'scenario name', scenarioName),
  )
    .addOption(mockUrlOption())
    .option('--json', 'print what changed and what is active as JSON')
    .action(async (name: string | undefined, options: ScenarioOptions) => {
      const target = targetOf(options)
      if (name === undefined && Object.keys(target).length === 0) {
        throw new UsageError('name a scenario, a place (--tenant, --travel-group, --pack, --booking, --member) or both; `scenario reset` switches all off')
      }
      const change = await withControlErrors(() =>
        createMockControlClient(options.mockUrl).removeScenarios({ ...target, ...(name === undefined ? {} : { name }) }),
      )
      printChange(change, options.json, () => [
        change.removed.length === 0 ? 'nothing matched; nothing removed' : `removed: ${describeActive(change.removed)}`,
        activeLines(change.active),
      ])
    })

  scenario
    .command('reset')
    .description('switch every scenario off (or, with --tenant, every one in that tenant)')
    .addOption(mockUrlOption())
    .addOption(tenantScopeOption())
    .action(async (options: ScenarioOptions) => {
      const change = await withControlErrors(() => createMockControlClient(options.mockUrl).removeScenarios(targetOf({ tenant: options.tenant })))
      const scope = options.tenant === undefined ? 'every tenant' : `tenant ${options.tenant}`
      print(`scenarios reset for ${scope}: ${change.removed.length === 0 ? 'none was active' : `${describeActive(change.removed)} switched off`}`)
    })

  return scenario
}

function renderListing(listing: ScenarioListing, tenant: string | undefined): string {
  const inForce = listing.active.filter((s) => tenant === undefined || s.target.tenant === undefined || s.target.tenant === tenant)
  const heading = tenant === undefined ? 'active' : `active for tenant ${tenant}`
  const active =
    inForce.length === 0
      ? `${heading}: none\n`
      : `${heading}:\n${renderTable(
          ['name', 'where'],
          inForce.map((s) => [s.name, describeTarget(s.target)]),
        )}`
  const flags = (targets: readonly ScenarioTargetKind[]) =>
    ['--tenant', ...TARGET_FLAGS.filter((t) => (targets as readonly string[]).includes(t.key)).map((t) => t.flag)].join(' ')
  const catalogue = renderTable(
    ['name', 'aim with', 'description'],
    listing.scenarios.map((s) => [s.name, flags(s.targets), s.description]),
  )
  return `${active}\n${catalogue}`
}
