// Validation of the checkout's forms, with SPEC §5's Spanish texts where it gives them. Messages
// are functions, so they are translated when validation runs.
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { choice, lazySchema, z } from '@/lib/forms/zod'
import { CommercialSector } from '@contract/generated/model/commercialSector'
import { messageForCode } from '@/lib/i18n/error-messages'
import { optionalEmail, optionalText, requiredEmail, requiredText } from '@/lib/forms/form-fields'
import {
  checkoutBodyBuyerAddressMax,
  checkoutBodyBuyerCompanyNameMax,
  checkoutBodyBuyerEmailMax,
  checkoutBodyBuyerNameMax,
  checkoutBodyBuyerPhoneMax,
  checkoutBodyBuyerSurname1Max,
  checkoutBodyBuyerTaxIdMax,
  checkoutBodyBuyerZipMax,
  checkoutBodyMembersItemAddressMax,
  checkoutBodyMembersItemAllergiesMax,
  checkoutBodyMembersItemDocumentNumberMax,
  checkoutBodyMembersItemEmailMax,
  checkoutBodyMembersItemMedicalNotesMax,
  checkoutBodyMembersItemNameMax,
  checkoutBodyMembersItemPhoneMax,
  checkoutBodyMembersItemSurname1Max,
  checkoutBodyMembersItemSurname2Max,
  checkoutBodyMembersItemZipMax,
} from '@contract/generated/field-limits'
import { isDay, localDay } from '@core/calendar'
import { buyerIsMinor, isDocumentNumber } from '@core/document-number'

// the contract's limits: a traveller is a checkout member (MemberInput), the buyer its BuyerInput
const name = () => requiredText(() => t`Debes introducir tu nombre`, checkoutBodyMembersItemNameMax)
const surname = () => requiredText(() => t`Debes introducir tu apellido`, checkoutBodyMembersItemSurname1Max)
const address = () => requiredText(() => t`Debes introducir tu dirección`, checkoutBodyMembersItemAddressMax)
const zip = () => requiredText(() => t`Debes indicar tu código postal`, checkoutBodyMembersItemZipMax)
const country = () => requiredText(() => t`Debes indicar el país`)
const state = () => requiredText(() => t`Debes indicar la provincia`)
const city = () => requiredText(() => t`Debes indicar la ciudad`)

export const travellerSchema = lazySchema(() =>
  z
    .object({
      name: name(),
      surname1: surname(),
      surname2: optionalText(checkoutBodyMembersItemSurname2Max),
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
      phone: optionalText(checkoutBodyMembersItemPhoneMax),
      email: optionalEmail(checkoutBodyMembersItemEmailMax),
      document_type: z.enum(['dni', 'passport']),
      document_number: requiredText(() => t`Debes introducir el número de documento`, checkoutBodyMembersItemDocumentNumberMax),
      country: country(),
      state: state(),
      city: city(),
      zip: zip(),
      address: address(),
      allergies: optionalText(checkoutBodyMembersItemAllergiesMax),
      medical_notes: optionalText(checkoutBodyMembersItemMedicalNotesMax),
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
    ),
)

export const buyerSchema = lazySchema(() =>
  z
    .object({
      type: z.enum(['person', 'company']),
      name: requiredText(() => t`Debes introducir tu nombre`, checkoutBodyBuyerNameMax),
      surname1: optionalText(checkoutBodyBuyerSurname1Max),
      company_name: optionalText(checkoutBodyBuyerCompanyNameMax),
      tax_id: optionalText(checkoutBodyBuyerTaxIdMax),
      address: requiredText(() => t`Debes introducir tu dirección`, checkoutBodyBuyerAddressMax),
      zip: requiredText(() => t`Debes indicar tu código postal`, checkoutBodyBuyerZipMax),
      country: country(),
      state: state(),
      city: city(),
      email: requiredEmail(() => t`Debes introducir tu email`, checkoutBodyBuyerEmailMax),
      phone: requiredText(() => t`Debes introducir tu teléfono`, checkoutBodyBuyerPhoneMax),
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
    ),
)

/** SPEC §5's message when a minor tries to buy. */
export const minorBuyerMessage = () => t`El proceso de compra no puede ser realizado por un menor de edad`

export const personalSchema = lazySchema(() =>
  z
    .object({
      travellers: z.array(travellerSchema()),
      buyer: buyerSchema(),
      commercialSectors: z.array(z.enum(Object.values(CommercialSector) as [CommercialSector, ...CommercialSector[]])),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (buyerIsMinor(value, localDay())) ctx.addIssue({ code: 'custom', path: ['buyer', 'declares_capacity'], message: minorBuyerMessage() })
      }),
    ),
)

export type PersonalValues = z.input<ReturnType<typeof personalSchema>>
export type PersonalOutput = z.output<ReturnType<typeof personalSchema>>

/** Step 1: a pack and the party size. */
export const packSchema = lazySchema(() =>
  z.object({
    packId: choice(() => t`Debes seleccionar un pack`),
    members: z.string().check(z.minLength(1)),
  }),
)

/** The summary's choices (SPEC §5 texts). */
export const summarySchema = lazySchema(() =>
  z.object({
    planId: choice(() => t`Debes seleccionar un plan de pago`),
    methodId: choice(() => t`Debes indicar el método de pago`),
    acceptTerms: z.boolean().check(z.refine(Boolean, { error: () => t`Debes aceptar los términos y condiciones` })),
  }),
)

export type SummaryValues = z.input<ReturnType<typeof summarySchema>>

/** The coupon, checked when applied (the field itself is optional). */
export const voucherSchema = () =>
  z.object({
    code: z.string().check(z.trim(), z.minLength(1, { error: () => t`Escribe el código del cupón` }), z.maxLength(40, { error: () => t`Es demasiado largo` })),
  })
