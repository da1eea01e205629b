// The documentation forms' rules (SPEC §5). Messages are functions so they are translated when
// validation runs. Document numbers are not checked for format here: the server answers
// dni_wrong_format / passport_wrong_format / nif_wrong_format / cif_wrong_format and the form shows it.
import { t } from '@lingui/core/macro'
import { z } from '@/lib/zod'

const required = (message: () => string, max = 200) => z.string().check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max))
const optionalText = (max = 200) => z.string().check(z.trim(), z.maxLength(max))
const email = (message: () => string) =>
  z.pipe(z.string().check(z.trim(), z.minLength(1, { error: message })), z.email({ error: () => t`El email no es válido` }))
const optionalEmail = () => z.union([z.literal(''), z.pipe(z.string().check(z.trim()), z.email({ error: () => t`El email no es válido` }))])
const isoDate = (message: () => string) => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: message }))

export const personalDataSchema = () =>
  z.object({
    name: required(() => t`Debes introducir tu nombre`, 100),
    surname1: required(() => t`Debes introducir tu apellido`, 100),
    surname2: optionalText(100),
    gender: z.enum(['female', 'male'], { error: () => t`Debes indicar el sexo` }),
    birthdate: isoDate(() => t`Debes indicar la fecha de nacimiento`),
    phone: optionalText(30),
    email: optionalEmail(),
    document_type: z.enum(['dni', 'passport'], { error: () => t`Debes indicar el tipo de documento` }),
    document_number: required(() => t`Debes introducir el número de documento`, 30),
    country: required(() => t`Debes indicar el país`),
    state: required(() => t`Debes indicar la provincia`),
    city: required(() => t`Debes indicar la ciudad`),
    zip: required(() => t`Debes indicar tu código postal`, 12),
    address: required(() => t`Debes introducir tu dirección`),
    allergies: optionalText(1000),
    medical_notes: optionalText(1000),
  })

export const buyerSchema = () =>
  z
    .object({
      type: z.enum(['person', 'company'], { error: () => t`Indica si compras como particular o como empresa` }),
      name: required(() => t`Debes introducir el nombre`, 100),
      surname1: optionalText(100),
      company_name: optionalText(200),
      tax_id: required(() => t`Debes introducir el NIF o CIF`, 20),
      address: required(() => t`Debes introducir la dirección`),
      zip: required(() => t`Debes indicar el código postal`, 12),
      country: required(() => t`Debes indicar el país`),
      state: required(() => t`Debes indicar la provincia`),
      city: required(() => t`Debes indicar la ciudad`),
      email: email(() => t`Debes introducir el email`),
      phone: required(() => t`Debes introducir el teléfono`, 30),
      declares_capacity: z.boolean().check(z.refine(Boolean, { error: () => t`Debes confirmar esta declaración` })),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.type === 'person' && !value.surname1) ctx.addIssue({ code: 'custom', path: ['surname1'], message: t`Debes introducir el apellido` })
        if (value.type === 'company' && !value.company_name)
          ctx.addIssue({ code: 'custom', path: ['company_name'], message: t`Debes introducir el nombre de la empresa` })
      }),
    )

export const dniSchema = () =>
  z.object({
    number: required(() => t`Debes introducir el número de DNI`, 20),
    expiry_date: isoDate(() => t`Debes indicar la fecha de caducidad`),
    issue_date: isoDate(() => t`Debes indicar la fecha de expedición`),
    country: required(() => t`Debes indicar el país de expedición`),
    support_number: required(() => t`Debes introducir el número de soporte`, 20),
    file: z.nullable(z.string()),
  })

export const passportSchema = () =>
  z.object({
    number: required(() => t`Debes introducir el número de pasaporte`, 20),
    expiry_date: isoDate(() => t`Debes indicar la fecha de caducidad`),
    issue_date: z.union([z.literal(''), isoDate(() => t`La fecha no es válida`)]),
    country: required(() => t`Debes indicar el país de expedición`),
    file: z.nullable(z.string()),
  })

const guardianSchema = () =>
  z.object({
    name: required(() => t`Debes introducir el nombre`, 100),
    surname1: required(() => t`Debes introducir el primer apellido`, 100),
    surname2: optionalText(100),
    email: email(() => t`Debes introducir el email`),
    phone: required(() => t`Debes introducir el teléfono`, 30),
    document_number: required(() => t`Debes introducir el número de documento`, 30),
  })

export const GUARDIAN_TYPES = ['mother_and_father', 'mother', 'father', 'legal_guardian', 'two_mothers', 'two_fathers'] as const
export type GuardianTypeValue = (typeof GUARDIAN_TYPES)[number]
/** The types that name two people. */
export const TWO_GUARDIANS = new Set<string>(['mother_and_father', 'two_mothers', 'two_fathers'])

const looseGuardian = z.object({
  name: z.string(),
  surname1: z.string(),
  surname2: z.string(),
  email: z.string(),
  phone: z.string(),
  document_number: z.string(),
})

/** Always two guardian entries in the form; only as many as the type names are checked and sent. */
export const guardiansSchema = () =>
  z
    .object({
      guardian_type: z.enum(GUARDIAN_TYPES, { error: () => t`Debes indicar quiénes son los tutores legales` }),
      guardians: z.array(looseGuardian).check(z.minLength(1), z.maxLength(2)),
    })
    .check(
      z.superRefine((value, ctx) => {
        const count = TWO_GUARDIANS.has(value.guardian_type) ? 2 : 1
        value.guardians.slice(0, count).forEach((g, index) => {
          const result = guardianSchema().safeParse(g)
          if (!result.success)
            for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['guardians', index, ...issue.path] })
        })
      }),
    )

export const guardianCount = (type: string) => (TWO_GUARDIANS.has(type) ? 2 : 1)

export const emergencyContactSchema = () =>
  z.object({
    name: required(() => t`Debes introducir el nombre`, 100),
    surname1: required(() => t`Debes introducir el primer apellido`, 100),
    surname2: optionalText(100),
    email: email(() => t`Debes introducir el email`),
    phone: required(() => t`Debes introducir el teléfono`, 30),
  })

export const authorizationSchema = () =>
  z.object({
    guardian_id: z.string().check(z.minLength(1, { error: () => t`Elige quién firma` })),
    signer_name: required(() => t`Debes escribir tu nombre completo como firma`),
    accept: z.boolean().check(z.refine(Boolean, { error: () => t`Debes aceptar la autorización para firmarla` })),
  })
