// Address lists (country, state, city), services, and document uploads (their rules: world/uploads.ts).
import { API_ORDER } from '../../../contract/generated/api-operations.ts'
import { collationOf, inListOrder } from '../../../core/list-order.ts'
import { HttpResponse } from 'msw'
import { ListCitiesQueryParams, ListCountriesQueryParams, ListServicesQueryParams, ListStatesQueryParams } from '../../../contract/generated/zod.ts'
import type { City, Country, Service, State } from '../../../contract/generated/model/index.ts'
import type { Runtime } from '../runtime/runtime.ts'
import { cityId, COUNTRIES, foldForSearch, STATES } from '../world/people/geo.ts'
import { fileFieldError, MAX_UPLOAD_BYTES, ownUpload, storeUpload } from '../world/people/uploads.ts'
import { fail } from '../world/kernel/rule-failure.ts'
import { type Ctx, json, readQuery, route, type ApiRoute } from './context.ts'
import { paginate, readPagedQuery } from './pagination.ts'

const readUpload = async (ctx: Ctx): Promise<File> => {
  const type = ctx.request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) fail(400, 'bad_request', 'Send the file as multipart/form-data in a field named file.')
  let form: FormData
  try {
    form = await ctx.request.formData()
  } catch {
    return fail(400, 'bad_request', 'The multipart body could not be read.')
  }
  const file = form.get('file')
  if (!(file instanceof Blob)) return fileFieldError('required', 'Choose a file to upload.')
  return file as File
}

const matches = (needle: string | undefined) => {
  const folded = needle ? foldForSearch(needle) : ''
  return (text: string) => folded === '' || foldForSearch(text).includes(folded)
}

export const listRoutes = (rt: Runtime): ApiRoute[] => [
  route(rt, 'get', '/country', 'public-optional-agency', (ctx) => {
    const query = readQuery(ctx, ListCountriesQueryParams, 400)
    const lang = query.lang ?? ctx.lang
    const hit = matches(query.search)
    const countries: Country[] = COUNTRIES.map((c) => ({ id: c.code, code: c.code, name: c.name[lang] }))
      .filter((c) => hit(c.name) || c.code === query.search?.trim().toUpperCase())
      .sort(inListOrder(API_ORDER.listCountries!, lang))
    return json(countries)
  }),

  route(rt, 'get', '/state', 'public-optional-agency', (ctx) => {
    const query = readQuery(ctx, ListStatesQueryParams)
    const hit = matches(query.search)
    // A valid code without data (a country we list no states for) is an empty list, not an error:
    // the form then lets the customer type the state.
    const states: State[] = STATES.filter((s) => s.country === query.country && hit(s.name))
      .map((s) => ({ id: s.id, country: s.country, name: s.name }))
      .sort(inListOrder(API_ORDER.listStates!, collationOf(API_ORDER.listStates!)))
    return json(states)
  }),

  route(rt, 'get', '/city', 'public-optional-agency', (ctx) => {
    const query = readQuery(ctx, ListCitiesQueryParams)
    const state = STATES.find((s) => s.id === query.state.trim().toUpperCase())
    const hit = matches(query.search)
    const cities: City[] = (state?.cities ?? [])
      .filter(hit)
      .map((name) => ({ id: cityId(state!.id, name), state: state!.id, name }))
      .sort(inListOrder(API_ORDER.listCities!, collationOf(API_ORDER.listCities!)))
    return json(cities)
  }),

  route(rt, 'get', '/service', 'public', (ctx) => {
    const query = readPagedQuery(ctx, ListServicesQueryParams)
    const services: Service[] = ctx.world.services.filter((s) => s.agencyId === ctx.agency.id).map(({ agencyId: _agency, ...service }) => service)
    return json(paginate(services, query.page, query.per_page))
  }),

  route(rt, 'post', '/auth/file-upload', 'auth', async (ctx) => {
    ctx.me()
    const file = await readUpload(ctx)
    // larger than allowed: refused before its bytes are read
    if (file.size > MAX_UPLOAD_BYTES) fileFieldError('max_size', 'The file is larger than 5 MB.')
    return json(storeUpload(ctx, new Uint8Array(await file.arrayBuffer()), file.type), 201)
  }),

  route(rt, 'get', '/file/{name}', 'auth', (ctx, params) => {
    const { file, bytes } = ownUpload(ctx, params['name'])
    return new HttpResponse(bytes, {
      status: 200,
      headers: {
        'Content-Type': file.content_type,
        'Content-Length': String(bytes.length),
        'Content-Disposition': `inline; filename="${file.name}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  }),
]
