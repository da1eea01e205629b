import { Plural, Trans } from '@lingui/react/macro'
import type { CartLineType } from '@contract/generated/model/cartLineType'
import type { Translations } from '@contract/generated/model/translations'
import { formatAmount } from '@core/money'
import { useTranslated } from '@/hooks/use-translated'
import './cart-table.css'

export type CartTableLine = {
  type: CartLineType
  /** the pack, room, extra or insurance name; the discount's code */
  concept: string | null
  /** of concept (core/translations.ts) */
  translations: Translations
  quantity: number
  unit_price: number
  amount: number
  /** the traveller the line is for, when it is one traveller's */
  who?: string
}

// The API writes a discount's concept as "Descuento CODE"; the checkout's preview has the code alone.
const discountCode = (concept: string | null) => (concept ?? '').replace(/^Descuento\s+/i, '')

function LineLabel({ line }: { line: CartTableLine }) {
  const tr = useTranslated()
  const unit = formatAmount(line.unit_price)
  const quantity = line.quantity
  const name = tr(line, 'concept') ?? ''
  switch (line.type) {
    case 'pack':
    case 'extra':
    case 'insurance':
      if (line.who) {
        return (
          <>
            {name} <span className="cart-table__who">· {line.who}</span>
          </>
        )
      }
      return (
        <Trans>
          {name}: {quantity} × {unit}
        </Trans>
      )
    case 'hosting':
      return (
        <>
          {name}: <Plural value={quantity} one={`# plaza × ${unit}`} other={`# plazas × ${unit}`} />
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
    case 'discount': {
      const code = discountCode(line.concept)
      return <Trans>Descuento ({code})</Trans>
    }
  }
}

/** A cart line by line with its total (SPEC: terms, penalties, management fee, discount with its code): the checkout's preview and a booking's cart. */
export function CartTable({ lines, total, caption, totalTestId }: { lines: readonly CartTableLine[]; total: number; caption: string; totalTestId?: string }) {
  return (
    <table className="cart-table">
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
        {lines.map((line, i) => (
          <tr key={i} className={`cart-table__line cart-table__line--${line.type}`}>
            <th scope="row">
              <LineLabel line={line} />
            </th>
            <td>{formatAmount(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="cart-table__total">
          <th scope="row">
            <Trans>Total</Trans>
          </th>
          <td data-testid={totalTestId}>{formatAmount(total)}</td>
        </tr>
      </tfoot>
    </table>
  )
}
