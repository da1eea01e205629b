import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/controls/button'
import { EmptyState } from '@/components/status/empty-state'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { TextField } from '@/components/form/text-field'
import { useZodForm } from '@/hooks/use-zod-form'
import { getGetBookingQueryKey, renderInvoice, getUpdateBankAccountMutationOptions } from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { Refund } from '@contract/generated/model/refund'
import type { RefundReason } from '@contract/generated/model/refundReason'
import type { RefundStatus } from '@contract/generated/model/refundStatus'
import type { RefundType } from '@contract/generated/model/refundType'
import { downloadBlob, safeFileName } from '@/lib/browser/download'
import { formatAmount } from '@core/money'
import { formatDate } from '@/lib/i18n/format'
import { errorMessage } from '@/lib/i18n/error-messages'
import { applyServerError } from '@/lib/forms/form-errors'
import { formatIban } from '@core/iban'
import { maskIban, normalizeIban } from '@core/iban-text'
import { bankAccountSchema } from '@/features/booking/schemas'
import { toast } from '@/lib/browser/toast'
import { useLocale } from '@/hooks/use-locale'
import { Fact, Facts } from '@/components/content/facts'

export const refundReasonLabels: Record<RefundReason, MessageDescriptor> = {
  notprovided: msg`Servicio no prestado`,
  deposit: msg`Devolución del depósito`,
  imported: msg`Reembolso importado`,
  cancelation: msg`Cancelación`,
  other: msg`Otro motivo`,
}

export const refundTypeLabels: Record<RefundType, MessageDescriptor> = {
  tpv: msg`Tarjeta`,
  transfer: msg`Transferencia`,
  cash: msg`Efectivo`,
}

const STEPS: RefundStatus[] = ['pending', 'in_batch', 'paid']
export const refundStatusLabels: Record<RefundStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pendiente', context: 'refund status' }),
  in_batch: msg`En remesa`,
  paid: msg`Pagado`,
}

/** Refunds (reason, amount, type, status), the bank account they are paid to, and the invoices. */
export function RefundsTab({ booking }: { booking: Booking }) {
  return (
    <div className="tab-stack">
      <section className="tab-section" aria-labelledby="refunds-title">
        <h2 id="refunds-title" className="tab-section__title">
          <Trans>Reembolsos</Trans>
        </h2>
        {booking.refunds.length === 0 ? (
          <EmptyState
            title={<Trans>No hay reembolsos en esta reserva</Trans>}
            description={<Trans>Si te corresponde un reembolso, lo verás aquí con su estado.</Trans>}
          />
        ) : (
          <ul className="refund-list">
            {booking.refunds.map((refund) => (
              <li key={refund.id}>
                <RefundItem refund={refund} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <BankAccountSection booking={booking} />
      <InvoicesSection booking={booking} />
    </div>
  )
}

function RefundItem({ refund }: { refund: Refund }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const current = STEPS.indexOf(refund.status)
  return (
    <article className="refund" aria-label={`${i18n._(refundReasonLabels[refund.reason])} · ${formatAmount(refund.amount)}`}>
      <div className="refund__top">
        <span className="refund__amount">{formatAmount(refund.amount)}</span>
        <span className={`refund-status refund-status--${refund.status}`}>{i18n._(refundStatusLabels[refund.status])}</span>
      </div>
      <Facts className="facts--compact">
        <Fact label={<Trans>Motivo</Trans>}>{i18n._(refundReasonLabels[refund.reason])}</Fact>
        <Fact label={<Trans>Forma de pago</Trans>}>{i18n._(refundTypeLabels[refund.type])}</Fact>
        <Fact label={<Trans>Solicitado</Trans>}>{formatDate(refund.created_at, locale)}</Fact>
        {refund.paid_at && <Fact label={<Trans>Pagado el</Trans>}>{formatDate(refund.paid_at, locale)}</Fact>}
      </Facts>
      <ol className="steps" aria-label={i18n._(msg`Estado del reembolso`)}>
        {STEPS.map((step, index) => (
          <li
            key={step}
            className={
              index < current || refund.status === 'paid'
                ? 'steps__step steps__step--done'
                : index === current
                  ? 'steps__step steps__step--current'
                  : 'steps__step'
            }
            aria-current={index === current ? 'step' : undefined}
          >
            {i18n._(refundStatusLabels[step])}
          </li>
        ))}
      </ol>
    </article>
  )
}

function BankAccountSection({ booking }: { booking: Booking }) {
  const account = booking.bank_account
  const [editing, setEditing] = useState(account === null)
  return (
    <section className="tab-section" aria-labelledby="bank-title">
      <h2 id="bank-title" className="tab-section__title">
        <Trans>Cuenta bancaria para reembolsos</Trans>
      </h2>
      {account && !editing ? (
        <>
          <Facts>
            <Fact label={<Trans>Beneficiario</Trans>}>{account.owner}</Fact>
            <Fact label={<Trans>IBAN</Trans>} valueClassName="mono">
              {maskIban(account.iban)}
            </Fact>
          </Facts>
          {booking.status !== 'canceled' && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Trans>Cambiar cuenta</Trans>
            </Button>
          )}
        </>
      ) : (
        <BankAccountForm booking={booking} onSaved={() => setEditing(false)} onCancel={account ? () => setEditing(false) : undefined} />
      )}
    </section>
  )
}

function BankAccountForm({ booking, onSaved, onCancel }: { booking: Booking; onSaved: () => void; onCancel?: () => void }) {
  const { t: tr } = useLingui()
  const queryClient = useQueryClient()
  const save = useMutation(getUpdateBankAccountMutationOptions())
  // the account as the server has it now (a fresher copy may come after one kept offline), what was typed kept
  const form = useZodForm(bankAccountSchema(), {
    values: { owner: booking.bank_account?.owner ?? '', iban: booking.bank_account ? formatIban(booking.bank_account.iban) : '' },
  })
  return (
    <Form
      form={form}
      aria-label={tr`Cuenta bancaria para reembolsos`}
      onSubmit={async (values) => {
        try {
          const updated = await save.mutateAsync({ id: booking.id, data: { owner: values.owner, iban: normalizeIban(values.iban) } })
          queryClient.setQueryData(getGetBookingQueryKey(booking.id), updated)
          toast.success(tr`Cuenta bancaria guardada`)
          onSaved()
        } catch (error) {
          applyServerError(form, error, { codeMessages: { iban: () => tr`El número de cuenta (IBAN) no es válido` } })
        }
      }}
    >
      <p className="muted">
        <Trans>Si te corresponde un reembolso por transferencia, lo haremos a esta cuenta.</Trans>
      </p>
      <TextField name="owner" label={<Trans>Beneficiario</Trans>} autoComplete="name" />
      <TextField
        name="iban"
        label={<Trans>Número de cuenta (IBAN)</Trans>}
        hint={<Trans>Por ejemplo ES91 2100 0418 4502 0005 1332</Trans>}
        autoComplete="off"
        spellCheck={false}
        inputMode="text"
      />
      <FormRootError />
      <div className="form-actions">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            <Trans>Cancelar</Trans>
          </Button>
        )}
        <SubmitButton>
          <Trans>Guardar cuenta</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

function InvoicesSection({ booking }: { booking: Booking }) {
  const { t: tr } = useLingui()
  const locale = useLocale()
  return (
    <section className="tab-section" aria-labelledby="invoices-title">
      <h2 id="invoices-title" className="tab-section__title">
        <Trans>Facturas</Trans>
      </h2>
      {booking.invoices.length === 0 ? (
        <p className="muted">
          <Trans>Aún no hay facturas. Se emite una con cada pago.</Trans>
        </p>
      ) : (
        <ul className="row-list">
          {booking.invoices.map((invoice) => (
            <li key={invoice.id} className="row-list__item">
              <div>
                <p className="row-list__title">
                  <Trans>Factura {invoice.number}</Trans>
                </p>
                <p className="muted">
                  {formatDate(invoice.issued_at, locale)} · {formatAmount(invoice.amount)}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={async () => {
                  try {
                    const blob = await renderInvoice(booking.id, invoice.id)
                    downloadBlob(blob, `${safeFileName(tr`factura`)}-${safeFileName(invoice.number)}.pdf`)
                  } catch (error) {
                    toast.error(errorMessage(error))
                  }
                }}
              >
                <Trans>Descargar PDF</Trans>
                <span className="visually-hidden">
                  {' '}
                  <Trans>de la factura {invoice.number}</Trans>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
