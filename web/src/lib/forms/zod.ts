import { z } from 'zod/mini'
import { validationMessage } from '@/lib/i18n/error-messages'

// The portal's zod: zod/mini with every check that has no message of its own (a length limit, a
// missing value, a wrong type) saying what validationMessage says, in the traveller's language, never
// zod's developer text ("Invalid input: expected string, received null"). Schemas import z from here
// (lint keeps 'zod' itself out of web/src), so no schema can run before this is installed.
z.config({ localeError: (issue) => validationMessage(issue) })

export { z }

/**
 * One of a set of radio buttons: react-hook-form reads `null` while none is checked, so the same
 * message must answer a missing value and an empty one (SPEC §5's "Debes seleccionar un plan de pago").
 */
export const choice = (message: () => string) => z.string({ error: message }).check(z.minLength(1, { error: message }))

/**
 * A schema made when first asked for, then kept. zod builds a schema's whole tree when it is made: a module that
 * makes its forms' schemas at its top level makes every one of them in the task that evaluates the route's code,
 * while the page loads (the checkout's: 4–6 ms of CPU on a desktop, ten times that on a low-tier phone), though the
 * first step needs one. Kept, it is made once, not on every render that asks.
 */
export const lazySchema = <S>(make: () => S): (() => S) => {
  let made: S | undefined
  return () => (made ??= make())
}
