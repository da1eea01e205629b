// Validation of the checkout's forms, with SPEC §5's Spanish texts where it gives them. Messages
// are functions, so they are translated when validation runs.
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { choice, z } from '@/lib/zod'
import { CommercialSector } from '@contract/generated/model/commercialSector'
import { messageForCode } from '@/lib/error-messages'
import { isDay, localDay } from '@core/calendar'
import { buyerIsMinor, isDocumentNumber } from '@core/document-number'

const required = (message: () => string, max = 200) =>
  z.string().check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: () => t`Es demasiado largo` }))

const optional = (max: number) => z.string().check(z.trim(), z.maxLength(max, { error: () => t`Es demasiado largo` }))

const isEmail = (value: string) => z.email().safeParse(value).success

const optionalEmail = () => optional(254).check(z.refine((value) => value === '' || isEmail(value), { error: () => t`Email incorrecto` }))

const requiredEmail = () =>
  z.string().check(
    z.trim(),
    z.minLength(1, { error: () => t`Debes introducir tu email` }),
    z.maxLength(254, { error: () => t`Es demasiado largo` }),
    z.refine((value) => value === '' || isEmail(value), { error: () => t`Email incorrecto` }),
  )

const name = () => required(() => t`Debes introducir tu nombre`, 100)
const surname = () => required(() => t`Debes introducir tu apellido`, 100)
const address = () => required(() => t`Debes introducir tu dirección`, 200)
const zip = () => required(() => t`Debes indicar tu código postal`, 12)
const country = () => required(() => t`Debes indicar el país`, 2)
const state = () => required(() => t`Debes indicar la provincia`, 100)
const city = () => required(() => t`Debes indicar la ciudad`, 100)

export const travellerSchema = z
  .object({
    name: name(),
    surname1: surname(),
    surname2: optional(100),
    // classic zod's .refine narrowed the output to the guarded values; mini's .check keeps string, so say so
    gender: z
      .string({ error: () => t`Debes indicar el sexo` })
      .check(z.refine((value) => value === 'female' || value === 'male', { error: () => t`Debes indicar el sexo` })) as z.ZodMiniType<
      'female' | 'male',
      string
    >,
    birthdate: z.string().check(
      z.minLength(1, { error: () => t`Debes indicar la fecha de nacimiento` }),
      z.refine((value) => value === '' || (isDay(value) && value >= '1900-01-01' && value <= localDay()), {
        error: () => t`La fecha de nacimiento no es válida`,
      }),
    ),
    phone: optional(30),
    email: optionalEmail(),
    document_type: z.enum(['dni', 'passport']),
    document_number: required(() => t`Debes introducir el número de documento`, 30),
    country: country(),
    state: state(),
    city: city(),
    zip: zip(),
    address: address(),
    allergies: optional(1000),
    medical_notes: optional(1000),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.document_number && !isDocumentNumber(value.document_number)) {
        ctx.addIssue({
          code: 'custom',
          path: ['document_number'],
          message: i18n._(messageForCode(value.document_type === 'dni' ? 'dni_wrong_format' : 'passport_wrong_format')),
        })
      }
    }),
  )

export const buyerSchema = z
  .object({
    type: z.enum(['person', 'company']),
    name: name(),
    surname1: optional(100),
    company_name: optional(200),
    tax_id: z.string().check(z.trim(), z.maxLength(20, { error: () => t`Es demasiado largo` })),
    address: address(),
    zip: zip(),
    country: country(),
    state: state(),
    city: city(),
    email: requiredEmail(),
    phone: required(() => t`Debes introducir tu teléfono`, 30),
    declares_capacity: z.boolean(),
  })
  .check(
    z.superRefine((value, ctx) => {
      const company = value.type === 'company'
      if (!company && !value.surname1) ctx.addIssue({ code: 'custom', path: ['surname1'], message: t`Debes introducir tu apellido` })
      if (company && !value.company_name) {
        ctx.addIssue({ code: 'custom', path: ['company_name'], message: t`Debes introducir el nombre de la empresa` })
      }
      if (!value.tax_id) {
        ctx.addIssue({ code: 'custom', path: ['tax_id'], message: company ? t`Debes introducir el CIF` : t`Debes introducir el NIF o pasaporte` })
      } else if (!isDocumentNumber(value.tax_id)) {
        ctx.addIssue({ code: 'custom', path: ['tax_id'], message: i18n._(messageForCode(company ? 'cif_wrong_format' : 'nif_wrong_format')) })
      }
      if (!value.declares_capacity) {
        ctx.addIssue({
          code: 'custom',
          path: ['declares_capacity'],
          message: company ? t`Debes declarar que representas a la empresa` : t`Debes declarar que eres mayor de edad`,
        })
      }
    }),
  )

/** SPEC §5's message when a minor tries to buy. */
export const minorBuyerMessage = () => t`El proceso de compra no puede ser realizado por un menor de edad`

export const personalSchema = z
  .object({
    travellers: z.array(travellerSchema),
    buyer: buyerSchema,
    commercialSectors: z.array(z.enum(Object.values(CommercialSector) as [CommercialSector, ...CommercialSector[]])),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (buyerIsMinor(value, localDay())) ctx.addIssue({ code: 'custom', path: ['buyer', 'declares_capacity'], message: minorBuyerMessage() })
    }),
  )

export type PersonalValues = z.input<typeof personalSchema>
export type PersonalOutput = z.output<typeof personalSchema>

/** Step 1: a pack and the party size. */
export const packSchema = z.object({
  packId: choice(() => t`Debes seleccionar un pack`),
  members: z.string().check(z.minLength(1)),
})

/** The summary's choices (SPEC §5 texts). */
export const summarySchema = z.object({
  planId: choice(() => t`Debes seleccionar un plan de pago`),
  methodId: choice(() => t`Debes indicar el método de pago`),
  acceptTerms: z.boolean().check(z.refine(Boolean, { error: () => t`Debes aceptar los términos y condiciones` })),
})
export type SummaryValues = z.input<typeof summarySchema>

/** The coupon, checked when applied (the field itself is optional). */
export const voucherSchema = () =>
  z.object({
    code: z.string().check(z.trim(), z.minLength(1, { error: () => t`Escribe el código del cupón` }), z.maxLength(40, { error: () => t`Es demasiado largo` })),
  })
