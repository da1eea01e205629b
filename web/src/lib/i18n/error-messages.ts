import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg, plural, t } from '@lingui/core/macro'
import { type ApiErrorCode, isApiError } from '@/lib/api/api-error'

// Explicit ids ("error.<code>") instead of generated ones: the code is already
// a stable key, translators see what it is, and tests can look it up.
// Keyed by every code the contract declares (plus the client's own network_error): a code added to the
// contract without a message here does not compile.
const messages: Record<ApiErrorCode, MessageDescriptor> = {
  auth_login_wrong: msg({ id: 'error.auth_login_wrong', message: 'Usuario o contraseña incorrectos' }),
  auth_wrong_password: msg({ id: 'error.auth_wrong_password', message: 'La contraseña actual no es correcta' }),
  user_not_validated: msg({
    id: 'error.user_not_validated',
    message: 'Tu cuenta aún no está validada. Revisa tu correo electrónico.',
  }),
  password_does_not_match: msg({ id: 'error.password_does_not_match', message: 'Las contraseñas no coinciden' }),
  payment_term_limit_date_excedeed: msg({
    id: 'error.payment_term_limit_date_excedeed',
    message: 'Ha vencido el plazo de pago',
  }),
  insurance_limit_date_excedeed: msg({
    id: 'error.insurance_limit_date_excedeed',
    message: 'Ha vencido el plazo para pagar el seguro',
  }),
  extra_limit_date_excedeed: msg({
    id: 'error.extra_limit_date_excedeed',
    message: 'Ha vencido el plazo para pagar el extra',
  }),
  cant_lock_enough_seats: msg({
    id: 'error.cant_lock_enough_seats',
    message: 'No hay plazas suficientes para realizar la reserva',
  }),
  dni_close_expiration: msg({
    id: 'error.dni_close_expiration',
    message: 'El DNI caduca demasiado cerca de la fecha de regreso',
  }),
  dni_expired: msg({ id: 'error.dni_expired', message: 'El DNI está caducado' }),
  passport_close_expiration: msg({
    id: 'error.passport_close_expiration',
    message: 'El pasaporte caduca demasiado cerca de la fecha de regreso',
  }),
  passport_expired: msg({ id: 'error.passport_expired', message: 'El pasaporte está caducado' }),
  rooming_list_already_confirmed: msg({
    id: 'error.rooming_list_already_confirmed',
    message: 'El reparto de habitaciones ya está confirmado',
  }),
  dni_wrong_format: msg({ id: 'error.dni_wrong_format', message: 'El DNI solo puede contener números y letras' }),
  passport_wrong_format: msg({
    id: 'error.passport_wrong_format',
    message: 'El número de pasaporte solo puede contener números y letras',
  }),
  nif_wrong_format: msg({ id: 'error.nif_wrong_format', message: 'El NIF solo puede contener números y letras' }),
  cif_wrong_format: msg({ id: 'error.cif_wrong_format', message: 'El CIF solo puede contener números y letras' }),
  travel_group_pack_full: msg({
    id: 'error.travel_group_pack_full',
    message: 'No quedan plazas en el pack seleccionado',
  }),
  booking_already_traveled: msg({
    id: 'error.booking_already_traveled',
    message: 'No se puede cancelar la reserva porque el viaje ya se ha realizado',
  }),
  booking_group_mail_invalid: msg({
    id: 'error.booking_group_mail_invalid',
    message: 'Uno de los correos electrónicos introducidos no es válido',
  }),
  bad_request: msg({ id: 'error.bad_request', message: 'La solicitud no es válida' }),
  invalid_json: msg({ id: 'error.invalid_json', message: 'Los datos enviados no tienen un formato válido' }),
  validation_error: msg({ id: 'error.validation_error', message: 'Hay datos incorrectos. Revisa el formulario.' }),
  unauthorized: msg({ id: 'error.unauthorized', message: 'Tu sesión ha caducado. Vuelve a iniciar sesión.' }),
  forbidden: msg({ id: 'error.forbidden', message: 'No tienes permiso para realizar esta acción' }),
  not_found: msg({ id: 'error.not_found', message: 'No hemos encontrado lo que buscas' }),
  conflict: msg({
    id: 'error.conflict',
    message: 'Los datos han cambiado mientras tanto. Recarga la página e inténtalo de nuevo.',
  }),
  agency_unknown: msg({ id: 'error.agency_unknown', message: 'No reconocemos la agencia de esta dirección web' }),
  voucher_invalid: msg({ id: 'error.voucher_invalid', message: 'Cupón no válido' }),
  guardians_incomplete: msg({
    id: 'error.guardians_incomplete',
    message: 'Completa los datos de los tutores legales antes de firmar la autorización',
  }),
  authorization_window_closed: msg({
    id: 'error.authorization_window_closed',
    message: 'La autorización ya no se puede firmar: debe firmarse al menos 60 días antes de la salida',
  }),
  billing_data_incomplete: msg({
    id: 'error.billing_data_incomplete',
    message: 'Completa los datos de facturación antes de continuar',
  }),
  booking_not_cancelable: msg({ id: 'error.booking_not_cancelable', message: 'Esta reserva no se puede cancelar' }),
  booking_canceled: msg({ id: 'error.booking_canceled', message: 'Esta reserva está cancelada: ya no se puede cambiar.' }),
  payment_already_completed: msg({ id: 'error.payment_already_completed', message: 'Este pago ya se ha realizado' }),
  debug_disabled: msg({ id: 'error.debug_disabled', message: 'Esta función no está disponible' }),
  too_many_requests: msg({
    id: 'error.too_many_requests',
    message: 'Demasiados intentos seguidos. Espera unos minutos y vuelve a intentarlo.',
  }),
  service_unavailable: msg({
    id: 'error.service_unavailable',
    message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
  }),
  network_error: msg({
    id: 'error.network_error',
    message: 'No se ha podido conectar. Comprueba tu conexión a internet.',
  }),
}

export const unknownErrorMessage: MessageDescriptor = msg({
  id: 'error.unknown',
  message: 'Se ha producido un error. Inténtalo de nuevo.',
})

export const isServerErrorCode = (code: unknown): code is ApiErrorCode => typeof code === 'string' && Object.hasOwn(messages, code)

/**
 * The message to show for an API error `code`; unknown or missing codes get a
 * generic "something went wrong" so the user always sees a sentence, never a code.
 * Render with `i18n._(messageForCode(code))` or `<Trans id={…} />`.
 */
export function messageForCode(code: string | null | undefined): MessageDescriptor {
  return isServerErrorCode(code) ? messages[code] : unknownErrorMessage
}

/** The translated sentence for a failure of any kind (an ApiError's code, else the generic one). */
export function errorMessage(error: unknown): string {
  return i18n._(messageForCode(isApiError(error) ? error.code : undefined))
}

/** What a schema check reports, in the terms the message below needs (zod's issue, structurally). */
export type ValidationIssue = {
  code: string
  input?: unknown
  origin?: string
  format?: string
  minimum?: number | bigint
  maximum?: number | bigint
}

const isBlank = (input: unknown) => input === undefined || input === null || (typeof input === 'string' && input.trim() === '')

/**
 * The message for a form check that carries no text of its own (a length limit, a missing value, a
 * wrong type): a sentence a traveller understands, in the active language, never a schema library's
 * developer text. Every form's schema reports through this (lib/zod.ts installs it).
 */
export function validationMessage(issue: ValidationIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return isBlank(issue.input) ? t`Este campo es obligatorio` : t`Este dato no es válido`
    case 'too_small': {
      const min = Number(issue.minimum ?? 0)
      if (issue.origin === 'string')
        return min <= 1 ? t`Este campo es obligatorio` : plural(min, { one: 'Escribe al menos # carácter', other: 'Escribe al menos # caracteres' })
      if (issue.origin === 'array') return t`Elige al menos una opción`
      return t`El valor mínimo es ${min}`
    }
    case 'too_big': {
      const max = Number(issue.maximum ?? 0)
      if (issue.origin === 'string')
        return plural(max, { one: 'Es demasiado largo: como máximo # carácter', other: 'Es demasiado largo: como máximo # caracteres' })
      if (issue.origin === 'array') return plural(max, { one: 'Elige como máximo # opción', other: 'Elige como máximo # opciones' })
      return t`El valor máximo es ${max}`
    }
    case 'invalid_format':
      return issue.format === 'email' ? t`Email incorrecto` : t`Este dato no es válido`
    case 'invalid_value':
      return isBlank(issue.input) ? t`Este campo es obligatorio` : t`Elige una de las opciones`
    default:
      return t`Este dato no es válido`
  }
}
