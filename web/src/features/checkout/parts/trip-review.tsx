import { Trans, useLingui } from '@lingui/react/macro'
import { useLocale } from '@/hooks/use-locale'
import { useTranslated } from '@/hooks/use-translated'
import { fullName } from '@core/person-name'
import { formatDate } from '@/lib/i18n/format'
import type { StepId } from '@/features/checkout/order/draft'
import type { Offer } from '@/features/checkout/order/offer'
import type { DraftApi } from '@/features/checkout/order/use-checkout-draft'
import { Fact, Facts } from '@/components/content/facts'

/** The summary's "Tu viaje": what was chosen in each step, with a way back to change it. */
export function TripReview({ offer, draftApi, onGoTo }: { offer: Offer; draftApi: DraftApi; onGoTo: (step: StepId) => void }) {
  const { t } = useLingui()
  const locale = useLocale()
  const tr = useTranslated()
  const { group } = offer
  const { draft } = draftApi
  const pack = group.packs.find((p) => p.id === draft.packId)
  const rooms = draft.rooms
    .filter((r) => r.quantity > 0)
    .map((r) => {
      const room = group.hosting_rooms.find((h) => h.id === r.hosting_id)
      return room ? `${r.quantity} × ${tr(room, 'name')}` : null
    })
    .filter(Boolean)
    .join(', ')
  const start = formatDate(group.start_at, locale, 'long')
  const end = formatDate(group.end_at, locale, 'long')
  return (
    <section className="ck-summary-block" aria-labelledby="trip-title">
      <h3 className="ck-summary-block__title" id="trip-title">
        <Trans>Tu viaje</Trans>
      </h3>
      <Facts layout="rows">
        <Fact label={<Trans>Viaje</Trans>}>
          {tr(group, 'name')} · {start} – {end}
        </Fact>
        <Fact label={<Trans>Pack</Trans>}>
          {pack && tr(pack, 'name')}{' '}
          <button type="button" className="ck-link-button" onClick={() => onGoTo('pack')}>
            <Trans>Cambiar pack</Trans>
          </button>
        </Fact>
        {rooms && (
          <Fact label={t({ message: 'Habitaciones', context: 'checkout step' })}>
            {rooms}{' '}
            <button type="button" className="ck-link-button" onClick={() => onGoTo('rooms')}>
              <Trans>Cambiar habitaciones</Trans>
            </button>
          </Fact>
        )}
        <Fact label={<Trans>Viajeros</Trans>}>
          {draft.travellers.map((tr, i) => fullName(tr) || t`Viajero ${i + 1}`).join(', ')}{' '}
          <button type="button" className="ck-link-button" onClick={() => onGoTo('personal')}>
            <Trans>Cambiar datos</Trans>
          </button>
        </Fact>
        <Fact label={<Trans>Comprador</Trans>}>{draft.buyer.type === 'company' ? draft.buyer.company_name : fullName(draft.buyer)}</Fact>
      </Facts>
    </section>
  )
}
