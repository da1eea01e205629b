import { z } from 'zod'

import { UsageError } from './exit-codes.ts'

// What `tenants add` accepts and sends to the mock control API (POST
// /__mock/tenants). Field names follow the contract's Agency schema
// (color1/color3/color4, css_extra, legal_notice_html). A tenant is served on
// one `host` or several `hosts`; the mock takes either.

const hexColourPattern = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
// host[:port], no scheme or path: the portal resolves the agency from the
// Host header, so that is exactly what we store.
const hostPattern = /^(?=.{1,253}(?::\d{1,5})?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/i
const slugPattern = /^[a-z0-9][a-z0-9_-]{0,63}$/
const phonePattern = /^\+?[0-9][0-9 ().-]{4,22}$/

function text(description: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? 'is required' : `must be ${description}`),
  })
}

const hexColour = text('a hex colour like #0a7cff').regex(hexColourPattern, 'must be a hex colour like #0a7cff')
const hostText = text('a host name like viajes-sol.localhost')
  .trim()
  .toLowerCase()
  .regex(hostPattern, 'must be a host name like viajes-sol.localhost or viajes-sol.localhost:5173 (no protocol or path)')

const tenantShape = {
  id: text('a slug like viajes-sol').regex(slugPattern, 'must be a slug like viajes-sol (a-z, 0-9, - and _)').optional(),
  name: text('a non-empty name').trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters'),
  host: hostText.optional(),
  hosts: z.array(hostText, { error: 'must be a list of host names' }).min(1, 'must list at least one host').max(20, 'must list at most 20 hosts').optional(),
  logo: text('a logo URL').refine(isLogoReference, 'must be an http(s) URL, a path starting with /, or a data:image/ URI').nullable().optional(),
  color1: hexColour.optional(),
  color3: hexColour.optional(),
  color4: hexColour.optional(),
  css_extra: text('CSS text').max(20_000, 'must be at most 20000 characters').nullable().optional(),
  email: z.email({ error: 'must be an e-mail address like info@agency.example' }).optional(),
  phone: text('a phone number like +34 910 000 000').regex(phonePattern, 'must be a phone number like +34 910 000 000').optional(),
  legal_notice_html: text('HTML text').max(50_000, 'must be at most 50000 characters').optional(),
}

export const tenantInputSchema = z
  .strictObject(tenantShape, { error: 'must be an object with tenant fields' })
  .refine((tenant) => tenant.host !== undefined || tenant.hosts !== undefined, { message: 'is required (or hosts)', path: ['host'] })

export type TenantInput = z.infer<typeof tenantInputSchema>
export type TenantField = keyof TenantInput

export const tenantFields = Object.keys(tenantShape) as TenantField[]

/** Command-line flag for each field, so flag errors can point at the flag. */
export const tenantFieldFlags: Record<TenantField, string> = {
  id: '--id',
  name: '--name',
  host: '--host',
  hosts: '--host',
  logo: '--logo',
  color1: '--color1',
  color3: '--color3',
  color4: '--color4',
  css_extra: '--css-extra',
  email: '--email',
  phone: '--phone',
  legal_notice_html: '--legal-notice-html',
}

function isLogoReference(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true
  if (/^data:image\//i.test(value)) return true
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

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
    const result = tenantInputSchema.safeParse(normaliseAliases(item))
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

export function hostsOf(tenant: TenantInput): string[] {
  return [...new Set([...(tenant.hosts ?? []), ...(tenant.host === undefined ? [] : [tenant.host])])]
}

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
