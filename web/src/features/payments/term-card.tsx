import { i18n as linguiI18n } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { Button } from '@/components/controls/button'
import type { Term } from '@contract/generated/model/term'
import { messageForCode } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { formatDate } from '@/lib/i18n/format'
import type { Locale } from '@/lib/i18n/locales.universal'
import { termDue } from '@core/pricing'
import { Fact, Facts } from '@/components/content/facts'
import { useTranslated } from '@/hooks/use-translated'

/** One term of the plan (or an extra's): what is due and until when, its penalty, when it was paid, and paying it. */
export function TermCard({
  term,
  locale,
  isLast,
  canPay,
  onPay,
  busy,
}: {
  term: Term
  locale: Locale
  isLast: boolean
  canPay: boolean
  onPay: () => Promise<void>
  busy: boolean
}) {
  const tr = useTranslated()
  const due = formatAmount(termDue(term))
  const base = formatAmount(term.amount)
  const penalty = formatAmount(term.penalty_amount)
  const limit = term.limit_date ? formatDate(term.limit_date, locale, 'long') : null
  const penaltyLimit = term.penalty_limit_date ? formatDate(term.penalty_limit_date, locale, 'long') : null
  const paidOn = term.paid_at ? formatDate(term.paid_at, locale, 'long') : null
  const number = term.number
  const title = term.kind === 'extra' ? tr(term, 'concept') : null
  return (
    <li className={`pay-term pay-term--${term.status}`}>
      <div className="pay-term__head">
        <h3 className="pay-term__title">{title ?? <Trans>Plazo {number}</Trans>}</h3>
        <span className={`pay-badge pay-badge--${term.status}`}>
          {term.status === 'paid' ? <Trans>Pagado</Trans> : term.status === 'expired' ? <Trans>Vencido</Trans> : <Trans>Pendiente</Trans>}
        </span>
      </div>
      <p className="pay-term__amount">{due}</p>
      <Facts layout="rows" small>
        <Fact label={<Trans>Fecha límite</Trans>}>{limit ?? <Trans>Al reservar</Trans>}</Fact>
        {penaltyLimit && <Fact label={<Trans>Con recargo desde</Trans>}>{penaltyLimit}</Fact>}
        {term.penalty_amount > 0 && (
          <Fact label={<Trans>Importe</Trans>}>
            <Trans>
              {base} + {penalty} de recargo
            </Trans>
          </Fact>
        )}
        {paidOn && <Fact label={<Trans>Pagado el</Trans>}>{paidOn}</Fact>}
      </Facts>
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
        <Button size="sm" needsNetwork loading={busy} onClick={onPay}>
          {title ? (
            <Trans>
              Pagar {title} ({due})
            </Trans>
          ) : (
            <Trans>
              Pagar el plazo {number} ({due})
            </Trans>
          )}
        </Button>
      )}
    </li>
  )
}
