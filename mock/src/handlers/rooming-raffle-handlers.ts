// Rooming lists (the rooms a booking asks for) and raffles (sharing a block, a ballot's picture); the
// rules are in world/.
import { ShareRaffleBlockBody, UpdateRoomingListBody } from '../../../contract/generated/zod.ts'
import type { Runtime } from '../runtime/runtime.ts'
import { ballotSvg, raffleShareText } from '../world/booking/raffle.ts'
import { requestRooms, roomingListView } from '../world/booking/rooming.ts'
import { fail } from '../world/kernel/rule-failure.ts'
import { json, readJson, route, type ApiRoute } from './context.ts'

export const roomingRaffleRoutes = (rt: Runtime): ApiRoute[] => [
  route(rt, 'put', '/roominglist/{id}/update', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, UpdateRoomingListBody)
    return json(roomingListView(ctx, requestRooms(ctx, params.id!, body)))
  }),

  route(rt, 'post', '/raffle/block/{id}/share', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, ShareRaffleBlockBody)
    return new Response(raffleShareText(ctx, params.id!, body), { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }),

  route(rt, 'get', '/raffle/ballot/{id}', 'public-optional-agency', (ctx, params) => {
    // 422 is not declared here: a missing code is a malformed request
    const code = ctx.url.searchParams.get('code')
    if (!code) fail(400, 'bad_request', 'The code query parameter is required.')
    const svg = ballotSvg(ctx, ctx.agencyOrNull?.id ?? null, params.id!, code!)
    return new Response(svg, { status: 200, headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } })
  }),
]
