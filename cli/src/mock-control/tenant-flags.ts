import type { tenantShape } from '../../../contract/mock-control.ts'

// The command-line flag of each tenant field: what `tenants add` offers (its --help) and what a flag's error names.
// Apart from tenant-input.ts, so the CLI's start and its help load no schema library (zod is a fifth of a command's
// start-up; it loads when a tenant is checked).

export type TenantField = keyof typeof tenantShape

/** Command-line flag for each field, so flag errors can point at the flag. */
export const tenantFieldFlags: Partial<Record<TenantField, string>> = {
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
