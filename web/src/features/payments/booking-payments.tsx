import { i18n as linguiI18n } from '@lingui/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { Button } from '@/components/button'
import { Callout } from '@/components/callout'
import { ErrorState } from '@/components/error-state'
import { Spinner } from '@/components/spinner'
import { isApiError } from '@/lib/api/api-error'
import {
  getGetBookingPaymentsQueryKey,
  getGetBookingQueryKey,
  payExtraTerm,
  purchaseTerms,
  useGetBooking,
  useGetBookingPayments,
} from '@/lib/api/generated/endpoints/booking/booking'
import { useListExtras, useListPaymentMethods } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { Booking } from '@contract/generated/model/booking'
import type { CartLine } from '@contract/generated/model/cartLine'
import type { PaymentAction } from '@contract/generated/model/paymentAction'
import type { PaymentMethod } from '@contract/generated/model/paymentMethod'
import type { PaymentsOverview } from '@contract/generated/model/paymentsOverview'
import type { Term } from '@contract/generated/model/term'
import type { TravelItem } from '@contract/generated/model/travelItem'
import { errorMessage, messageForCode } from '@/lib/error-messages'
import { formatAmount, formatDate, fullName } from '@/lib/format'
import { type Locale } from '@/lib/i18n-locales'
import { reloadWhenRestoredFromCache, rememberPaymentReturn, submitPaymentAction } from '@/lib/payment-action'
import { isPayable, lastPlanTerm, lateTermPenalty, payableTerms, termDue, termsDue } from '@/features/payments/amounts'
import { localDay } from '@core/calendar'
import './payments.css'
import { useLocale } from '@/hooks/use-locale'

/**
 * The payments of a booking: its terms (limit date, penalty limit date, amount, paid date), paying a
 * pending term or an extra, the cart and the payments made. Composed by /booking/{id}/payments and
 * by the booking page's payments tab.
 */
export function BookingPayments({ bookingId }: { bookingId: string }) {
  const booking = useGetBooking(bookingId)
  const overview = useGetBookingPayments(bookingId)
  const failed = [booking, overview].find((q) => q.isError)
  if (failed) {
    return (
      <div className="pay-panel">
        <ErrorState message={errorMessage(failed.error)} onRetry={() => Promise.all([booking.refetch(), overview.refetch()])} />
      </div>
    )
  }
  if (!booking.data || !overview.data) return <Spinner size="lg" />
  return <PaymentsContent booking={booking.data} overview={overview.data} />
}

type Notice = { tone: 'danger' | 'success' | 'info'; title: string; text?: string }

function PaymentsContent({ booking, overview }: { booking: Booking; overview: PaymentsOverview }) {
  const { t } = useLingui()
  const locale = useLocale()
  const queryClient = useQueryClient()
  const groupId = booking.travel_group.id
  const methods = useListPaymentMethods(groupId, { bookingId: booking.id }, { query: { staleTime: 5 * 60_000 } })
  const [methodId, setMethodId] = useState<string | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const methodName = useId()
  useEffect(reloadWhenRestoredFromCache, [])
  const canceled = booking.status === 'canceled'
  const terms = overview.terms
  const payable = payableTerms(terms)
  const cart = overview.cart
  const today = localDay()
  const penalty = lateTermPenalty(booking.payment_plan, terms, today)
  const last = lastPlanTerm(terms)
  const method: PaymentMethod | undefined =
    methods.data?.find((m) => m.id === methodId) ??
    methods.data?.find((m) => m.id === booking.payment_method_id) ??
    methods.data?.find((m) => m.type === 'tpv') ??
    methods.data?.[0]

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getGetBookingPaymentsQueryKey(booking.id) }),
      queryClient.invalidateQueries({ queryKey: getGetBookingQueryKey(booking.id) }),
    ])

  /** Off to the provider, or (transfer) a note that the details were mailed. */
  const follow = async (action: PaymentAction) => {
    rememberPaymentReturn(action.payment_id, { kind: 'booking', bookingId: booking.id })
    if (submitPaymentAction(action)) {
      await new Promise(() => undefined)
      return
    }
    setNotice({ tone: 'success', title: t`Pago registrado`, text: t`Te hemos enviado por email los datos para la transferencia.` })
    await refresh()
  }

  const fail = async (error: unknown) => {
    setNotice({ tone: 'danger', title: errorMessage(error), text: nextStepFor(error) })
    if (isApiError(error) && error.status === 409) await refresh()
  }

  const nextStepFor = (error: unknown) => {
    if (!isApiError(error)) return undefined
    switch (error.code) {
      case 'payment_term_limit_date_excedeed':
      case 'insurance_limit_date_excedeed':
      case 'extra_limit_date_excedeed':
        return t`Escribe a la agencia para saber cómo pagarlo.`
      case 'network_error':
      case 'service_unavailable':
        return t`Comprueba tu conexión y vuelve a intentarlo.`
      default:
        return undefined
    }
  }

  const pay = async (termIds: string[]) => {
    if (!method) return
    setNotice(null)
    try {
      await follow(await purchaseTerms(booking.id, { term_ids: termIds, payment_method_id: method.id, return_url: `${window.location.origin}/payment` }))
    } catch (error) {
      await fail(error)
    }
  }

  const payExtra = async (memberId: string, itemId: string) => {
    if (!method) return
    setNotice(null)
    try {
      await follow(
        await payExtraTerm(booking.id, { member_id: memberId, item_id: itemId, payment_method_id: method.id, return_url: `${window.location.origin}/payment` }),
      )
    } catch (error) {
      await fail(error)
    }
  }

  const total = formatAmount(cart.total)
  const paid = formatAmount(cart.paid)
  const pending = formatAmount(cart.pending)
  const allDue = formatAmount(termsDue(payable))
  const penaltyText = formatAmount(penalty)

  return (
    <div className="pay-content">
      <section className="pay-panel pay-totals" aria-labelledby="pay-totals-title">
        <h2 className="pay-panel__title" id="pay-totals-title">
          <Trans>Resumen de pagos</Trans>
        </h2>
        <dl className="pay-totals__list">
          <div>
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>{total}</dd>
          </div>
          <div>
            <dt>
              <Trans>Pagado</Trans>
            </dt>
            <dd>{paid}</dd>
          </div>
          <div className="pay-totals__pending">
            <dt>
              <Trans>Pendiente</Trans>
            </dt>
            <dd data-testid="payments-pending">{pending}</dd>
          </div>
        </dl>
        {!canceled && payable.length > 1 && (
          <Button block onClick={() => pay(payable.map((term) => term.id))} disabled={!method}>
            <Trans>Pagar todo lo pendiente ({allDue})</Trans>
          </Button>
        )}
      </section>

      {notice && (
        <Callout tone={notice.tone} announce={notice.tone === 'danger' ? 'alert' : 'status'} title={notice.title}>
          {notice.text && <p>{notice.text}</p>}
        </Callout>
      )}
      {penalty > 0 && last && (
        <Callout tone="warning" title={<Trans>Recargo por pago fuera de plazo</Trans>}>
          <p>
            <Trans>Un plazo se ha pagado (o sigue sin pagar) después de su fecha con recargo: se añaden {penaltyText} al último plazo.</Trans>
          </p>
        </Callout>
      )}

      {!canceled && methods.data && methods.data.length > 1 && (payable.length > 0 || !canceled) && (
        <fieldset className="pay-panel pay-methods">
          <legend className="pay-panel__title">
            <Trans>Método de pago</Trans>
          </legend>
          <div className="pay-methods__options">
            {methods.data.map((m) => (
              <label key={m.id} className={method?.id === m.id ? 'pay-method pay-method--on' : 'pay-method'}>
                <input type="radio" name={methodName} value={m.id} checked={method?.id === m.id} onChange={() => setMethodId(m.id)} />
                <span>{m.type === 'tpv' ? <Trans>Tarjeta</Trans> : <Trans>Transferencia bancaria</Trans>}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <section className="pay-panel" aria-labelledby="pay-terms-title">
        <h2 className="pay-panel__title" id="pay-terms-title">
          <Trans>Plazos</Trans>
        </h2>
        {terms.length === 0 ? (
          <p className="pay-muted">
            <Trans>Esta reserva todavía no tiene plazos de pago.</Trans>
          </p>
        ) : (
          <ol className="pay-terms">
            {terms.map((term) => (
              <TermCard
                key={term.id}
                term={term}
                locale={locale}
                isLast={term.id === last?.id}
                canPay={!canceled && isPayable(term) && Boolean(method)}
                onPay={() => pay([term.id])}
              />
            ))}
          </ol>
        )}
      </section>

      {!canceled && <ExtraTermForm booking={booking} groupId={groupId} onPay={payExtra} disabled={!method} locale={locale} />}

      <section className="pay-panel" aria-labelledby="pay-cart-title">
        <h2 className="pay-panel__title" id="pay-cart-title">
          <Trans>Desglose</Trans>
        </h2>
        <CartLines lines={cart.lines} booking={booking} total={cart.total} />
      </section>

      {overview.payments.length > 0 && (
        <section className="pay-panel" aria-labelledby="pay-history-title">
          <h2 className="pay-panel__title" id="pay-history-title">
            <Trans>Pagos realizados</Trans>
          </h2>
          <ul className="pay-history">
            {overview.payments.map((p) => (
              <li key={p.id} className={`pay-history__item pay-history__item--${p.status}`}>
                <span>{formatDate(p.paid_at ?? p.created_at, locale, 'long')}</span>
                <span className="pay-history__method">{p.method === 'tpv' ? <Trans>Tarjeta</Trans> : <Trans>Transferencia</Trans>}</span>
                <span className="pay-history__status">
                  {p.status === 'paid' ? <Trans>Pagado</Trans> : p.status === 'failed' ? <Trans>Fallido</Trans> : <Trans>Sin completar</Trans>}
                </span>
                <strong>{formatAmount(p.amount)}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function TermCard({ term, locale, isLast, canPay, onPay }: { term: Term; locale: Locale; isLast: boolean; canPay: boolean; onPay: () => Promise<void> }) {
  const due = formatAmount(termDue(term))
  const base = formatAmount(term.amount)
  const penalty = formatAmount(term.penalty_amount)
  const limit = term.limit_date ? formatDate(term.limit_date, locale, 'long') : null
  const penaltyLimit = term.penalty_limit_date ? formatDate(term.penalty_limit_date, locale, 'long') : null
  const paidOn = term.paid_at ? formatDate(term.paid_at, locale, 'long') : null
  const number = term.number
  const title = term.kind === 'extra' ? term.concept : null
  return (
    <li className={`pay-term pay-term--${term.status}`}>
      <div className="pay-term__head">
        <h3 className="pay-term__title">{title ?? <Trans>Plazo {number}</Trans>}</h3>
        <span className={`pay-badge pay-badge--${term.status}`}>
          {term.status === 'paid' ? <Trans>Pagado</Trans> : term.status === 'expired' ? <Trans>Vencido</Trans> : <Trans>Pendiente</Trans>}
        </span>
      </div>
      <p className="pay-term__amount">{due}</p>
      <dl className="pay-term__facts">
        <div>
          <dt>
            <Trans>Fecha límite</Trans>
          </dt>
          <dd>{limit ?? <Trans>Al reservar</Trans>}</dd>
        </div>
        {penaltyLimit && (
          <div>
            <dt>
              <Trans>Con recargo desde</Trans>
            </dt>
            <dd>{penaltyLimit}</dd>
          </div>
        )}
        {term.penalty_amount > 0 && (
          <div>
            <dt>
              <Trans>Importe</Trans>
            </dt>
            <dd>
              <Trans>
                {base} + {penalty} de recargo
              </Trans>
            </dd>
          </div>
        )}
        {paidOn && (
          <div>
            <dt>
              <Trans>Pagado el</Trans>
            </dt>
            <dd>{paidOn}</dd>
          </div>
        )}
      </dl>
      {isLast && term.penalty_amount > 0 && (
        <p className="pay-term__note">
          <Trans>El recargo por pagar un plazo fuera de fecha se cobra en el último plazo.</Trans>
        </p>
      )}
      {term.status === 'expired' && (
        <p className="pay-term__note pay-term__note--danger">
          {linguiI18n._(messageForCode('payment_term_limit_date_excedeed'))}. <Trans>Escribe a la agencia para saber cómo pagarlo.</Trans>
        </p>
      )}
      {canPay && (
        <Button size="sm" onClick={onPay}>
          <Trans>Pagar este plazo ({due})</Trans>
        </Button>
      )}
    </li>
  )
}

function ExtraTermForm({
  booking,
  groupId,
  onPay,
  disabled,
  locale,
}: {
  booking: Booking
  groupId: string
  onPay: (memberId: string, itemId: string) => Promise<void>
  disabled: boolean
  locale: Locale
}) {
  const { t } = useLingui()
  const offer = useListExtras(groupId, { query: { staleTime: 5 * 60_000 } })
  const [memberId, setMemberId] = useState(booking.members[0]?.id ?? '')
  const [itemId, setItemId] = useState('')
  const [error, setError] = useState<string | null>(null)
  const memberField = useId()
  const itemField = useId()
  const member = booking.members.find((m) => m.id === memberId)
  if (!offer.data || booking.members.length === 0) return null
  const items: (TravelItem & { insurance: boolean })[] = [
    ...offer.data.extras.map((i) => ({ ...i, insurance: false })),
    ...offer.data.insurances.map((i) => ({ ...i, insurance: true })),
  ]
  if (items.length === 0) return null
  const owned = (item: { id: string; insurance: boolean }) =>
    item.insurance ? member?.insurance_id !== null && member?.insurance_id !== undefined : member?.extras.includes(item.id)
  const selected = items.find((i) => i.id === itemId)
  const price = selected ? formatAmount(selected.price) : ''

  return (
    <section className="pay-panel" aria-labelledby="pay-extra-title">
      <h2 className="pay-panel__title" id="pay-extra-title">
        <Trans>Añadir un extra o un seguro</Trans>
      </h2>
      <p className="pay-muted">
        <Trans>Se paga aparte, como un plazo extra, hasta su fecha límite.</Trans>
      </p>
      <div className="pay-extra">
        <div className="field">
          <label htmlFor={memberField} className="field__label">
            <Trans>Viajero</Trans>
          </label>
          <select
            id={memberField}
            className="field__control field__control--select"
            value={memberId}
            onChange={(event) => {
              setMemberId(event.target.value)
              setItemId('')
            }}
          >
            {booking.members.map((m) => (
              <option key={m.id} value={m.id}>
                {fullName(m)}
              </option>
            ))}
          </select>
        </div>
        <div className={error ? 'field field--invalid' : 'field'}>
          <label htmlFor={itemField} className="field__label">
            <Trans>Extra o seguro</Trans>
          </label>
          <select
            id={itemField}
            className="field__control field__control--select"
            value={itemId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${itemField}-error` : undefined}
            onChange={(event) => {
              setItemId(event.target.value)
              setError(null)
            }}
          >
            <option value="">{t`Elige un extra o un seguro…`}</option>
            {items.map((item) => {
              const until = item.limit_date ? formatDate(item.limit_date, locale, 'short') : null
              const has = owned(item)
              const label = `${item.name} · ${formatAmount(item.price)}${until ? ` · ${t`hasta el ${until}`}` : ''}${has ? ` · ${t`ya contratado`}` : ''}`
              return (
                <option key={item.id} value={item.id} disabled={Boolean(has)}>
                  {label}
                </option>
              )
            })}
          </select>
          {error && (
            <p id={`${itemField}-error`} className="field__error">
              <span>{error}</span>
            </p>
          )}
        </div>
      </div>
      <Button
        disabled={disabled}
        onClick={async () => {
          if (!itemId) {
            setError(t`Elige qué quieres añadir`)
            return
          }
          await onPay(memberId, itemId)
        }}
      >
        {selected ? <Trans>Pagar {price}</Trans> : <Trans>Pagar el extra</Trans>}
      </Button>
    </section>
  )
}

function CartLines({ lines, booking, total }: { lines: CartLine[]; booking: Booking; total: number }) {
  const { t } = useLingui()
  const memberName = (id: string | null) => {
    const m = id ? booking.members.find((x) => x.id === id) : undefined
    return m ? fullName(m) : ''
  }
  const label = (line: CartLine) => {
    const quantity = line.quantity
    const unit = formatAmount(line.unit_price)
    switch (line.type) {
      case 'pack':
      case 'extra':
      case 'insurance':
        return (
          <>
            {line.concept}
            {line.member_id && <span className="pay-muted"> · {memberName(line.member_id)}</span>}
          </>
        )
      case 'hosting':
        return (
          <>
            {line.concept}{' '}
            <span className="pay-muted">
              <Plural value={quantity} one={`(# plaza × ${unit})`} other={`(# plazas × ${unit})`} />
            </span>
          </>
        )
      case 'booking_penalty':
        return (
          <Trans>
            Recargo por reserva tardía ({quantity} × {unit})
          </Trans>
        )
      case 'term_penalty':
        return <Trans>Recargo por pago fuera de plazo</Trans>
      case 'management_fee':
        return <Trans>Gastos de gestión</Trans>
      case 'discount':
        return <Trans>Descuento ({line.concept.replace(/^Descuento\s+/i, '')})</Trans>
    }
  }
  return (
    <table className="pay-cart">
      <caption className="visually-hidden">{t`Desglose del importe`}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">
            <Trans>Concepto</Trans>
          </th>
          <th scope="col">
            <Trans>Importe</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i} className={`pay-cart__line pay-cart__line--${line.type}`}>
            <th scope="row">{label(line)}</th>
            <td>{formatAmount(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="pay-cart__total">
          <th scope="row">
            <Trans>Total</Trans>
          </th>
          <td>{formatAmount(total)}</td>
        </tr>
      </tfoot>
    </table>
  )
}
