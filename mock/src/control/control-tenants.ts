// Tenants added and (re)seeded through the control API: the agency made from QA's input (a neutral,
// accessible palette when none is given) and its demo content.
import { HttpResponse } from 'msw'
import type { z } from 'zod'
import { type TenantSeedInputSchema, type TenantSeedResult, type TenantValues, tenantHosts } from '../../../contract/mock-control.ts'
import { escapeMarkup } from '../../../core/markup.ts'
import { english } from '../../../core/translations.ts'
import type { Runtime } from '../runtime/runtime.ts'
import { fail } from '../world/kernel/rule-failure.ts'
import { createWorld, seedAgencyContent } from '../world/seed/create-world.ts'
import type { AgencyRecord, World } from '../world/kernel/types.ts'

const slugify = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'agencia'

const uniqueId = (world: World, base: string) => {
  let id = base
  for (let n = 2; world.agencies.some((a) => a.id === id); n += 1) id = `${base}-${n}`
  return id
}

export const buildAgency = (world: World, input: TenantValues): AgencyRecord => {
  const slug = slugify(input.name)
  const hosts = tenantHosts(input)
  return {
    id: input.id ?? uniqueId(world, `ag-${slug}`),
    name: input.name,
    hosts,
    logo: input.logo ?? null,
    // A neutral palette that passes contrast checks, for tenants added without branding.
    color1: input.color1 ?? '#1d4ed8',
    color3: input.color3 ?? '#1e293b',
    color4: input.color4 ?? '#f8fafc',
    css_extra: input.css_extra ?? null,
    email: input.email ?? `info@${slug}.example`,
    phone: input.phone ?? '+34 900 000 000',
    legal_notice_html:
      input.legal_notice_html ?? `<h2>Aviso legal</h2><p>${escapeMarkup(input.name)} es la agencia organizadora de los viajes de este portal.</p>`,
    // a notice given in the input is the agency's own words, in Spanish only: English readers see it as written
    translations: input.legal_notice_html
      ? {}
      : english({ legal_notice_html: `<h2>Legal notice</h2><p>${escapeMarkup(input.name)} is the agency organising the trips on this portal.</p>` }),
    faq: { es: input.faq?.es ?? [], en: input.faq?.en ?? [] },
    build: world.agencies[0]?.build ?? '1',
    // Off unless asked for: debug sign-in hands a session for any e-mail (tests ask for it per tenant).
    debug_login: input.debug_login ?? false,
  }
}

// (Re)seeds demo content. With {id} (or tenant/agency): that tenant's services and travel groups, for a
// tenant added at run time or one whose groups were lost. Without: the built-in demo tenants come back
// if removed (unless another tenant took their host), and every tenant gets its demo content.
// Idempotent: what exists already is kept as it is.
export const seedTenants = (rt: Runtime, input: z.infer<typeof TenantSeedInputSchema>): Response => {
  const world = rt.world
  const id = input?.id ?? input?.tenant ?? input?.agency
  const result: TenantSeedResult<AgencyRecord> = { tenants: [], restored: [], travelGroups: [], skipped: [] }
  let targets: AgencyRecord[]
  if (id !== undefined) {
    const agency = world.agencies.find((a) => a.id === id)
    if (!agency) {
      const known = world.agencies.map((a) => a.id).join(', ')
      return fail(404, 'not_found', `No agency with id '${id}'; agencies: ${known}.`, [{ field: 'id', code: 'not_found', message: `unknown agency '${id}'` }])
    }
    targets = [agency]
  } else {
    for (const demo of createWorld(world.seed, new Date(world.seededAt)).agencies) {
      if (world.agencies.some((a) => a.id === demo.id)) continue
      const owner = world.agencies.find((a) => a.hosts.some((host) => demo.hosts.includes(host)))
      if (owner) {
        result.skipped.push({ id: demo.id, reason: `its host is served by agency '${owner.id}'` })
        continue
      }
      world.agencies.push(demo)
      result.restored.push(demo.id)
    }
    targets = world.agencies
  }
  for (const agency of targets) {
    result.travelGroups.push(...seedAgencyContent(world, agency).keys())
    result.tenants.push(agency)
  }
  rt.storeWhole()
  return HttpResponse.json(result)
}
