import type { Probe } from '../probe.ts'

// bkg-sol-1001: London, leaving 2027-03-11 and back 2027-03-16 (probes' day 2026-11-21). Lucía is 15 with
// guardians grd-sol-1 (Marta) and grd-sol-2 (Ana); Pablo is an adult. bkg-sol-1004 is canceled.
const B = '/booking/bkg-sol-1001'

const memberData = (overrides: Record<string, unknown> = {}) => ({
  member_id: 'mem-sol-pablo',
  name: 'Pablo',
  surname1: 'García',
  surname2: 'López',
  gender: 'male',
  birthdate: '2007-12-21',
  phone: '+34600444555',
  email: 'pablo.garcia@example.com',
  document_type: 'dni',
  document_number: '34567890V',
  country: 'ES',
  state: 'ES-M',
  city: 'Madrid',
  zip: '28001',
  address: 'Calle Mayor 1',
  allergies: 'Frutos secos',
  medical_notes: null,
  ...overrides,
})

const dni = (overrides: Record<string, unknown> = {}) => ({
  member_id: 'mem-sol-lucia',
  number: '23456789D',
  expiry_date: '2030-05-01',
  issue_date: '2020-05-01',
  country: 'ES',
  support_number: 'BAA123456',
  ...overrides,
})
const passport = (overrides: Record<string, unknown> = {}) => ({
  member_id: 'mem-sol-lucia',
  number: 'PAA123456',
  expiry_date: '2031-01-15',
  issue_date: null,
  country: 'ES',
  ...overrides,
})
const guardian = (overrides: Record<string, unknown> = {}) => ({
  name: 'Marta',
  surname1: 'López',
  surname2: 'Ruiz',
  email: 'marta.lopez@example.com',
  phone: '+34600222333',
  document_number: '87654321X',
  ...overrides,
})
const contact = (overrides: Record<string, unknown> = {}) => ({
  member_id: 'mem-sol-lucia',
  name: 'Luis',
  surname1: 'García',
  surname2: 'Pérez',
  email: 'luis.garcia@example.com',
  phone: '+34600333444',
  ...overrides,
})
const buyer = (overrides: Record<string, unknown> = {}) => ({
  type: 'person',
  name: 'Ana',
  surname1: 'García',
  company_name: null,
  tax_id: '12345678Z',
  address: 'Calle Mayor 1',
  zip: '28001',
  country: 'ES',
  state: 'ES-M',
  city: 'Madrid',
  email: 'ana.garcia@example.com',
  phone: '+34600111222',
  declares_capacity: true,
  ...overrides,
})
const authorize = (overrides: Record<string, unknown> = {}) => ({
  member_id: 'mem-sol-lucia',
  guardian_id: 'grd-sol-1',
  signer_name: 'Marta López Ruiz',
  accept: true,
  ...overrides,
})

export const documentationProbes: Probe[] = [
  // ── personal data ──
  {
    operationId: 'updateMemberData',
    name: 'updates Pablo’s data with allergies',
    status: 200,
    run: (api) => api.call('PUT', `${B}/data`, { as: 'ana', body: memberData() }),
  },
  {
    operationId: 'updateMemberData',
    name: 'a guardian updates the minor’s data',
    status: 200,
    run: (api) =>
      api.call('PUT', `${B}/data`, {
        as: 'marta',
        body: memberData({
          member_id: 'mem-sol-lucia',
          name: 'Lucía',
          gender: 'female',
          birthdate: '2011-05-05',
          document_number: '23456789D',
          email: null,
          phone: null,
        }),
      }),
  },
  {
    operationId: 'updateMemberData',
    name: 'a DNI number with a dash',
    status: 422,
    code: 'dni_wrong_format',
    run: (api) => api.call('PUT', `${B}/data`, { as: 'ana', body: memberData({ document_number: '34567890-V' }) }),
  },
  {
    operationId: 'updateMemberData',
    name: 'a passport number with spaces inside',
    status: 422,
    code: 'passport_wrong_format',
    run: (api) => api.call('PUT', `${B}/data`, { as: 'ana', body: memberData({ document_type: 'passport', document_number: 'PAB 123456' }) }),
  },
  {
    operationId: 'updateMemberData',
    name: 'an empty name is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', `${B}/data`, { as: 'ana', body: memberData({ name: '' }) }),
  },
  {
    operationId: 'updateMemberData',
    name: 'a canceled booking cannot be edited',
    status: 409,
    code: 'booking_canceled',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1004/data', { as: 'ana', body: memberData({ member_id: 'mem-sol-ana-lon' }) }),
  },
  {
    operationId: 'updateMemberData',
    name: "another booking's passenger is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', `${B}/data`, { as: 'ana', body: memberData({ member_id: 'mem-sol-jorge' }) }),
  },
  {
    operationId: 'updateMemberData',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', `${B}/data`, { as: 'nuevo', body: memberData() }),
  },
  {
    operationId: 'updateMemberData',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('PUT', `${B}/data`, { body: memberData() }),
  },

  // ── DNI ──
  { operationId: 'updateDni', name: 'sets Lucía’s DNI', status: 200, run: (api) => api.call('PUT', `${B}/dni`, { as: 'ana', body: dni() }) },
  {
    operationId: 'updateDni',
    name: 'an expired DNI',
    status: 422,
    code: 'dni_expired',
    run: (api) => api.call('PUT', `${B}/dni`, { as: 'ana', body: dni({ expiry_date: '2026-10-01', issue_date: '2016-10-01' }) }),
  },
  {
    operationId: 'updateDni',
    name: 'scenario expired-dni',
    status: 422,
    code: 'dni_expired',
    run: (api) => {
      api.scenarios(['expired-dni'], 'ag-sol')
      return api.call('PUT', `${B}/dni`, { as: 'ana', body: dni() })
    },
  },
  {
    operationId: 'updateDni',
    name: 'a DNI expiring during the trip',
    status: 422,
    code: 'dni_close_expiration',
    run: (api) => api.call('PUT', `${B}/dni`, { as: 'ana', body: dni({ expiry_date: '2027-03-13' }) }),
  },
  {
    operationId: 'updateDni',
    name: 'a DNI number with dots',
    status: 422,
    code: 'dni_wrong_format',
    run: (api) => api.call('PUT', `${B}/dni`, { as: 'ana', body: dni({ number: '23.456.789-D' }) }),
  },
  {
    operationId: 'updateDni',
    name: 'missing support number is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', `${B}/dni`, { as: 'ana', body: dni({ support_number: undefined }) }),
  },
  {
    operationId: 'updateDni',
    name: "another booking's passenger is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', `${B}/dni`, { as: 'ana', body: dni({ member_id: 'mem-sol-ana' }) }),
  },
  { operationId: 'updateDni', name: 'no token is 401', status: 401, code: 'unauthorized', run: (api) => api.call('PUT', `${B}/dni`, { body: dni() }) },

  {
    operationId: 'updateDniField',
    name: 'Lucía has no DNI',
    status: 200,
    run: (api) => api.call('PUT', `${B}/dni-field`, { as: 'ana', body: { member_id: 'mem-sol-lucia', has_dni: false } }),
  },
  {
    operationId: 'updateDniField',
    name: 'has_dni must be a boolean',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', `${B}/dni-field`, { as: 'ana', body: { member_id: 'mem-sol-lucia', has_dni: 'no' } }),
  },
  {
    operationId: 'updateDniField',
    name: 'unknown passenger is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', `${B}/dni-field`, { as: 'ana', body: { member_id: 'mem-nope', has_dni: false } }),
  },
  {
    operationId: 'updateDniField',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('PUT', `${B}/dni-field`, { body: { member_id: 'mem-sol-lucia', has_dni: false } }),
  },

  // ── passport ──
  {
    operationId: 'updatePassport',
    name: 'sets Lucía’s passport (no issue date)',
    status: 200,
    run: (api) => api.call('PUT', `${B}/passport`, { as: 'marta', body: passport() }),
  },
  {
    operationId: 'updatePassport',
    name: 'an expired passport',
    status: 422,
    code: 'passport_expired',
    run: (api) => api.call('PUT', `${B}/passport`, { as: 'ana', body: passport({ expiry_date: '2026-01-15' }) }),
  },
  {
    operationId: 'updatePassport',
    name: 'scenario expired-passport',
    status: 422,
    code: 'passport_expired',
    run: (api) => {
      api.scenarios(['expired-passport'])
      return api.call('PUT', `${B}/passport`, { as: 'ana', body: passport() })
    },
  },
  {
    operationId: 'updatePassport',
    name: 'a passport expiring less than 3 months after the return',
    status: 422,
    code: 'passport_close_expiration',
    run: (api) => api.call('PUT', `${B}/passport`, { as: 'ana', body: passport({ expiry_date: '2027-05-01' }) }),
  },
  {
    operationId: 'updatePassport',
    name: 'a passport number with a dash',
    status: 422,
    code: 'passport_wrong_format',
    run: (api) => api.call('PUT', `${B}/passport`, { as: 'ana', body: passport({ number: 'PAA-123456' }) }),
  },
  {
    operationId: 'updatePassport',
    name: 'missing country is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', `${B}/passport`, { as: 'ana', body: passport({ country: '' }) }),
  },
  {
    operationId: 'updatePassport',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', `${B}/passport`, { as: 'nuevo', body: passport() }),
  },
  {
    operationId: 'updatePassport',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('PUT', `${B}/passport`, { body: passport() }),
  },

  // ── guardians ──
  {
    operationId: 'updateGuardians',
    name: 'sets both guardians of Lucía',
    status: 200,
    run: (api) =>
      api.call('PUT', `${B}/guardians`, {
        as: 'ana',
        body: {
          member_id: 'mem-sol-lucia',
          guardian_type: 'mother_and_father',
          guardians: [
            guardian(),
            guardian({
              name: 'Luis',
              surname1: 'García',
              surname2: 'Pérez',
              email: 'luis.garcia@example.com',
              phone: '+34600333444',
              document_number: '11223344B',
            }),
          ],
        },
      }),
  },
  {
    operationId: 'updateGuardians',
    name: 'a guardian document with a dash',
    status: 422,
    code: 'dni_wrong_format',
    run: (api) =>
      api.call('PUT', `${B}/guardians`, {
        as: 'ana',
        body: { member_id: 'mem-sol-lucia', guardian_type: 'mother', guardians: [guardian({ document_number: '87654321-X' })] },
      }),
  },
  {
    operationId: 'updateGuardians',
    name: 'an adult has no guardians (422 on member_id)',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', `${B}/guardians`, { as: 'ana', body: { member_id: 'mem-sol-pablo', guardian_type: 'mother', guardians: [guardian()] } }),
  },
  {
    operationId: 'updateGuardians',
    name: 'three guardians is 422',
    status: 422,
    code: 'validation_error',
    run: (api) =>
      api.call('PUT', `${B}/guardians`, {
        as: 'ana',
        body: { member_id: 'mem-sol-lucia', guardian_type: 'legal_guardian', guardians: [guardian(), guardian(), guardian()] },
      }),
  },
  {
    operationId: 'updateGuardians',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', `${B}/guardians`, { as: 'nuevo', body: { member_id: 'mem-sol-lucia', guardian_type: 'mother', guardians: [guardian()] } }),
  },
  {
    operationId: 'updateGuardians',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('PUT', `${B}/guardians`, { body: { member_id: 'mem-sol-lucia', guardian_type: 'mother', guardians: [guardian()] } }),
  },

  // ── emergency contact ──
  {
    operationId: 'updateEmergencyContact',
    name: 'sets Lucía’s emergency contact',
    status: 200,
    run: (api) => api.call('PUT', `${B}/emergency-contact`, { as: 'ana', body: contact() }),
  },
  {
    operationId: 'updateEmergencyContact',
    name: 'a bad e-mail is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', `${B}/emergency-contact`, { as: 'ana', body: contact({ email: 'luis' }) }),
  },
  {
    operationId: 'updateEmergencyContact',
    name: 'unknown passenger is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', `${B}/emergency-contact`, { as: 'ana', body: contact({ member_id: 'mem-nope' }) }),
  },
  {
    operationId: 'updateEmergencyContact',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('PUT', `${B}/emergency-contact`, { body: contact() }),
  },

  // ── billing data ──
  {
    operationId: 'updateBuyer',
    name: 'completes the billing data of the invited booking',
    status: 200,
    run: (api) => api.call('PUT', '/booking/bkg-sol-1003/buyer', { as: 'ana', body: buyer() }),
  },
  {
    operationId: 'updateBuyer',
    name: 'a company buyer',
    status: 200,
    run: (api) => api.call('PUT', `${B}/buyer`, { as: 'ana', body: buyer({ type: 'company', company_name: 'AMPA Colegio Sol', tax_id: 'G12345678' }) }),
  },
  {
    operationId: 'updateBuyer',
    name: 'a NIF with a dash',
    status: 422,
    code: 'nif_wrong_format',
    run: (api) => api.call('PUT', `${B}/buyer`, { as: 'ana', body: buyer({ tax_id: '12345678-Z' }) }),
  },
  {
    operationId: 'updateBuyer',
    name: 'a CIF with a dash',
    status: 422,
    code: 'cif_wrong_format',
    run: (api) => api.call('PUT', `${B}/buyer`, { as: 'ana', body: buyer({ type: 'company', company_name: 'AMPA Colegio Sol', tax_id: 'G-12345678' }) }),
  },
  {
    operationId: 'updateBuyer',
    name: 'a company without its name is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', `${B}/buyer`, { as: 'ana', body: buyer({ type: 'company', company_name: null, tax_id: 'G12345678' }) }),
  },
  {
    operationId: 'updateBuyer',
    name: 'not declaring capacity is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', `${B}/buyer`, { as: 'ana', body: buyer({ declares_capacity: false }) }),
  },
  {
    operationId: 'updateBuyer',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', `${B}/buyer`, { as: 'nuevo', body: buyer() }),
  },
  { operationId: 'updateBuyer', name: 'no token is 401', status: 401, code: 'unauthorized', run: (api) => api.call('PUT', `${B}/buyer`, { body: buyer() }) },

  // ── parental authorization ──
  { operationId: 'listAuthorizations', name: 'none signed yet', status: 200, run: (api) => api.call('GET', `${B}/authorizations`, { as: 'ana' }) },
  {
    operationId: 'listAuthorizations',
    name: 'after Marta signs',
    status: 200,
    run: async (api) => {
      await api.ok('POST', `${B}/authorize`, { as: 'marta', body: authorize() })
      return api.call('GET', `${B}/authorizations`, { as: 'marta' })
    },
  },
  {
    operationId: 'listAuthorizations',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `${B}/authorizations`, { as: 'nuevo' }),
  },
  { operationId: 'listAuthorizations', name: 'no token is 401', status: 401, code: 'unauthorized', run: (api) => api.call('GET', `${B}/authorizations`) },

  {
    operationId: 'renderAuthorization',
    name: 'Lucía’s authorization as PDF',
    status: 200,
    run: (api) => api.call('GET', `${B}/authorization/render`, { as: 'marta', query: { member_id: 'mem-sol-lucia' } }),
  },
  {
    operationId: 'renderAuthorization',
    name: 'an adult has no authorization (404)',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `${B}/authorization/render`, { as: 'ana', query: { member_id: 'mem-sol-pablo' } }),
  },
  {
    operationId: 'renderAuthorization',
    name: 'missing member_id is 400',
    status: 400,
    code: 'bad_request',
    run: (api) => api.call('GET', `${B}/authorization/render`, { as: 'ana' }),
  },
  {
    operationId: 'renderAuthorization',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `${B}/authorization/render`, { as: 'nuevo', query: { member_id: 'mem-sol-lucia' } }),
  },
  {
    operationId: 'renderAuthorization',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('GET', `${B}/authorization/render`, { query: { member_id: 'mem-sol-lucia' } }),
  },

  {
    operationId: 'authorizeMember',
    name: 'Marta signs for Lucía',
    status: 201,
    run: (api) => api.call('POST', `${B}/authorize`, { as: 'marta', body: authorize() }),
  },
  {
    operationId: 'authorizeMember',
    name: 'a minor without guardians yet',
    status: 409,
    code: 'guardians_incomplete',
    run: async (api) => {
      // Pablo's birthdate corrected: he turns out to be 14, and has no guardians on file
      await api.ok('PUT', `${B}/data`, { as: 'ana', body: memberData({ birthdate: '2012-04-10' }) })
      return api.call('POST', `${B}/authorize`, {
        as: 'ana',
        body: authorize({ member_id: 'mem-sol-pablo', signer_name: 'Ana García López', guardian_id: 'grd-sol-2' }),
      })
    },
  },
  {
    operationId: 'authorizeMember',
    name: 'less than 60 days before departure',
    status: 409,
    code: 'authorization_window_closed',
    run: (api) => {
      api.travel(60)
      return api.call('POST', `${B}/authorize`, { as: 'marta', body: authorize() })
    },
  },
  {
    operationId: 'authorizeMember',
    name: 'accept must be true',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', `${B}/authorize`, { as: 'marta', body: authorize({ accept: false }) }),
  },
  {
    operationId: 'authorizeMember',
    name: 'not a guardian of Lucía is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', `${B}/authorize`, { as: 'marta', body: authorize({ guardian_id: 'grd-nope' }) }),
  },
  {
    operationId: 'authorizeMember',
    name: 'an adult needs no authorization (422)',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', `${B}/authorize`, { as: 'ana', body: authorize({ member_id: 'mem-sol-pablo' }) }),
  },
  {
    operationId: 'authorizeMember',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', `${B}/authorize`, { as: 'nuevo', body: authorize() }),
  },
  {
    operationId: 'authorizeMember',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', `${B}/authorize`, { body: authorize() }),
  },
  // ── a canceled booking is history: every write on it answers 409 booking_canceled (core/booking-status.ts) ──
  ...(
    [
      ['updateDni', 'dni', dni()],
      ['updateDniField', 'dni-field', { member_id: 'mem-sol-lucia', has_dni: false }],
      ['updatePassport', 'passport', passport()],
      ['updateGuardians', 'guardians', { member_id: 'mem-sol-lucia', guardian_type: 'mother', guardians: [guardian()] }],
      ['updateEmergencyContact', 'emergency-contact', contact()],
      ['updateBuyer', 'buyer', buyer()],
      ['authorizeMember', 'authorize', authorize()],
    ] as const
  ).map(([operationId, path, body]): Probe => ({
    operationId,
    name: 'a canceled booking cannot be changed',
    status: 409,
    code: 'booking_canceled',
    run: (api) => api.call(path === 'authorize' ? 'POST' : 'PUT', `/booking/bkg-sol-1004/${path}`, { as: 'ana', body }),
  })),
]
