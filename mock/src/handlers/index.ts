import type { HttpHandler } from 'msw'
import type { Runtime } from '../runtime.ts'
import { agencyHandlers } from './agency-handlers.ts'
import { authHandlers } from './auth-handlers.ts'
import { bookingHandlers } from './booking-handlers.ts'
import { documentationHandlers } from './documentation-handlers.ts'
import { listHandlers } from './list-handlers.ts'
import { paymentHandlers } from './payment-handlers.ts'
import { roomingRaffleHandlers } from './rooming-raffle-handlers.ts'
import { travelGroupHandlers } from './travel-group-handlers.ts'

/** Every /api/customer operation of the contract, over one runtime's world. */
export const createApiHandlers = (rt: Runtime): HttpHandler[] => [
  ...agencyHandlers(rt),
  ...authHandlers(rt),
  ...listHandlers(rt),
  ...travelGroupHandlers(rt),
  ...paymentHandlers(rt),
  ...bookingHandlers(rt),
  ...documentationHandlers(rt),
  ...roomingRaffleHandlers(rt),
]
