// A payment after checkout (or a purchase): back to the provider, its outcome, and a retry after a
// failure; the rules are in world/payment-retries.ts.
import type { Runtime } from '../runtime/runtime.ts'
import { paymentOf, resumePayment, retryPayment } from '../world/money/payment-retries.ts'
import { paymentView } from '../world/views/booking-views.ts'
import { json, route, type ApiRoute } from './context.ts'

export const paymentRoutes = (rt: Runtime): ApiRoute[] => [
  route(rt, 'post', '/payment/{id}/redirect', 'auth', (ctx, params) => json(resumePayment(ctx, params['id']))),

  route(rt, 'post', '/payment/{id}/check', 'auth', (ctx, params) => json(paymentView(paymentOf(ctx, params['id']).payment))),

  route(rt, 'post', '/payment/{id}/retry', 'auth', (ctx, params) => json(retryPayment(ctx, params['id']))),
]
