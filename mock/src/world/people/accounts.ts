// Customers' accounts: passwords, sessions and the one-time sign-in links mailed to them.
import type { z } from 'zod'
import type { AutologinBody, UpdatePasswordBody, UpdateProfileBody, ValidateUserBody } from '../../../../contract/generated/zod.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { CustomerRecord, LinkRecord, SessionRecord } from '../kernel/types.ts'
import { sendMail } from '../kernel/outbox.ts'
import type { WorldContext } from '../kernel/world-context.ts'

// Not a real password hash (the mock also runs in the browser, without node:crypto): it only keeps
// plain passwords out of the stored world. FNV-1a over two seeds gives 16 hex characters.
export const hashPassword = (password: string): string => {
  const fnv = (seed: number) => {
    let h = seed >>> 0
    for (const ch of `portal:${password}`) {
      h ^= ch.codePointAt(0)!
      h = Math.imul(h, 0x01000193) >>> 0
    }
    return h.toString(16).padStart(8, '0')
  }
  return fnv(0x811c9dc5) + fnv(0x2166136b)
}

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
const dropStale = (ctx: WorldContext, collection: 'sessions' | 'links', keep: number) => {
  const rows: (SessionRecord | LinkRecord)[] = ctx.world[collection]
  const nowMs = ctx.now.getTime()
  const kept = new Set(rows.filter((row) => Date.parse(row.expiresAt) > nowMs).slice(-keep))
  ctx.remove(
    collection,
    rows.filter((row) => !kept.has(row)),
  )
}

/** Opens a session for the customer: what a sign-in answers with. */
export const openSession = (ctx: WorldContext, customer: CustomerRecord, via: SessionRecord['via']): SessionRecord => {
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
  return session
}

/** The tenant's customer with this address (addresses compare without case). */
export const customerByEmail = (ctx: WorldContext, email: string) =>
  ctx.world.customers.find((c) => c.agencyId === ctx.agency.id && c.email.toLowerCase() === email.toLowerCase()) ?? null

/** Issues a one-time sign-in link and mails it. */
export const mailSignInLink = (ctx: WorldContext, customer: CustomerRecord, purpose: 'login_link' | 'password_reset', redirect: string | null) => {
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
  const link = `${ctx.portalOrigin()}/auth/autologin/${encodeURIComponent(customer.id)}/${token}`
  const subject = purpose === 'password_reset' ? `${ctx.agency.name}: cambia tu contraseña` : `${ctx.agency.name}: tu enlace de acceso`
  sendMail(ctx, customer.email, subject, `Entra en tu área de cliente con este enlace (válido 24 horas): ${link}`, link)
}

/** The tenant's customer with this address and password, or null (an account without a password never signs in with one). */
export const customerWithPassword = (ctx: WorldContext, email: string, password: string): CustomerRecord | null => {
  const customer = customerByEmail(ctx, email)
  return customer && customer.passwordHash !== null && customer.passwordHash === hashPassword(password) ? customer : null
}

/** The signed-in customer's name, phone and language. */
export const updateProfile = (ctx: WorldContext, body: z.infer<typeof UpdateProfileBody>): CustomerRecord => {
  const me = ctx.me()
  me.name = body.name
  me.surname1 = body.surname1
  if (body.surname2 !== undefined) me.surname2 = body.surname2
  if (body.phone !== undefined) me.phone = body.phone
  if (body.lang) me.lang = body.lang
  ctx.save('customers', me)
  return me
}

/** A mailed sign-in link, used once within its day: it proves the address; the answer says where it leads. */
export const useSignInLink = (ctx: WorldContext, body: z.infer<typeof AutologinBody>): { customer: CustomerRecord; redirect: string | null } => {
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
  return { customer, redirect }
}

/**
 * A new password: confirmed, and with the current one when the session was opened with a password (a
 * session from a mailed link may set one without it). Every other session of the customer ends.
 */
export const changePassword = (ctx: WorldContext, session: SessionRecord, body: z.infer<typeof UpdatePasswordBody>): CustomerRecord => {
  const me = ctx.me()
  if (body.password !== body.password_confirmation) {
    fail(422, 'password_does_not_match', 'The passwords do not match.', [
      { field: 'password_confirmation', code: 'password_does_not_match', message: 'The passwords do not match.' },
    ])
  }
  const needsCurrent = me.passwordHash !== null && session.via === 'password'
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
    ctx.world.sessions.filter((s) => s.customerId === me.id && s.token !== session.token),
  )
  return me
}

/** The address validated with the token mailed when the account was made. */
export const validateAccount = (ctx: WorldContext, body: z.infer<typeof ValidateUserBody>): CustomerRecord => {
  const customer = ctx.world.customers.find((c) => c.id === body.id && c.agencyId === ctx.agency.id)
  if (!customer || !customer.validationToken || customer.validationToken !== body.token) fail(401, 'unauthorized', 'This validation link is not valid.')
  customer!.validated = true
  customer!.validationToken = null
  ctx.save('customers', customer!)
  return customer!
}
