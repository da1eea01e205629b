// The demo password and the fixed logins the README lists (QA and the e2e tests rely on them), and
// how a seeded customer is made.
import { hashPassword } from '../people/accounts.ts'
import type { CustomerRecord } from '../kernel/types.ts'

export const DEMO_PASSWORD = 'viaje2026'

/** The fixed logins listed in the README; QA and the e2e tests rely on them. */
export const DEMO_LOGINS = [
  {
    agency: 'Viajes Sol',
    host: 'localhost',
    email: 'ana.garcia@example.com',
    password: DEMO_PASSWORD,
    what: 'buyer with bookings in every status; mother of a minor',
  },
  { agency: 'Viajes Sol', host: 'localhost', email: 'marta.lopez@example.com', password: DEMO_PASSWORD, what: 'legal guardian of a minor passenger' },
  { agency: 'Viajes Sol', host: 'localhost', email: 'nuevo@example.com', password: DEMO_PASSWORD, what: 'no bookings yet (empty state, books from scratch)' },
  { agency: 'Viajes Sol', host: 'localhost', email: 'pendiente@example.com', password: DEMO_PASSWORD, what: 'e-mail not validated (user_not_validated)' },
  { agency: 'Viajes Sol', host: 'localhost', email: 'enlace@example.com', password: '(sign-in link only)', what: 'no password: signs in by e-mail link' },
  {
    agency: 'Aventura Norte',
    host: 'norte.localhost',
    email: 'laura.martin@example.com',
    password: DEMO_PASSWORD,
    what: 'the other tenant: one pending booking',
  },
  {
    agency: 'Aventura Norte',
    host: 'norte.localhost',
    email: 'ana.garcia@example.com',
    password: DEMO_PASSWORD,
    what: 'same e-mail, other tenant, other account',
  },
] as const

export const customer = (
  agencyId: string,
  id: string,
  name: string,
  surname1: string,
  surname2: string | null,
  email: string,
  opts: Partial<CustomerRecord> = {},
): CustomerRecord => ({
  id,
  agencyId,
  name,
  surname1,
  surname2,
  email,
  phone: '+34600111222',
  lang: 'es',
  validated: true,
  passwordHash: hashPassword(DEMO_PASSWORD),
  validationToken: null,
  ...opts,
})
