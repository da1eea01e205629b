import {
  AutologinBody,
  DebugLoginBody,
  LoginBody,
  RememberBody,
  UpdatePasswordBody,
  UpdateProfileBody,
  ValidateUserBody,
} from '../../../contract/generated/zod.ts'
import type { Runtime } from '../runtime.ts'
import { hashPassword } from '../world/seed.ts'
import type { CustomerRecord, LinkRecord, SessionRecord } from '../world/types.ts'
import { userView } from '../world/views.ts'
import { type Ctx, fail, json, readJson, route, type ApiRoute } from './context.ts'
import { assertNotThrottled, clearAccountAttempts, countAttempt } from './throttle.ts'

export const TOKEN_TTL_SECONDS = 2_592_000
/** Sessions kept at most; past it the oldest go first. */
export const MAX_SESSIONS = 5000
const LINK_TTL_MS = 24 * 3_600_000

// Random bytes drawn 64 tokens at a time: getRandomValues is a system call per call, and sign-ins
// are the mock's hottest write.
const TOKEN_BYTES = 18
const randomPool = new Uint8Array(TOKEN_BYTES * 64)
let randomAt = randomPool.length
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'))

const randomToken = (prefix: string) => {
  if (randomAt + TOKEN_BYTES > randomPool.length) {
    crypto.getRandomValues(randomPool)
    randomAt = 0
  }
  let hex = ''
  for (let i = randomAt; i < randomAt + TOKEN_BYTES; i += 1) hex += HEX[randomPool[i]!]
  randomAt += TOKEN_BYTES
  return `${prefix}_${hex}`
}

/** Drops the expired rows, and the oldest past `keep` of the others (rows are in the order they were added). */
const dropStale = (ctx: Ctx, collection: 'sessions' | 'links', keep: number) => {
  const rows: (SessionRecord | LinkRecord)[] = ctx.world[collection]
  const nowMs = ctx.now.getTime()
  const kept = new Set(rows.filter((row) => Date.parse(row.expiresAt) > nowMs).slice(-keep))
  ctx.remove(
    collection,
    rows.filter((row) => !kept.has(row)),
  )
}

const openSession = (ctx: Ctx, customer: CustomerRecord, via: SessionRecord['via'], extra: Record<string, unknown> = {}) => {
  const session: SessionRecord = {
    token: randomToken('tok'),
    customerId: customer.id,
    agencyId: customer.agencyId,
    via,
    createdAt: ctx.now.toISOString(),
    expiresAt: new Date(ctx.now.getTime() + TOKEN_TTL_SECONDS * 1000).toISOString(),
  }
  // Keep the store bounded: drop expired sessions (and the oldest past MAX_SESSIONS) as new ones
  // open, but only when there is something to drop. Sessions are appended as they open with one TTL,
  // so the first is the oldest. Filtering on every sign-in made each one O(sessions); now it is
  // amortised (down to 80% of the cap at a time). An expired session left in place answers 401 anyway.
  const sessions = ctx.world.sessions
  const nowMs = ctx.now.getTime()
  if (sessions.length >= MAX_SESSIONS || (sessions[0] !== undefined && Date.parse(sessions[0].expiresAt) <= nowMs)) {
    dropStale(ctx, 'sessions', Math.floor(MAX_SESSIONS * 0.8))
  }
  ctx.insert('sessions', session)
  return json({ token: session.token, expires_in: TOKEN_TTL_SECONDS, user: userView(customer), ...extra })
}

const customerByEmail = (ctx: Ctx, email: string) =>
  ctx.world.customers.find((c) => c.agencyId === ctx.agency.id && c.email.toLowerCase() === email.toLowerCase()) ?? null

/** The portal origin a link should point at: the request's Origin when it is one of the agency's hosts. */
export const portalOrigin = (ctx: Ctx): string => {
  const origin = ctx.request.headers.get('origin')
  if (origin) {
    try {
      const u = new URL(origin)
      if (ctx.agency.hosts.includes(u.host) || ctx.agency.hosts.includes(u.hostname)) return u.origin
    } catch {
      // fall through
    }
  }
  return `http://${ctx.agency.hosts[0] === 'localhost' ? 'localhost:5173' : `${ctx.agency.hosts[0]}:5173`}`
}

const MAX_OUTBOX = 500

/** Records an e-mail in the outbox (GET /__mock/outbox shows it) instead of sending it. The oldest go past 500. */
export const sendMail = (ctx: Ctx, to: string, subject: string, text: string, link: string | null) => {
  ctx.insert('outbox', { id: ctx.id('mail'), agencyId: ctx.agency.id, to, subject, text, link, sentAt: ctx.now.toISOString() })
  ctx.remove('outbox', ctx.world.outbox.slice(0, -MAX_OUTBOX))
}

/** Issues a one-time sign-in link and mails it. */
export const mailSignInLink = (ctx: Ctx, customer: CustomerRecord, purpose: 'login_link' | 'password_reset', redirect: string | null) => {
  const token = randomToken('lnk')
  dropStale(ctx, 'links', 5000)
  ctx.insert('links', {
    token,
    customerId: customer.id,
    agencyId: customer.agencyId,
    purpose,
    redirect,
    expiresAt: new Date(ctx.now.getTime() + LINK_TTL_MS).toISOString(),
    usedAt: null,
  })
  const link = `${portalOrigin(ctx)}/auth/autologin/${encodeURIComponent(customer.id)}/${token}`
  const subject = purpose === 'password_reset' ? `${ctx.agency.name}: cambia tu contraseña` : `${ctx.agency.name}: tu enlace de acceso`
  sendMail(ctx, customer.email, subject, `Entra en tu área de cliente con este enlace (válido 24 horas): ${link}`, link)
}

export const authRoutes = (rt: Runtime): ApiRoute[] => [
  route(rt, 'get', '/auth/config', 'public-optional-agency', (ctx) => {
    const build = ctx.agencyOrNull?.build ?? '2026.11.21-1'
    return json({ maintenance: ctx.scenarios.has('maintenance'), build: ctx.scenarios.has('new-build') ? `${build}-next` : build })
  }),

  route(rt, 'post', '/auth/login', 'public', async (ctx) => {
    const body = await readJson(ctx, LoginBody)
    assertNotThrottled(ctx, 'signIn', body.email)
    const customer = customerByEmail(ctx, body.email)
    if (!customer || !customer.passwordHash || customer.passwordHash !== hashPassword(body.password)) {
      countAttempt(ctx, 'signIn', body.email)
      fail(401, 'auth_login_wrong', 'Wrong e-mail or password.')
    }
    clearAccountAttempts(ctx, 'signIn', body.email)
    if (!customer!.validated) fail(403, 'user_not_validated', 'The e-mail address has not been validated yet.')
    return openSession(ctx, customer!, 'password')
  }),

  route(rt, 'post', '/auth/logout', 'auth', (ctx) => {
    ctx.remove('sessions', [ctx.session!])
    return new Response(null, { status: 204 })
  }),

  route(rt, 'get', '/auth/profile', 'auth', (ctx) => json(userView(ctx.me()))),

  route(rt, 'put', '/auth/profile', 'auth', async (ctx) => {
    const body = await readJson(ctx, UpdateProfileBody)
    const me = ctx.me()
    me.name = body.name
    me.surname1 = body.surname1
    if (body.surname2 !== undefined) me.surname2 = body.surname2
    if (body.phone !== undefined) me.phone = body.phone
    if (body.lang) me.lang = body.lang
    ctx.save('customers', me)
    return json(userView(me))
  }),

  route(rt, 'post', '/auth/remember', 'public', async (ctx) => {
    const body = await readJson(ctx, RememberBody)
    assertNotThrottled(ctx, 'mailedLink', body.email)
    // Counted whether or not the address is a customer's: the limit must not tell which ones are.
    countAttempt(ctx, 'mailedLink', body.email)
    const customer = customerByEmail(ctx, body.email) ?? fail(404, 'not_found', 'No customer with that e-mail.')
    mailSignInLink(ctx, customer, body.purpose ?? 'login_link', body.redirect ?? null)
    return json({ sent: true, email: customer.email })
  }),

  route(rt, 'post', '/auth/debug', 'public', async (ctx) => {
    const body = await readJson(ctx, DebugLoginBody)
    if (!ctx.agency.debug_login && !ctx.rt.options.debugLogin) fail(403, 'debug_disabled', 'Debug sign-in is disabled for this agency.')
    const customer = customerByEmail(ctx, body.email) ?? fail(404, 'not_found', 'No customer with that e-mail.')
    return openSession(ctx, customer, 'debug')
  }),

  route(rt, 'post', '/auth/autologin', 'public', async (ctx) => {
    const body = await readJson(ctx, AutologinBody)
    const link = ctx.world.links.find((l) => l.token === body.token && l.customerId === body.id && l.agencyId === ctx.agency.id)
    if (!link || link.usedAt || Date.parse(link.expiresAt) <= ctx.now.getTime())
      fail(401, 'unauthorized', 'This sign-in link is not valid any more. Ask for a new one.')
    link!.usedAt = ctx.now.toISOString()
    const customer = ctx.world.customers.find((c) => c.id === link!.customerId) ?? fail(401, 'unauthorized', 'Unknown customer.')
    // following a mailed link proves the address
    customer.validated = true
    ctx.save('links', link!)
    ctx.save('customers', customer)
    // where the link leads: the path it was requested for, the password form for a reset link, else home
    const redirect = link!.redirect ?? (link!.purpose === 'password_reset' ? '/auth/password' : null)
    return openSession(ctx, customer, 'link', { redirect })
  }),

  route(rt, 'put', '/auth/password', 'auth', async (ctx) => {
    const body = await readJson(ctx, UpdatePasswordBody)
    const me = ctx.me()
    if (body.password !== body.password_confirmation) {
      fail(422, 'password_does_not_match', 'The passwords do not match.', [
        { field: 'password_confirmation', code: 'password_does_not_match', message: 'The passwords do not match.' },
      ])
    }
    const needsCurrent = me.passwordHash !== null && ctx.session!.via === 'password'
    if (needsCurrent && body.current_password === undefined) {
      fail(422, 'validation_error', 'The current password is required.', [
        { field: 'current_password', code: 'required', message: 'The current password is required.' },
      ])
    }
    if (body.current_password !== undefined && me.passwordHash !== null && hashPassword(body.current_password) !== me.passwordHash) {
      fail(422, 'auth_wrong_password', 'The current password is not correct.', [
        { field: 'current_password', code: 'auth_wrong_password', message: 'The current password is not correct.' },
      ])
    }
    me.passwordHash = hashPassword(body.password)
    // Whoever knew the old password may hold a session: every other one of this customer ends; this one stays.
    ctx.save('customers', me)
    ctx.remove(
      'sessions',
      ctx.world.sessions.filter((s) => s.customerId === me.id && s.token !== ctx.session!.token),
    )
    return json(userView(me))
  }),

  route(rt, 'post', '/auth/validate', 'public', async (ctx) => {
    const body = await readJson(ctx, ValidateUserBody)
    const customer = ctx.world.customers.find((c) => c.id === body.id && c.agencyId === ctx.agency.id)
    if (!customer || !customer.validationToken || customer.validationToken !== body.token) fail(401, 'unauthorized', 'This validation link is not valid.')
    customer!.validated = true
    customer!.validationToken = null
    ctx.save('customers', customer!)
    return json(userView(customer!))
  }),
]
