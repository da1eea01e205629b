import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { z } from 'zod'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { SelectField } from '@/components/form/select-field'
import { TextAreaField } from '@/components/form/textarea-field'
import { TextField } from '@/components/form/text-field'
import { useDialog } from '@/hooks/use-dialog'
import { useZodForm } from '@/hooks/use-zod-form'
import { isApiError } from '@/lib/api/api-error'
import {
  getGetBookingPaymentsQueryKey,
  getGetBookingQueryKey,
  useCancelBooking,
  useComputeCancelRefund,
} from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@/lib/api/generated/model/booking'
import type { CancelBreakdown } from '@/lib/api/generated/model/cancelBreakdown'
import type { CancellationReason } from '@/lib/api/generated/model/cancellationReason'
import { formatAmount, formatDate, fullName } from '@/lib/format'
import { applyServerError } from '@/lib/form-errors'
import { isValidIban, maskIban, normalizeIban } from '@/lib/iban'
import { isLocale } from '@/lib/i18n-locales'
import { toast } from '@/lib/toast'
import './cancellation.css'

export const REASONS = ['health', 'wealth', 'exams', 'change', 'decease', 'grades', 'other'] as const satisfies readonly CancellationReason[]

export const reasonLabels: Record<CancellationReason, MessageDescriptor> = {
  health: msg`Motivos de salud`,
  wealth: msg`Motivos económicos`,
  exams: msg`Exámenes`,
  change: msg`Cambio de planes`,
  decease: msg`Fallecimiento de un familiar`,
  grades: msg`Notas o resultados académicos`,
  other: msg`Otro motivo`,
}

export const cancellationSchema = () =>
  z.object({
    reason: z.enum(REASONS, { error: () => t`Debes indicar el motivo de la cancelación.` }),
    comment: z.string().trim().max(2000),
    owner: z.string().trim().min(1, { error: () => t`Debes indicar el titular de la cuenta` }).max(200),
    iban: z
      .string()
      .trim()
      .min(1, { error: () => t`Debes indicar el IBAN` })
      .max(42)
      .refine((v) => v === '' || isValidIban(v), { error: () => t`El IBAN no es válido` }),
  })
type CancellationValues = z.output<ReturnType<typeof cancellationSchema>>

const billingComplete = (booking: Booking) => booking.buyer?.valid === true

/**
 * Cancelling a booking (SPEC §4, §5): offered before the trip on a booking that holds seats, with the
 * billing data complete; the refund breakdown is shown line by line before confirming. Once canceled,
 * the request and its breakdown.
 */
export function CancellationSection({ booking, today }: { booking: Booking; today: string }) {
  if (booking.status === 'canceled') return booking.cancel_refund ? <CancellationRequested booking={booking} /> : null
  const cancelable = (booking.status === 'pending' || booking.status === 'confirmed') && booking.travel_group.start_at > today
  if (!cancelable) return null
  return <CancelCard booking={booking} />
}

function CancelCard({ booking }: { booking: Booking }) {
  const dialog = useDialog()
  const complete = billingComplete(booking)
  return (
    <section className="tab-section cancel-card" aria-labelledby="cancel-title">
      <h2 id="cancel-title" className="tab-section__title">
        <Trans>Cancelar la reserva</Trans>
      </h2>
      <p className="muted">
        <Trans>Puedes cancelar hasta el día de la salida. Antes de confirmar verás, línea a línea, cuánto te devolvemos.</Trans>
      </p>
      {!complete && (
        <p className="notice-box">
          <Trans>
            Para cancelar, completa antes los datos de facturación en <Link to="?tab=documentation">Documentación</Link>.
          </Trans>
        </p>
      )}
      <div>
        <Button variant="danger" disabled={!complete} onClick={() => dialog.open()}>
          <Trans>Cancelar la reserva</Trans>
        </Button>
      </div>
      <CancellationDialog booking={booking} dialog={dialog} />
    </section>
  )
}

function CancellationDialog({ booking, dialog }: { booking: Booking; dialog: ReturnType<typeof useDialog> }) {
  const { t: tr, i18n } = useLingui()
  const queryClient = useQueryClient()
  const compute = useComputeCancelRefund()
  const cancel = useCancelBooking()
  const [breakdown, setBreakdown] = useState<CancelBreakdown | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const reviewHeading = useRef<HTMLHeadingElement>(null)
  const buyer = booking.buyer
  const form = useZodForm(cancellationSchema(), {
    // validated on submit, then live: a blur validation racing the submit one (the dialog focuses the
    // first field on open) can drop the errors of fields not touched yet
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      reason: '' as CancellationReason,
      comment: '',
      owner: booking.bank_account?.owner ?? (buyer ? (buyer.type === 'company' ? (buyer.company_name ?? '') : fullName(buyer)) : ''),
      iban: booking.bank_account?.iban ?? '',
    },
  })

  useEffect(() => {
    if (breakdown) reviewHeading.current?.focus()
  }, [breakdown])

  const onServerError = (error: unknown) => {
    // a field error (owner, IBAN) belongs to the form: go back to it
    if (isApiError(error) && error.fields.some((f) => f.field === 'owner' || f.field === 'iban')) setBreakdown(null)
    const root = applyServerError(form, error, { fieldMap: (f) => (f === 'owner' || f === 'iban' || f === 'reason' ? f : null), codeMessages: { iban: () => tr`El IBAN no es válido` } })
    setFailure(root)
  }

  const review = async (values: CancellationValues) => {
    setFailure(null)
    try {
      setBreakdown(await compute.mutateAsync({ id: booking.id, data: { reason: values.reason } }))
    } catch (error) {
      onServerError(error)
    }
  }

  const confirm = async () => {
    const values = form.getValues()
    setFailure(null)
    try {
      const updated = await cancel.mutateAsync({
        id: booking.id,
        data: { reason: values.reason, comment: values.comment.trim() || null, owner: values.owner.trim(), iban: normalizeIban(values.iban) },
      })
      queryClient.setQueryData(getGetBookingQueryKey(booking.id), updated)
      void queryClient.invalidateQueries({ queryKey: getGetBookingPaymentsQueryKey(booking.id) })
      dialog.close()
      toast.success(tr`Hemos recibido tu solicitud de cancelación`)
    } catch (error) {
      onServerError(error)
    }
  }

  return (
    <Dialog
      dialog={dialog}
      size="lg"
      title={<Trans>Cancelar la reserva {booking.locator}</Trans>}
      onClose={() => {
        setBreakdown(null)
        setFailure(null)
      }}
      footer={
        breakdown ? (
          <>
            <Button variant="secondary" onClick={() => setBreakdown(null)}>
              <Trans>Volver</Trans>
            </Button>
            <Button variant="danger" onClick={confirm}>
              <Trans>Confirmar la cancelación</Trans>
            </Button>
          </>
        ) : undefined
      }
    >
      <div hidden={breakdown !== null}>
        <Form form={form} onSubmit={review} aria-label={tr`Datos de la cancelación`}>
          <SelectField name="reason" label={<Trans>Motivo de la cancelación</Trans>} placeholder={tr`Selecciona un motivo`} options={REASONS.map((r) => ({ value: r, label: i18n._(reasonLabels[r]) }))} />
          <TextAreaField name="comment" label={<Trans>Comentario</Trans>} optional rows={3} maxLength={2000} />
          <fieldset className="cancel-account">
            <legend className="cancel-account__legend">
              <Trans>Cuenta para el reembolso</Trans>
            </legend>
            <TextField name="owner" label={<Trans>Titular de la cuenta</Trans>} autoComplete="name" />
            <TextField name="iban" label={<Trans>IBAN</Trans>} hint={<Trans>Por ejemplo ES91 2100 0418 4502 0005 1332</Trans>} autoComplete="off" spellCheck={false} />
          </fieldset>
          <FormRootError />
          <div className="form-actions">
            <Button variant="secondary" onClick={() => dialog.close()}>
              <Trans>No cancelar</Trans>
            </Button>
            <SubmitButton>
              <Trans>Ver cuánto me devolvéis</Trans>
            </SubmitButton>
          </div>
        </Form>
      </div>
      {breakdown && (
        <div className="stack-sm">
          <h3 ref={reviewHeading} tabIndex={-1} className="cancel-review__title">
            <Trans>Desglose del reembolso</Trans>
          </h3>
          <BreakdownTable breakdown={breakdown} />
          <p className="muted">
            <Trans>
              Te lo devolveremos por transferencia a la cuenta {maskIban(form.getValues('iban'))}. Después de confirmar, la reserva quedará cancelada y no se podrá recuperar.
            </Trans>
          </p>
          {failure && (
            <p role="alert" className="form__root-error">
              {failure}
            </p>
          )}
        </div>
      )}
    </Dialog>
  )
}

/** The compute-cancel-refund answer, line by line (SPEC §3). */
export function BreakdownTable({ breakdown }: { breakdown: CancelBreakdown }) {
  const { t: tr } = useLingui()
  const b = breakdown
  const penaltyLabel = b.penalty.type === 'percentage' ? tr`Penalización (${b.penalty.value} %)` : tr`Penalización (importe fijo)`
  const rows: [label: string, amount: number, kept: boolean][] = [
    [tr`Total pagado`, b.total_paid, false],
    [tr`Depósito (no reembolsable)`, b.deposit, true],
    [penaltyLabel, b.penalty.amount, true],
    [tr`Recargo por pago fuera de plazo (no reembolsable)`, b.late_payment_surcharge, true],
    [tr`Comisiones del terminal de pago (no reembolsables)`, b.terminal_fees, true],
    [tr`Gastos de gestión`, b.management_fee, true],
    [tr`Gastos de cancelación (${b.cancellation_fee.days_before_departure} días antes de la salida: ${b.cancellation_fee.percentage} %)`, b.cancellation_fee.amount, true],
  ]
  return (
    <table className="breakdown">
      <caption className="visually-hidden">
        <Trans>Desglose del reembolso</Trans>
      </caption>
      <tbody>
        {rows.map(([label, amount, kept]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{kept && amount > 0 ? formatAmount(-amount) : formatAmount(amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">
            <Trans>Total a reembolsar</Trans>
          </th>
          <td>{formatAmount(b.total_refund)}</td>
        </tr>
      </tfoot>
    </table>
  )
}

function CancellationRequested({ booking }: { booking: Booking }) {
  const { i18n } = useLingui()
  const request = booking.cancel_refund!
  const locale = isLocale(i18n.locale) ? i18n.locale : 'es'
  return (
    <section className="tab-section" aria-labelledby="canceled-title">
      <h2 id="canceled-title" className="tab-section__title">
        <Trans>Reserva cancelada</Trans>
      </h2>
      <dl className="facts">
        <div>
          <dt>
            <Trans>Solicitada el</Trans>
          </dt>
          <dd>{formatDate(request.requested_at, locale, 'long')}</dd>
        </div>
        <div>
          <dt>
            <Trans>Motivo</Trans>
          </dt>
          <dd>{i18n._(reasonLabels[request.reason])}</dd>
        </div>
        <div>
          <dt>
            <Trans>Cuenta para el reembolso</Trans>
          </dt>
          <dd>
            {request.owner} · <span className="mono">{maskIban(request.iban)}</span>
          </dd>
        </div>
      </dl>
      {request.comment && <p className="muted">«{request.comment}»</p>}
      <BreakdownTable breakdown={request.breakdown} />
      <p>
        <Link to="?tab=refunds">
          <Trans>Ver el estado del reembolso</Trans>
        </Link>
      </p>
    </section>
  )
}
