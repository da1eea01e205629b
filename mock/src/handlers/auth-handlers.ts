import {
  AutologinBody,
  DebugLoginBody,
  LoginBody,
  RememberBody,
  UpdatePasswordBody,
  UpdateProfileBody,
  ValidateUserBody,
} from '../../../contract/generated/zod.ts'
import type { Runtime } from '../runtime/runtime.ts'
import {
  changePassword,
  customerByEmail,
  customerWithPassword,
  mailSignInLink,
  openSession,
  TOKEN_TTL_SECONDS,
  updateProfile,
  useSignInLink,
  validateAccount,
} from '../world/people/accounts.ts'
import type { CustomerRecord, SessionRecord } from '../world/kernel/types.ts'
import { userView } from '../world/views/agency-views.ts'
import { fail } from '../world/kernel/rule-failure.ts'
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
    const customer = customerWithPassword(ctx, body.email, body.password)
    if (!customer) {
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
    return json(userView(updateProfile(ctx, body)))
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
    const { customer, redirect } = useSignInLink(ctx, body)
    return signedIn(openSession(ctx, customer, 'link'), customer, { redirect })
  }),

  route(rt, 'put', '/auth/password', 'auth', async (ctx) => {
    const body = await readJson(ctx, UpdatePasswordBody)
    const me = changePassword(ctx, ctx.session!, body)
    return json(userView(me))
  }),

  route(rt, 'post', '/auth/validate', 'public', async (ctx) => {
    const body = await readJson(ctx, ValidateUserBody)
    const customer = validateAccount(ctx, body)
    return json(userView(customer))
  }),
]
