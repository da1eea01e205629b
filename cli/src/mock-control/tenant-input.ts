import type { z } from 'zod'
import { type TenantInput, TenantInputSchema, tenantHosts, tenantShape } from '../../../contract/mock-control.ts'
import { UsageError } from '../base/exit-codes.ts'
import { tenantFieldFlags, type TenantField } from './tenant-flags.ts'

// What `tenants add` accepts, checked before it is sent to the mock's control API (POST
// /__mock/tenants) with the schema the mock itself validates with (contract/mock-control.ts):
// every problem of a file at once, named by field and by flag.

export const tenantFields = Object.keys(tenantShape) as TenantField[]

export type TenantSource = 'file' | 'flags'

/**
 * Validates one tenant or an array of tenants. Every problem is reported (one
 * line each, naming the field as `tenant.color1` or `tenants[2].color1`),
 * because fixing a file one error per run is tedious.
 */
export function parseTenantInputs(data: unknown, source: TenantSource): TenantInput[] {
  const isArray = Array.isArray(data)
  const items: unknown[] = isArray ? data : [data]
  if (isArray && items.length === 0) throw new UsageError('the tenant file holds an empty array: nothing to add')

  const problems: string[] = []
  const tenants: TenantInput[] = []
  items.forEach((item, index) => {
    const label = isArray ? `tenants[${index}]` : 'tenant'
    const result = TenantInputSchema.safeParse(normaliseAliases(item))
    if (result.success) {
      tenants.push(result.data)
      return
    }
    for (const issue of result.error.issues) {
      problems.push(describeIssue(label, issue, source))
    }
  })
  if (problems.length > 0) throw new UsageError(problems.join('\nerror: '))

  const hosts = new Map<string, number>()
  tenants.forEach((tenant, index) => {
    for (const host of hostsOf(tenant)) {
      const previous = hosts.get(host)
      if (previous !== undefined && previous !== index) {
        problems.push(`tenants[${index}] uses host ${host}, already used by tenants[${previous}]`)
      }
      hosts.set(host, index)
    }
  })
  if (problems.length > 0) throw new UsageError(problems.join('\nerror: '))
  return tenants
}

export const hostsOf = (tenant: TenantInput): string[] => tenantHosts(tenant)

// Files written by hand tend to use the camelCase spelling the web code uses.
function normaliseAliases(item: unknown): unknown {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item
  const record = { ...(item as Record<string, unknown>) }
  for (const [alias, field] of [
    ['cssExtra', 'css_extra'],
    ['legalNoticeHtml', 'legal_notice_html'],
  ] as const) {
    if (alias in record && !(field in record)) {
      record[field] = record[alias]
      delete record[alias]
    }
  }
  return record
}

function describeIssue(label: string, issue: z.core.$ZodIssue, source: TenantSource): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ')
    const where = issue.path.length > 0 ? `${label}.${issue.path.join('.')}` : label
    return `${where} has unknown field${issue.keys.length > 1 ? 's' : ''} ${keys} (allowed: ${tenantFields.join(', ')})`
  }
  const field = issue.path[0]
  if (field === undefined) return `${label} ${issue.message}`
  const fieldPath = `${label}.${issue.path.map(String).join('.')}`
  const flag = source === 'flags' && typeof field === 'string' ? tenantFieldFlags[field as TenantField] : undefined
  return `${fieldPath}${flag === undefined ? '' : ` (${flag})`} ${issue.message}`
}
