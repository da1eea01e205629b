import { Trans, useLingui } from '@lingui/react/macro'
import type { CancelBreakdown } from '@contract/generated/model/cancelBreakdown'
import { formatAmount } from '@core/money'

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
    [
      tr`Gastos de cancelación (${b.cancellation_fee.days_before_departure} días antes de la salida: ${b.cancellation_fee.percentage} %)`,
      b.cancellation_fee.amount,
      true,
    ],
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
