// Address lists (country, state, city), services, and document uploads.
import { HttpResponse } from 'msw'
import { ListCitiesQueryParams, ListCountriesQueryParams, ListServicesQueryParams, ListStatesQueryParams } from '../../../contract/generated/zod.ts'
import type { City, Country, Service, State, UploadedFile } from '../../../contract/generated/model/index.ts'
import type { Runtime } from '../runtime.ts'
import { cityId, COUNTRIES, foldForSearch, STATES } from '../world/geo.ts'
import type { FileRecord } from '../world/types.ts'
import { fail } from '../world/rule-failure.ts'
import { type Ctx, json, readQuery, route, type ApiRoute } from './context.ts'
import { paginate, readPagedQuery } from './pagination.ts'

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
// Oldest files are dropped past these limits, so uploads cannot grow the persisted world without bound.
const MAX_STORED_FILES = 200
const MAX_STORED_BASE64_CHARS = 40 * 1024 * 1024

type UploadType = FileRecord['content_type']

const EXTENSIONS: Record<UploadType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b)

/** What the bytes really are: the declared type alone is whatever the browser guessed from the file name. */
export const sniffUploadType = (bytes: Uint8Array): UploadType | null => {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf' // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  return null
}

// btoa/atob rather than Buffer: the mock also runs in the browser's service worker.
// Chunked, because spreading megabytes into String.fromCharCode overflows the call stack.
const toBase64 = (bytes: Uint8Array) => {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

const fromBase64 = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))

const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')

const fileFieldError = (code: string, message: string) => fail(422, 'validation_error', message, [{ field: 'file', code, message }])

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

const byName = (lang: string) => (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, lang)

export const listRoutes = (rt: Runtime): ApiRoute[] => [
  route(rt, 'get', '/country', 'public-optional-agency', (ctx) => {
    const query = readQuery(ctx, ListCountriesQueryParams, 400)
    const lang = query.lang ?? ctx.lang
    const hit = matches(query.search)
    const countries: Country[] = COUNTRIES.map((c) => ({ id: c.code, code: c.code, name: c.name[lang] }))
      .filter((c) => hit(c.name) || c.code === query.search?.trim().toUpperCase())
      .sort(byName(lang))
    return json(countries)
  }),

  route(rt, 'get', '/state', 'public-optional-agency', (ctx) => {
    const query = readQuery(ctx, ListStatesQueryParams)
    const hit = matches(query.search)
    // A valid code without data (a country we list no states for) is an empty list, not an error:
    // the form then lets the customer type the state.
    const states: State[] = STATES.filter((s) => s.country === query.country && hit(s.name))
      .map((s) => ({ id: s.id, country: s.country, name: s.name }))
      .sort(byName('es'))
    return json(states)
  }),

  route(rt, 'get', '/city', 'public-optional-agency', (ctx) => {
    const query = readQuery(ctx, ListCitiesQueryParams)
    const state = STATES.find((s) => s.id === query.state.trim().toUpperCase())
    const hit = matches(query.search)
    const cities: City[] = (state?.cities ?? [])
      .filter(hit)
      .map((name) => ({ id: cityId(state!.id, name), state: state!.id, name }))
      .sort(byName('es'))
    return json(cities)
  }),

  route(rt, 'get', '/service', 'public', (ctx) => {
    const query = readPagedQuery(ctx, ListServicesQueryParams)
    const services: Service[] = ctx.world.services.filter((s) => s.agencyId === ctx.agency.id).map(({ agencyId: _agency, ...service }) => service)
    return json(paginate(services, query.page, query.per_page))
  }),

  route(rt, 'post', '/auth/file-upload', 'auth', async (ctx) => {
    const me = ctx.me()
    const file = await readUpload(ctx)
    if (file.size === 0) fileFieldError('required', 'The file is empty.')
    if (file.size > MAX_UPLOAD_BYTES) fileFieldError('max_size', 'The file is larger than 5 MB.')
    const bytes = new Uint8Array(await file.arrayBuffer())
    const sniffed = sniffUploadType(bytes)
    if (!sniffed) fileFieldError('file_type', 'Only PDF, JPEG or PNG files can be uploaded.')
    // Both must agree: a renamed file (an .exe called scan.pdf, or a PNG sent as a PDF) is refused.
    const declared = file.type.toLowerCase().split(';')[0]!.trim()
    if (declared !== sniffed) fileFieldError('file_type', `The file's content (${sniffed}) does not match its declared type (${declared || 'none'}).`)
    const contentType = sniffed!
    const record: FileRecord = {
      name: `f-${ctx.id('f').split('-')[1]}${randomHex(4)}.${EXTENSIONS[contentType]}`,
      agencyId: ctx.agency.id,
      customerId: me.id,
      content_type: contentType,
      size: bytes.length,
      base64: toBase64(bytes),
    }
    // The store stays bounded: the oldest uploads go past a number of files or of stored bytes.
    ctx.insert('files', record)
    const files = ctx.world.files
    let keepFrom = Math.max(0, files.length - MAX_STORED_FILES)
    let stored = files.slice(keepFrom).reduce((sum, f) => sum + f.base64.length, 0)
    while (stored > MAX_STORED_BASE64_CHARS && keepFrom < files.length - 1) stored -= files[keepFrom++]!.base64.length
    ctx.remove('files', files.slice(0, keepFrom))
    const body: UploadedFile = { name: record.name, size: record.size, content_type: record.content_type }
    return json(body, 201)
  }),

  route(rt, 'get', '/file/:name', 'auth', (ctx, params) => {
    const me = ctx.me()
    // Someone else's file answers exactly like a missing one: names must not be probed for existence.
    const file =
      ctx.world.files.find((f) => f.name === params['name'] && f.agencyId === ctx.agency.id && f.customerId === me.id) ??
      fail(404, 'not_found', 'No such file.')
    const bytes = fromBase64(file.base64)
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
