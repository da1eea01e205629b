import { Trans } from '@lingui/react/macro'
import { Callout } from '@/components/content/callout'
import { Button } from '@/components/controls/button'
import { Dialog } from '@/components/controls/dialog'
import type { DialogHandle } from '@/hooks/use-dialog'
import type { PaymentPlan } from '@contract/generated/model/paymentPlan'
import { formatAmount } from '@core/money'
import { formatDate } from '@/lib/i18n/format'
import { scheduleTerms } from '@core/payment-schedule'
import { usePlanLabel } from '@/features/checkout/labels'
import { useLocale } from '@/hooks/use-locale'
import '@/components/content/data-table.css'

/** The payment terms of a plan for this booking's total: dates, percentages, amounts, late penalty. */
export function ScheduleDialog({ dialog, plan, total }: { dialog: DialogHandle; plan: PaymentPlan | null; total: number }) {
  const locale = useLocale()
  const planLabel = usePlanLabel()
  if (!plan) return null
  const schedule = scheduleTerms(plan, total)
  const penalty = formatAmount(plan.late_term_penalty)
  const name = planLabel(plan)
  return (
    <Dialog
      dialog={dialog}
      title={<Trans>Calendario de pagos: {name}</Trans>}
      footer={
        <Button variant="secondary" onClick={() => dialog.close()} data-autofocus>
          <Trans>Cerrar</Trans>
        </Button>
      }
    >
      <table className="data-table">
        <caption className="visually-hidden">
          <Trans>Plazos y fechas límite</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Plazo</Trans>
            </th>
            <th scope="col">
              <Trans>Fecha límite</Trans>
            </th>
            <th scope="col" className="data-table__amount">
              <Trans>Importe</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((term) => {
            const number = term.number
            const percentage = term.percentage
            return (
              <tr key={term.number}>
                <th scope="row">
                  <Trans>Plazo {number}</Trans>{' '}
                  <span className="ck-schedule__pct">
                    ({percentage}
                    {'\u00a0'}%)
                  </span>
                </th>
                <td>
                  {term.limit_date ? formatDate(term.limit_date, locale, 'long') : <Trans>Al reservar</Trans>}
                  {term.penalty_limit_date && (
                    <span className="ck-schedule__penalty-date">
                      <Trans>con recargo desde el {formatDate(term.penalty_limit_date, locale, 'long')}</Trans>
                    </span>
                  )}
                </td>
                <td className="data-table__amount">{formatAmount(term.amount)}</td>
              </tr>
            )
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              <Trans>Total</Trans>
            </th>
            <td className="data-table__amount">{formatAmount(total)}</td>
          </tr>
        </tfoot>
      </table>
      {plan.late_term_penalty > 0 && (
        <Callout tone="info">
          <Trans>Si pagas un plazo después de su fecha con recargo, se añaden {penalty} al último plazo.</Trans>
        </Callout>
      )}
    </Dialog>
  )
}
