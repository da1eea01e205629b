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
import { customerByEmail, hashPassword, mailSignInLink, openSession, TOKEN_TTL_SECONDS } from '../world/accounts.ts'
import type { CustomerRecord, SessionRecord } from '../world/types.ts'
import { userView } from '../world/views.ts'
import { fail } from '../world/rule-failure.ts'
import { json, readJson, route, type ApiRoute } from './context.ts'
import { assertNotThrottled, clearAccountAttempts, countAttempt } from './throttle.ts'

/** A sign-in's answer: the session's token and the customer. */
const signedIn = (session: SessionRecord, customer: CustomerRecord, extra: Record<string, unknown> = {}) =>
  json({ token: session.token, expires_in: TOKEN_TTL_SECONDS, user: userView(customer), ...extra })

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
    return signedIn(openSession(ctx, customer!, 'password'), customer!)
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
    return signedIn(openSession(ctx, customer, 'debug'), customer)
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
    return signedIn(openSession(ctx, customer, 'link'), customer, { redirect })
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
