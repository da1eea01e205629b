import { FindAgencyBody } from '../../../contract/generated/zod.ts'
import type { Runtime } from '../runtime/runtime.ts'
import type { AgencyRecord, World } from '../world/kernel/types.ts'
import { agencyView, faqView } from '../world/views/agency-views.ts'
import { fail } from '../world/kernel/rule-failure.ts'
import { json, readJson, route, type ApiRoute } from './context.ts'

/** The agency served at a url: exact host:port first, then the bare host name. */
export const agencyForUrl = (world: World, url: string): AgencyRecord | null => {
  let parsed: URL
  try {
    parsed = new URL(url.includes('://') ? url : `http://${url}`)
  } catch {
    return null
  }
  const host = parsed.host.toLowerCase()
  const hostname = parsed.hostname.toLowerCase()
  return world.agencies.find((a) => a.hosts.includes(host)) ?? world.agencies.find((a) => a.hosts.includes(hostname)) ?? null
}

export const agencyRoutes = (rt: Runtime): ApiRoute[] => [
  route(rt, 'post', '/agency', 'agency-free', async (ctx) => {
    const body = await readJson(ctx, FindAgencyBody)
    const agency = agencyForUrl(ctx.world, body.url) ?? fail(404, 'not_found', `No agency is served at ${body.url}.`)
    return json(agencyView(agency))
  }),
  route(rt, 'get', '/agency', 'public', (ctx) => json(agencyView(ctx.agency))),
  route(rt, 'get', '/agency/faq', 'public', (ctx) => json(faqView(ctx.agency))),
]
