// The one shape of a write to a booking: read the body against its schema, find the customer's booking
// (by default one that may still change: 409 booking_canceled otherwise), apply the rule, and answer the
// booking as GET /booking/{id} shows it, so the portal refreshes its tasks from the answer.
import type { z } from 'zod'
import type { Runtime } from '../runtime/runtime.ts'
import { changeableBookingFor } from '../world/kernel/booking-access.ts'
import type { BookingRecord } from '../world/kernel/types.ts'
import { bookingView } from '../world/views/booking-views.ts'
import type { WorldContext } from '../world/kernel/world-context.ts'
import { type ApiRoute, json, readJson, route } from './context.ts'

export const bookingWrite = <S extends z.ZodType>(
  rt: Runtime,
  method: 'put' | 'post',
  path: `/booking/{id}${string}`,
  schema: S,
  apply: (ctx: WorldContext, booking: BookingRecord, body: z.infer<S>) => void,
  find: (ctx: WorldContext, id: string) => BookingRecord = changeableBookingFor,
): ApiRoute =>
  route(rt, method, path, 'auth', async (ctx, params) => {
    const body = await readJson(ctx, schema)
    const booking = find(ctx, params['id']!)
    apply(ctx, booking, body)
    return json(bookingView(ctx, booking, ctx.me().id))
  })
