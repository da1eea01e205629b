// The documentation forms' rules (SPEC §5). Messages are functions so they are translated when
// validation runs. Document numbers are not checked for format here: the server answers
// dni_wrong_format / passport_wrong_format / nif_wrong_format / cif_wrong_format and the form shows it.
import { t } from '@lingui/core/macro'
import { z } from '@/lib/forms/zod'
import { optionalEmail, optionalText, requiredEmail, requiredText } from '@/lib/forms/form-fields'
import {
  authorizeMemberBodySignerNameMax,
  updateBuyerBodyAddressMax,
  updateBuyerBodyCompanyNameMax,
  updateBuyerBodyEmailMax,
  updateBuyerBodyNameMax,
  updateBuyerBodyPhoneMax,
  updateBuyerBodySurname1Max,
  updateBuyerBodyTaxIdMax,
  updateBuyerBodyZipMax,
  updateDniBodyNumberMax,
  updateDniBodySupportNumberMax,
  updateEmergencyContactBodyOneEmailMax,
  updateEmergencyContactBodyOneNameMax,
  updateEmergencyContactBodyOnePhoneMax,
  updateEmergencyContactBodyOneSurname1Max,
  updateEmergencyContactBodyOneSurname2Max,
  updateGuardiansBodyGuardiansItemDocumentNumberMax,
  updateGuardiansBodyGuardiansItemEmailMax,
  updateGuardiansBodyGuardiansItemNameMax,
  updateGuardiansBodyGuardiansItemPhoneMax,
  updateGuardiansBodyGuardiansItemSurname1Max,
  updateGuardiansBodyGuardiansItemSurname2Max,
  updateMemberDataBodyOneAddressMax,
  updateMemberDataBodyOneAllergiesMax,
  updateMemberDataBodyOneDocumentNumberMax,
  updateMemberDataBodyOneEmailMax,
  updateMemberDataBodyOneMedicalNotesMax,
  updateMemberDataBodyOneNameMax,
  updateMemberDataBodyOnePhoneMax,
  updateMemberDataBodyOneSurname1Max,
  updateMemberDataBodyOneSurname2Max,
  updateMemberDataBodyOneZipMax,
  updatePassportBodyNumberMax,
} from '@contract/generated/field-limits'

const isoDate = (message: () => string) => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: message }))

export const personalDataSchema = () =>
  z.object({
    name: requiredText(() => t`Debes introducir tu nombre`, updateMemberDataBodyOneNameMax),
    surname1: requiredText(() => t`Debes introducir tu apellido`, updateMemberDataBodyOneSurname1Max),
    surname2: optionalText(updateMemberDataBodyOneSurname2Max),
    gender: z.enum(['female', 'male'], { error: () => t`Debes indicar el sexo` }),
    birthdate: isoDate(() => t`Debes indicar la fecha de nacimiento`),
    phone: optionalText(updateMemberDataBodyOnePhoneMax),
    email: optionalEmail(updateMemberDataBodyOneEmailMax),
    document_type: z.enum(['dni', 'passport'], { error: () => t`Debes indicar el tipo de documento` }),
    document_number: requiredText(() => t`Debes introducir el número de documento`, updateMemberDataBodyOneDocumentNumberMax),
    country: requiredText(() => t`Debes indicar el país`),
    state: requiredText(() => t`Debes indicar la provincia`),
    city: requiredText(() => t`Debes indicar la ciudad`),
    zip: requiredText(() => t`Debes indicar tu código postal`, updateMemberDataBodyOneZipMax),
    address: requiredText(() => t`Debes introducir tu dirección`, updateMemberDataBodyOneAddressMax),
    allergies: optionalText(updateMemberDataBodyOneAllergiesMax),
    medical_notes: optionalText(updateMemberDataBodyOneMedicalNotesMax),
  })

export const buyerSchema = () =>
  z
    .object({
      type: z.enum(['person', 'company'], { error: () => t`Indica si compras como particular o como empresa` }),
      name: requiredText(() => t`Debes introducir el nombre`, updateBuyerBodyNameMax),
      surname1: optionalText(updateBuyerBodySurname1Max),
      company_name: optionalText(updateBuyerBodyCompanyNameMax),
      tax_id: requiredText(() => t`Debes introducir el NIF o CIF`, updateBuyerBodyTaxIdMax),
      address: requiredText(() => t`Debes introducir la dirección`, updateBuyerBodyAddressMax),
      zip: requiredText(() => t`Debes indicar el código postal`, updateBuyerBodyZipMax),
      country: requiredText(() => t`Debes indicar el país`),
      state: requiredText(() => t`Debes indicar la provincia`),
      city: requiredText(() => t`Debes indicar la ciudad`),
      email: requiredEmail(() => t`Debes introducir el email`, updateBuyerBodyEmailMax),
      phone: requiredText(() => t`Debes introducir el teléfono`, updateBuyerBodyPhoneMax),
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
    number: requiredText(() => t`Debes introducir el número de DNI`, updateDniBodyNumberMax),
    expiry_date: isoDate(() => t`Debes indicar la fecha de caducidad`),
    issue_date: isoDate(() => t`Debes indicar la fecha de expedición`),
    country: requiredText(() => t`Debes indicar el país de expedición`),
    support_number: requiredText(() => t`Debes introducir el número de soporte`, updateDniBodySupportNumberMax),
    file: z.nullable(z.string()),
  })

export const passportSchema = () =>
  z.object({
    number: requiredText(() => t`Debes introducir el número de pasaporte`, updatePassportBodyNumberMax),
    expiry_date: isoDate(() => t`Debes indicar la fecha de caducidad`),
    issue_date: z.union([z.literal(''), isoDate(() => t`La fecha no es válida`)]),
    country: requiredText(() => t`Debes indicar el país de expedición`),
    file: z.nullable(z.string()),
  })

const guardianSchema = () =>
  z.object({
    name: requiredText(() => t`Debes introducir el nombre`, updateGuardiansBodyGuardiansItemNameMax),
    surname1: requiredText(() => t`Debes introducir el primer apellido`, updateGuardiansBodyGuardiansItemSurname1Max),
    surname2: optionalText(updateGuardiansBodyGuardiansItemSurname2Max),
    email: requiredEmail(() => t`Debes introducir el email`, updateGuardiansBodyGuardiansItemEmailMax),
    phone: requiredText(() => t`Debes introducir el teléfono`, updateGuardiansBodyGuardiansItemPhoneMax),
    document_number: requiredText(() => t`Debes introducir el número de documento`, updateGuardiansBodyGuardiansItemDocumentNumberMax),
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
    name: requiredText(() => t`Debes introducir el nombre`, updateEmergencyContactBodyOneNameMax),
    surname1: requiredText(() => t`Debes introducir el primer apellido`, updateEmergencyContactBodyOneSurname1Max),
    surname2: optionalText(updateEmergencyContactBodyOneSurname2Max),
    email: requiredEmail(() => t`Debes introducir el email`, updateEmergencyContactBodyOneEmailMax),
    phone: requiredText(() => t`Debes introducir el teléfono`, updateEmergencyContactBodyOnePhoneMax),
  })

export const authorizationSchema = () =>
  z.object({
    guardian_id: z.string().check(z.minLength(1, { error: () => t`Elige quién firma` })),
    signer_name: requiredText(() => t`Debes escribir tu nombre completo como firma`, authorizeMemberBodySignerNameMax),
    accept: z.boolean().check(z.refine(Boolean, { error: () => t`Debes aceptar la autorización para firmarla` })),
  })
