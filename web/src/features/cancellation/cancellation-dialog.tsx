import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/controls/button'
import { Dialog } from '@/components/controls/dialog'
import { FormError } from '@/components/form/field-base'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { SelectField } from '@/components/form/select-field'
import { TextAreaField } from '@/components/form/textarea-field'
import { TextField } from '@/components/form/text-field'
import type { DialogHandle } from '@/hooks/use-dialog'
import { useZodForm } from '@/hooks/use-zod-form'
import { isApiError } from '@/lib/api/api-error'
import {
  getGetBookingPaymentsQueryKey,
  getGetBookingQueryKey,
  getCancelBookingMutationOptions,
  getComputeCancelRefundMutationOptions,
} from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { CancelBreakdown } from '@contract/generated/model/cancelBreakdown'
import type { CancellationReason } from '@contract/generated/model/cancellationReason'
import { fullName } from '@core/person-name'
import { applyServerError } from '@/lib/forms/form-errors'
import { maskIban, normalizeIban } from '@core/iban-text'
import { toast } from '@/lib/browser/toast'
import { BreakdownTable } from '@/features/cancellation/breakdown-table'
import { type CancellationValues, cancellationSchema } from '@/features/cancellation/schemas'
import { REASONS, reasonLabels } from '@/features/cancellation/reasons'
import { cancelBookingBodyCommentMax } from '@contract/generated/field-limits'

/** The form, then the refund breakdown to confirm: loaded when the customer first opens it. */
export function CancellationDialog({ booking, dialog }: { booking: Booking; dialog: DialogHandle }) {
  const { t: tr, i18n } = useLingui()
  const queryClient = useQueryClient()
  const compute = useMutation(getComputeCancelRefundMutationOptions())
  const cancel = useMutation(getCancelBookingMutationOptions())
  const [breakdown, setBreakdown] = useState<CancelBreakdown | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const reviewHeading = useRef<HTMLHeadingElement>(null)
  const buyer = booking.buyer
  const form = useZodForm(cancellationSchema(), {
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
    const root = applyServerError(form, error, {
      fieldMap: (f) => (f === 'owner' || f === 'iban' || f === 'reason' ? f : null),
      codeMessages: { iban: () => tr`El IBAN no es válido` },
    })
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
            <Button variant="danger" needsNetwork onClick={confirm}>
              <Trans>Confirmar la cancelación</Trans>
            </Button>
          </>
        ) : undefined
      }
    >
      <div hidden={breakdown !== null}>
        <Form form={form} onSubmit={review} aria-label={tr`Datos de la cancelación`}>
          <SelectField
            name="reason"
            label={<Trans>Motivo de la cancelación</Trans>}
            placeholder={tr`Selecciona un motivo`}
            options={REASONS.map((r) => ({ value: r, label: i18n._(reasonLabels[r]) }))}
          />
          <TextAreaField name="comment" label={<Trans>Comentario</Trans>} optional rows={3} maxLength={cancelBookingBodyCommentMax} />
          <fieldset className="cancel-account">
            <legend className="cancel-account__legend">
              <Trans>Cuenta para el reembolso</Trans>
            </legend>
            <TextField name="owner" label={<Trans>Titular de la cuenta</Trans>} autoComplete="name" />
            <TextField
              name="iban"
              label={<Trans>IBAN</Trans>}
              hint={<Trans>Por ejemplo ES91 2100 0418 4502 0005 1332</Trans>}
              autoComplete="off"
              spellCheck={false}
            />
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
            {breakdown.total_refund > 0 ? (
              <Trans>
                Te lo devolveremos por transferencia a la cuenta {maskIban(form.getValues('iban'))}. Después de confirmar, la reserva quedará cancelada y no se
                podrá recuperar.
              </Trans>
            ) : (
              // nothing comes back: no transfer to promise
              <Trans>Con estas condiciones no hay nada que devolverte. Después de confirmar, la reserva quedará cancelada y no se podrá recuperar.</Trans>
            )}
          </p>
          <FormError message={failure} />
        </div>
      )}
    </Dialog>
  )
}
