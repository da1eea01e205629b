import type { Probe } from '../probe.ts'

export const agencyAuthProbes: Probe[] = [
  {
    operationId: 'findAgency',
    name: 'finds the agency by url',
    status: 200,
    run: (api) => api.call('POST', '/agency', { agency: null, body: { url: 'http://localhost:5173' } }),
  },
  {
    operationId: 'findAgency',
    name: 'finds the other tenant by its host',
    status: 200,
    run: (api) => api.call('POST', '/agency', { agency: null, body: { url: 'http://norte.localhost:5173' } }),
  },
  {
    operationId: 'findAgency',
    name: 'unknown host is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', '/agency', { agency: null, body: { url: 'http://nobody.example' } }),
  },
  {
    operationId: 'findAgency',
    name: 'bad JSON is 400',
    status: 400,
    code: 'invalid_json',
    run: (api) => api.call('POST', '/agency', { agency: null, rawBody: '{"url":' }),
  },
  {
    operationId: 'findAgency',
    name: 'missing url is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', '/agency', { agency: null, body: {} }),
  },
  { operationId: 'getAgency', name: 'the current agency', status: 200, run: (api) => api.call('GET', '/agency') },
  {
    operationId: 'getAgency',
    name: 'no agency header is 400',
    status: 400,
    code: 'agency_unknown',
    run: (api) => api.call('GET', '/agency', { agency: null }),
  },
  { operationId: 'getAgencyFaq', name: 'FAQ, with its English translations', status: 200, run: (api) => api.call('GET', '/agency/faq') },
  { operationId: 'getConfig', name: 'config without agency', status: 200, run: (api) => api.call('GET', '/auth/config', { agency: null }) },
  {
    operationId: 'login',
    name: 'right password',
    status: 200,
    run: (api) => api.call('POST', '/auth/login', { body: { email: 'ana.garcia@example.com', password: 'viaje2026' } }),
  },
  {
    operationId: 'login',
    name: 'wrong password',
    status: 401,
    code: 'auth_login_wrong',
    run: (api) => api.call('POST', '/auth/login', { body: { email: 'ana.garcia@example.com', password: 'nope' } }),
  },
  {
    operationId: 'login',
    name: 'not validated',
    status: 403,
    code: 'user_not_validated',
    run: (api) => api.call('POST', '/auth/login', { body: { email: 'pendiente@example.com', password: 'viaje2026' } }),
  },
  {
    operationId: 'login',
    name: 'bad e-mail is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', '/auth/login', { body: { email: 'not-an-email', password: 'x' } }),
  },
  {
    operationId: 'login',
    name: 'a sixth wrong password in 15 minutes is throttled',
    status: 429,
    code: 'too_many_requests',
    run: async (api) => {
      for (let i = 0; i < 5; i += 1) await api.call('POST', '/auth/login', { body: { email: 'ana.garcia@example.com', password: `nope-${i}` } })
      return api.call('POST', '/auth/login', { body: { email: 'ana.garcia@example.com', password: 'nope-6' } })
    },
  },
  {
    operationId: 'login',
    name: 'a customer of another tenant cannot sign in here',
    status: 401,
    code: 'auth_login_wrong',
    run: (api) => api.call('POST', '/auth/login', { agency: 'ag-sol', body: { email: 'laura.martin@example.com', password: 'viaje2026' } }),
  },
  { operationId: 'logout', name: 'signs out', status: 204, run: (api) => api.call('POST', '/auth/logout', { as: 'ana' }) },
  { operationId: 'logout', name: 'no token is 401', status: 401, code: 'unauthorized', run: (api) => api.call('POST', '/auth/logout') },
  { operationId: 'getProfile', name: 'the profile', status: 200, run: (api) => api.call('GET', '/auth/profile', { as: 'ana' }) },
  {
    operationId: 'getProfile',
    name: 'a token from another tenant is 401',
    status: 401,
    code: 'unauthorized',
    run: async (api) => api.call('GET', '/auth/profile', { token: await api.token('laura'), agency: 'ag-sol' }),
  },
  {
    operationId: 'updateProfile',
    name: 'updates the name',
    status: 200,
    run: (api) => api.call('PUT', '/auth/profile', { as: 'ana', body: { name: 'Ana María', surname1: 'García' } }),
  },
  {
    operationId: 'updateProfile',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('PUT', '/auth/profile', { body: { name: 'Ana', surname1: 'García' } }),
  },
  {
    operationId: 'updateProfile',
    name: 'empty name is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', '/auth/profile', { as: 'ana', body: { name: '', surname1: 'García' } }),
  },
  { operationId: 'remember', name: 'mails a link', status: 200, run: (api) => api.call('POST', '/auth/remember', { body: { email: 'enlace@example.com' } }) },
  {
    operationId: 'remember',
    name: 'unknown e-mail is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', '/auth/remember', { body: { email: 'nadie@example.com' } }),
  },
  {
    operationId: 'remember',
    name: 'a sixth link in 15 minutes is throttled',
    status: 429,
    code: 'too_many_requests',
    run: async (api) => {
      for (let i = 0; i < 5; i += 1) await api.ok('POST', '/auth/remember', { body: { email: 'enlace@example.com' } })
      return api.call('POST', '/auth/remember', { body: { email: 'enlace@example.com' } })
    },
  },
  {
    operationId: 'remember',
    name: 'bad e-mail is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', '/auth/remember', { body: { email: 'x' } }),
  },
  {
    operationId: 'debugLogin',
    name: 'debug sign-in',
    status: 200,
    run: (api) => api.call('POST', '/auth/debug', { body: { email: 'ana.garcia@example.com' } }),
  },
  {
    operationId: 'debugLogin',
    name: 'disabled for a production-like tenant',
    status: 403,
    code: 'debug_disabled',
    run: (api) => api.call('POST', '/auth/debug', { agency: 'ag-mar', body: { email: 'ana.garcia@example.com' } }),
  },
  {
    operationId: 'debugLogin',
    name: 'unknown customer is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', '/auth/debug', { body: { email: 'nadie@example.com' } }),
  },
  {
    operationId: 'autologin',
    name: 'a mailed link signs in once',
    status: 200,
    run: async (api) => {
      await api.ok('POST', '/auth/remember', { body: { email: 'enlace@example.com' } })
      const link = api.world.outbox[0]!.link!
      const [id, token] = link.split('/auth/autologin/')[1]!.split('/')
      return api.call('POST', '/auth/autologin', { body: { id: decodeURIComponent(id!), token } })
    },
  },
  {
    operationId: 'autologin',
    name: 'a used link is 401',
    status: 401,
    code: 'unauthorized',
    run: async (api) => {
      await api.ok('POST', '/auth/remember', { body: { email: 'enlace@example.com' } })
      const [id, token] = api.world.outbox[0]!.link!.split('/auth/autologin/')[1]!.split('/')
      await api.ok('POST', '/auth/autologin', { body: { id: decodeURIComponent(id!), token } })
      return api.call('POST', '/auth/autologin', { body: { id: decodeURIComponent(id!), token } })
    },
  },
  {
    operationId: 'updatePassword',
    name: 'changes it with the current one',
    status: 200,
    run: (api) =>
      api.call('PUT', '/auth/password', { as: 'ana', body: { current_password: 'viaje2026', password: 'nuevaClave1', password_confirmation: 'nuevaClave1' } }),
  },
  {
    operationId: 'updatePassword',
    name: 'wrong current password',
    status: 422,
    code: 'auth_wrong_password',
    run: (api) =>
      api.call('PUT', '/auth/password', { as: 'ana', body: { current_password: 'nope', password: 'nuevaClave1', password_confirmation: 'nuevaClave1' } }),
  },
  {
    operationId: 'updatePassword',
    name: 'confirmation differs',
    status: 422,
    code: 'password_does_not_match',
    run: (api) =>
      api.call('PUT', '/auth/password', { as: 'ana', body: { current_password: 'viaje2026', password: 'nuevaClave1', password_confirmation: 'otraClave2' } }),
  },
  {
    operationId: 'updatePassword',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('PUT', '/auth/password', { body: { password: 'nuevaClave1', password_confirmation: 'nuevaClave1' } }),
  },
  {
    operationId: 'validateUser',
    name: 'validates with the mailed token',
    status: 200,
    run: (api) => api.call('POST', '/auth/validate', { body: { id: 'cus-sol-pendiente', token: 'validate-pendiente' } }),
  },
  {
    operationId: 'validateUser',
    name: 'wrong token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', '/auth/validate', { body: { id: 'cus-sol-pendiente', token: 'nope' } }),
  },
  {
    operationId: 'validateUser',
    name: 'missing token is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', '/auth/validate', { body: { id: 'cus-sol-pendiente' } }),
  },
]
