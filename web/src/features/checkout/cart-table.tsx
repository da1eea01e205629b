import { Trans, useLingui } from '@lingui/react/macro'
import { formatAmount, fullName } from '@/lib/format'
import type { CartPreview, PreviewLine } from '@/features/checkout/amounts'
import type { TravellerDraft } from '@/features/checkout/draft'

/** The cart, line by line, with the total (SPEC: terms, penalties, management fee, discount with its code, total). */
export function CartTable({ preview, travellers, caption }: { preview: CartPreview; travellers: readonly TravellerDraft[]; caption: string }) {
  const { t } = useLingui()
  const who = (index: number | null) => (index === null ? '' : fullName(travellers[index] ?? {}) || t`Viajero ${index + 1}`)

  const label = (line: PreviewLine) => {
    const unit = formatAmount(line.unit_price)
    const quantity = line.quantity
    const name = line.concept ?? ''
    const person = who(line.member_index)
    switch (line.type) {
      case 'pack':
        return (
          <Trans>
            {name}: {quantity} × {unit}
          </Trans>
        )
      case 'hosting':
        return (
          <Trans>
            {name}: {quantity} plazas × {unit}
          </Trans>
        )
      case 'extra':
      case 'insurance':
        return (
          <>
            {name} <span className="ck-cart__who">· {person}</span>
          </>
        )
      case 'booking_penalty':
        return (
          <Trans>
            Recargo por reserva tardía: {quantity} × {unit}
          </Trans>
        )
      case 'term_penalty':
        return <Trans>Recargo por pago fuera de plazo</Trans>
      case 'management_fee':
        return <Trans>Gastos de gestión</Trans>
      case 'discount':
        return <Trans>Descuento ({name})</Trans>
    }
  }

  return (
    <table className="ck-cart">
      <caption className="visually-hidden">{caption}</caption>
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
        {preview.lines.map((line, i) => (
          <tr key={i} className={`ck-cart__line ck-cart__line--${line.type}`}>
            <th scope="row">{label(line)}</th>
            <td>{formatAmount(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="ck-cart__total">
          <th scope="row">
            <Trans>Total</Trans>
          </th>
          <td data-testid="summary-total">{formatAmount(preview.total)}</td>
        </tr>
      </tfoot>
    </table>
  )
}
