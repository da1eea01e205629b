import { Command } from 'commander'

import type { CliIo } from '../base/cli-io.ts'
import { UsageError } from '../base/exit-codes.ts'
import { createMockControlClient, MockControlError, type MockTenant } from '../mock-control/mock-control.ts'
import type { TenantInput } from '../../../contract/mock-control.ts'
import { tenantFieldFlags, type TenantField } from '../mock-control/tenant-flags.ts'
import { mockUrlOption, withControlErrors } from './shared-options.ts'
import { renderTable } from '../../../core/text-table.ts'

type TenantFlagOptions = {
  id?: string
  name?: string
  host?: string
  logo?: string
  color1?: string
  color3?: string
  color4?: string
  cssExtra?: string
  email?: string
  phone?: string
  legalNoticeHtml?: string
}

type AddOptions = TenantFlagOptions & { mockUrl: string; file?: string; dryRun?: boolean; json?: boolean }

// commander camelCases --css-extra to cssExtra; the API field is css_extra. A tenant's FAQ, its travel
// groups' HTML and debug_login come from a file only.
const flagOptionKeys: Record<Exclude<TenantField, 'hosts' | 'faq' | 'travel_group_html' | 'debug_login'>, keyof TenantFlagOptions> = {
  id: 'id',
  name: 'name',
  host: 'host',
  logo: 'logo',
  color1: 'color1',
  color3: 'color3',
  color4: 'color4',
  css_extra: 'cssExtra',
  email: 'email',
  phone: 'phone',
  legal_notice_html: 'legalNoticeHtml',
}

export function tenantsCommand(io: CliIo): Command {
  const tenants = new Command('tenants').description("manage the mock server's tenants (agencies)")

  tenants
    .command('list')
    .description('list tenants known to the mock')
    .addOption(mockUrlOption())
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { mockUrl: string; json?: boolean }) => {
      const client = createMockControlClient(options.mockUrl)
      const list = await withControlErrors(() => client.listTenants())
      if (options.json) {
        io.stdout.write(`${JSON.stringify(list, null, 2)}\n`)
        return
      }
      if (list.length === 0) {
        io.stdout.write('no tenants\n')
        return
      }
      const { hostsOf } = await import('../mock-control/tenant-input.ts')
      io.stdout.write(
        renderTable(
          ['id', 'name', 'host', 'color1', 'email'],
          list.map((tenant) => tenantRow(tenant, hostsOf)),
        ),
      )
    })

  const add = tenants
    .command('add')
    .description('add tenants, from flags or from a JSON/YAML file (one tenant or an array)')
    .addOption(mockUrlOption())
    .option('--file <file>', 'JSON or YAML file with a tenant object or an array of them')
    .option('--dry-run', 'validate and print what would be sent, without calling the mock')
    .option('--json', 'print the created tenants as JSON')
  for (const field of Object.keys(flagOptionKeys) as Array<keyof typeof flagOptionKeys>) {
    add.option(`${tenantFieldFlags[field]} <value>`, `tenant ${field}`)
  }
  add.action(async (options: AddOptions) => {
    const inputs = await tenantInputsFrom(options)
    const { hostsOf } = await import('../mock-control/tenant-input.ts')
    if (options.dryRun) {
      io.stdout.write(`${JSON.stringify(inputs.length === 1 ? inputs[0] : inputs, null, 2)}\n`)
      return
    }
    const client = createMockControlClient(options.mockUrl)
    const created: MockTenant[] = []
    for (const input of inputs) {
      const tenant = await withControlErrors(() => client.addTenant(input))
      created.push(tenant)
      if (!options.json) io.stdout.write(`added tenant ${tenant.id ?? '?'} (${input.name}, ${hostsOf(input).join(', ')})\n`)
    }
    if (options.json) io.stdout.write(`${JSON.stringify(created, null, 2)}\n`)
  })

  tenants
    .command('remove')
    .description('remove tenants by id')
    .argument('<id...>', 'tenant ids')
    .addOption(mockUrlOption())
    .action(async (ids: string[], options: { mockUrl: string }) => {
      const client = createMockControlClient(options.mockUrl)
      for (const id of ids) {
        await withControlErrors(() => client.removeTenant(id))
        io.stdout.write(`removed tenant ${id}\n`)
      }
    })

  tenants
    .command('seed')
    .description('(re)seed demo content: for the given tenants, or (no id) put back removed demo tenants and seed every tenant')
    .argument('[id...]', 'tenant ids (default: all, with the built-in demo tenants)')
    .addOption(mockUrlOption())
    .option('--json', 'print what was seeded as JSON')
    .action(async (ids: string[], options: { mockUrl: string; json?: boolean }) => {
      const client = createMockControlClient(options.mockUrl)
      const results = []
      for (const id of ids.length === 0 ? [undefined] : ids) {
        results.push(
          await withControlErrors(async () => {
            try {
              return await client.seedTenants(id)
            } catch (error) {
              // An older mock without the endpoint answers 404 with no body code of ours.
              if (error instanceof MockControlError && error.status === 404 && id === undefined) {
                throw new UsageError(
                  `${error.message}\nthis mock has no tenant seeding endpoint; POST /__mock/reset re-seeds the whole world (all data, not just tenants)`,
                )
              }
              throw error
            }
          }),
        )
      }
      if (options.json) {
        io.stdout.write(`${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`)
        return
      }
      const tenantsSeeded = results.flatMap((result) => result.tenants)
      const restored = results.flatMap((result) => result.restored)
      const groups = results.flatMap((result) => result.travelGroups)
      io.stdout.write(`seeded ${tenantsSeeded.length} tenant${tenantsSeeded.length === 1 ? '' : 's'}`)
      io.stdout.write(
        `${restored.length === 0 ? '' : `; put back ${restored.join(', ')}`}; ${groups.length} new travel group${groups.length === 1 ? '' : 's'}\n`,
      )
      for (const skipped of results.flatMap((result) => result.skipped)) io.stdout.write(`not put back ${skipped.id}: ${skipped.reason}\n`)
      const { hostsOf } = await import('../mock-control/tenant-input.ts')
      if (tenantsSeeded.length > 0)
        io.stdout.write(
          renderTable(
            ['id', 'name', 'host', 'color1', 'email'],
            tenantsSeeded.map((tenant) => tenantRow(tenant, hostsOf)),
          ),
        )
    })

  return tenants
}

/** The tenants to add, checked with the mock's own schema (loaded here, not when the CLI starts). */
async function tenantInputsFrom(options: AddOptions): Promise<TenantInput[]> {
  const { parseTenantInputs } = await import('../mock-control/tenant-input.ts')
  const flagged = (Object.entries(flagOptionKeys) as Array<[keyof typeof flagOptionKeys, keyof TenantFlagOptions]>).filter(
    ([, key]) => options[key] !== undefined,
  )
  if (options.file !== undefined) {
    if (flagged.length > 0) {
      const flags = flagged.map(([field]) => tenantFieldFlags[field]).join(', ')
      throw new UsageError(`use either --file or field flags, not both (got --file and ${flags})`)
    }
    const { readStructuredFile } = await import('../base/structured-file.ts')
    return parseTenantInputs(await readStructuredFile(options.file), 'file')
  }
  if (flagged.length === 0) {
    throw new UsageError('tenants add needs --name and --host (plus optional fields), or --file FILE')
  }
  const record: Record<string, string> = {}
  for (const [field, key] of flagged) record[field] = options[key] as string
  return parseTenantInputs(record, 'flags')
}

function tenantRow(tenant: MockTenant, hostsOf: (tenant: TenantInput) => string[]): string[] {
  return [String(tenant.id ?? ''), String(tenant.name ?? ''), hostsOf(tenant).join(','), String(tenant.color1 ?? ''), String(tenant.email ?? '')]
}
