import { completeProviderPayment } from '../../../mock/src/provider/provider.ts'
import type { Probe, ProbeApi } from '../probe.ts'
import { bookParty } from './checkout-fixtures.ts'

/** A payment already made when the world was seeded: Ana's London booking. */
const paidPayment = (api: ProbeApi) => api.world.payments.find((p) => p.bookingId === 'bkg-sol-1001' && p.status === 'paid')!.id

/** Nuevo books two seats and the card is declined at the provider. */
const declinedPayment = async (api: ProbeApi) => {
  const { action } = await bookParty(api)
  completeProviderPayment(api.rt, action.payment_id, 'decline')
  return action.payment_id
}

const pendingPayment = async (api: ProbeApi) => (await bookParty(api)).action.payment_id

export const paymentProbes: Probe[] = [
  {
    operationId: 'redirectPayment',
    name: 'back to the provider for a pending payment',
    status: 200,
    run: async (api) => api.call('POST', `/payment/${await pendingPayment(api)}/redirect`, { as: 'nuevo' }),
  },
  {
    operationId: 'redirectPayment',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: async (api) => api.call('POST', `/payment/${await pendingPayment(api)}/redirect`),
  },
  {
    operationId: 'redirectPayment',
    name: "someone else's payment is 404",
    status: 404,
    code: 'not_found',
    run: async (api) => api.call('POST', `/payment/${await pendingPayment(api)}/redirect`, { as: 'ana' }),
  },
  {
    operationId: 'redirectPayment',
    name: 'a paid payment is 409',
    status: 409,
    code: 'payment_already_completed',
    run: (api) => api.call('POST', `/payment/${paidPayment(api)}/redirect`, { as: 'ana' }),
  },

  { operationId: 'checkPayment', name: 'a paid payment', status: 200, run: (api) => api.call('POST', `/payment/${paidPayment(api)}/check`, { as: 'ana' }) },
  {
    operationId: 'checkPayment',
    name: 'a declined payment',
    status: 200,
    run: async (api) => api.call('POST', `/payment/${await declinedPayment(api)}/check`, { as: 'nuevo' }),
  },
  {
    operationId: 'checkPayment',
    name: 'the guardian checks the minor’s payment',
    status: 200,
    run: (api) => api.call('POST', `/payment/${paidPayment(api)}/check`, { as: 'marta' }),
  },
  {
    operationId: 'checkPayment',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', `/payment/${paidPayment(api)}/check`),
  },
  {
    operationId: 'checkPayment',
    name: "someone else's payment is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', `/payment/${paidPayment(api)}/check`, { as: 'nuevo' }),
  },
  {
    operationId: 'checkPayment',
    name: "another tenant's customer is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', `/payment/${paidPayment(api)}/check`, { as: 'laura' }),
  },

  {
    operationId: 'retryPayment',
    name: 'a declined card, tried again',
    status: 200,
    run: async (api) => api.call('POST', `/payment/${await declinedPayment(api)}/retry`, { as: 'nuevo' }),
  },
  {
    operationId: 'retryPayment',
    name: 'an abandoned provider page, tried again',
    status: 200,
    run: async (api) => api.call('POST', `/payment/${await pendingPayment(api)}/retry`, { as: 'nuevo' }),
  },
  {
    operationId: 'retryPayment',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: async (api) => api.call('POST', `/payment/${await declinedPayment(api)}/retry`),
  },
  {
    operationId: 'retryPayment',
    name: "someone else's payment is 404",
    status: 404,
    code: 'not_found',
    run: async (api) => api.call('POST', `/payment/${await declinedPayment(api)}/retry`, { as: 'ana' }),
  },
  {
    operationId: 'retryPayment',
    name: 'a paid payment is 409',
    status: 409,
    code: 'payment_already_completed',
    run: (api) => api.call('POST', `/payment/${paidPayment(api)}/retry`, { as: 'ana' }),
  },
  {
    operationId: 'retryPayment',
    name: 'a term past its limit date is 409',
    status: 409,
    code: 'payment_term_limit_date_excedeed',
    run: async (api) => {
      const id = await declinedPayment(api)
      api.scenarios(['term-expired'], 'ag-sol')
      return api.call('POST', `/payment/${id}/retry`, { as: 'nuevo' })
    },
  },
]
