import type { UploadedFile } from '../../../contract/generated/model/index.ts'
import type { LoginName, Probe, ProbeApi } from '../probe.ts'

// Real file headers: what a scanner or a phone camera produces.
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]
const PDF = [...new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n')]
const EXE = [0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]

const form = (bytes: number[] | Uint8Array, fileName: string, type: string) => {
  const data = new FormData()
  data.set('file', new File([new Uint8Array(bytes)], fileName, { type }))
  return data
}

const upload = (api: ProbeApi, formData: FormData, as: LoginName = 'ana') => api.call('POST', '/auth/file-upload', { as, formData })

const uploaded = async (api: ProbeApi, as: LoginName = 'ana') => {
  const res = await upload(api, form(PNG, 'dni.png', 'image/png'), as)
  if (res.status !== 201) throw new Error(`upload → ${res.status} ${await res.text()}`)
  return (await res.json()) as UploadedFile
}

export const listsFilesProbes: Probe[] = [
  { operationId: 'listCountries', name: 'countries in Spanish', status: 200, run: (api) => api.call('GET', '/country', { query: { lang: 'es' } }) },
  {
    operationId: 'listCountries',
    name: 'countries in English, searched',
    status: 200,
    run: (api) => api.call('GET', '/country', { query: { lang: 'en', search: 'united' } }),
  },
  { operationId: 'listCountries', name: 'before the agency is known', status: 200, run: (api) => api.call('GET', '/country', { agency: null }) },
  { operationId: 'listStates', name: 'the Spanish provinces', status: 200, run: (api) => api.call('GET', '/state', { query: { country: 'ES' } }) },
  {
    operationId: 'listStates',
    name: 'provinces searched without accents',
    status: 200,
    run: (api) => api.call('GET', '/state', { query: { country: 'ES', search: 'avila' } }),
  },
  {
    operationId: 'listStates',
    name: 'a country name instead of its code is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('GET', '/state', { query: { country: 'España' } }),
  },
  { operationId: 'listStates', name: 'no country is 422', status: 422, code: 'validation_error', run: (api) => api.call('GET', '/state') },
  { operationId: 'listCities', name: 'cities of Madrid', status: 200, run: (api) => api.call('GET', '/city', { query: { state: 'ES-M' } }) },
  {
    operationId: 'listCities',
    name: 'cities of Bizkaia searched',
    status: 200,
    run: (api) => api.call('GET', '/city', { query: { state: 'ES-BI', search: 'bil' } }),
  },
  {
    operationId: 'listCities',
    name: 'no state is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('GET', '/city', { query: { search: 'mad' } }),
  },
  { operationId: 'listServices', name: 'first page of services', status: 200, run: (api) => api.call('GET', '/service') },
  { operationId: 'listServices', name: 'second page of two', status: 200, run: (api) => api.call('GET', '/service', { query: { page: '2', per_page: '2' } }) },
  {
    operationId: 'listServices',
    name: 'per_page over 100 is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('GET', '/service', { query: { per_page: '500' } }),
  },
  {
    operationId: 'listServices',
    name: 'a page that is not a number is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('GET', '/service', { query: { page: 'next' } }),
  },

  { operationId: 'uploadFile', name: 'a PNG scan', status: 201, run: (api) => upload(api, form(PNG, 'dni.png', 'image/png')) },
  { operationId: 'uploadFile', name: 'a PDF scan', status: 201, run: (api) => upload(api, form(PDF, 'pasaporte.pdf', 'application/pdf')) },
  {
    operationId: 'uploadFile',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', '/auth/file-upload', { formData: form(PNG, 'dni.png', 'image/png') }),
  },
  {
    operationId: 'uploadFile',
    name: 'a program renamed to .pdf is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => upload(api, form(EXE, 'dni.pdf', 'application/pdf')),
  },
  {
    operationId: 'uploadFile',
    name: 'a PNG declared as a PDF is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => upload(api, form(PNG, 'dni.pdf', 'application/pdf')),
  },
  {
    operationId: 'uploadFile',
    name: 'a photo over 5 MB is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => {
      const big = new Uint8Array(5 * 1024 * 1024 + 1)
      big.set([0xff, 0xd8, 0xff, 0xe0])
      return upload(api, form(big, 'foto.jpg', 'image/jpeg'))
    },
  },
  {
    operationId: 'uploadFile',
    name: 'a form without the file field is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => {
      const data = new FormData()
      data.set('document', 'dni')
      return upload(api, data)
    },
  },

  {
    operationId: 'getFile',
    name: 'the owner downloads their upload',
    status: 200,
    run: async (api) => api.call('GET', `/file/${(await uploaded(api)).name}`, { as: 'ana' }),
  },
  {
    operationId: 'getFile',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: async (api) => api.call('GET', `/file/${(await uploaded(api)).name}`),
  },
  {
    operationId: 'getFile',
    name: "another customer's file is 404",
    status: 404,
    code: 'not_found',
    run: async (api) => api.call('GET', `/file/${(await uploaded(api, 'ana')).name}`, { as: 'marta' }),
  },
  { operationId: 'getFile', name: 'an unknown name is 404', status: 404, code: 'not_found', run: (api) => api.call('GET', '/file/f-0000.pdf', { as: 'ana' }) },
]
