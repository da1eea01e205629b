import { Trans, useLingui } from '@lingui/react/macro'
import { Callout } from '@/components/content/callout'
import type { TravelItem } from '@contract/generated/model/travelItem'
import { formatAmount } from '@core/money'
import { fullName } from '@core/person-name'
import { formatDate } from '@/lib/i18n/format'
import { localDay } from '@core/calendar'
import { isOnSale } from '@core/pricing'
import type { Offer } from '@/features/checkout/order/offer'
import { StepFrame, type StepProps } from '@/features/checkout/steps/step-frame'
import { useLocale } from '@/hooks/use-locale'
import { useTranslated } from '@/hooks/use-translated'

type Props = Omit<StepProps, 'offer'> & { offer: Offer }

/** Step 4: optional extras and insurance for each traveller, with their prices. */
export function CustomizationStep({ offer, draftApi, headingRef, onNext, onBack, serverMessage }: Props) {
  const { t } = useLingui()
  const tr = useTranslated()
  const { draft, update } = draftApi
  const today = localDay()

  const toggleExtra = (memberIndex: number, itemId: string, on: boolean) =>
    update((d) => ({
      ...d,
      extras: on
        ? [...d.extras.filter((e) => !(e.member_index === memberIndex && e.item_id === itemId)), { item_id: itemId, member_index: memberIndex }]
        : d.extras.filter((e) => !(e.member_index === memberIndex && e.item_id === itemId)),
    }))

  const setInsurance = (memberIndex: number, itemId: string) =>
    update((d) => ({
      ...d,
      insurances: [...d.insurances.filter((e) => e.member_index !== memberIndex), ...(itemId ? [{ item_id: itemId, member_index: memberIndex }] : [])],
    }))

  const nothingOffered = offer.extras.length === 0 && offer.insurances.length === 0

  return (
    <StepFrame
      title={<Trans>Personaliza tu viaje</Trans>}
      intro={<Trans>Añade actividades y un seguro a cada viajero. Todo es opcional: puedes continuar sin elegir nada.</Trans>}
      headingRef={headingRef}
      onBack={onBack}
      continueWith={onNext}
      serverMessage={serverMessage}
    >
      {nothingOffered ? (
        <Callout>
          <Trans>Este viaje no tiene extras ni seguros opcionales.</Trans>
        </Callout>
      ) : (
        draft.travellers.map((traveller, index) => {
          const who = fullName(traveller) || t`Viajero ${index + 1}`
          const insurance = draft.insurances.find((i) => i.member_index === index)?.item_id ?? ''
          return (
            <section key={index} className="ck-person-card" aria-labelledby={`custom-${index}`}>
              <h3 className="ck-person-card__title" id={`custom-${index}`}>
                <span className="ck-person-card__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span>{who}</span>
              </h3>
              {offer.extras.length > 0 && (
                <fieldset className="field field__fieldset">
                  <legend className="field__label">
                    <Trans>Extras para {who}</Trans>
                  </legend>
                  <div className="ck-item-options">
                    {offer.extras.map((extra) => {
                      const id = `extra-${index}-${extra.id}`
                      const onSale = isOnSale(extra, today, offer.group.end_at)
                      const checked = draft.extras.some((e) => e.member_index === index && e.item_id === extra.id)
                      return (
                        <div key={extra.id} className={checked ? 'ck-item-option ck-item-option--on' : 'ck-item-option'}>
                          <input
                            id={id}
                            type="checkbox"
                            className="field__checkbox"
                            checked={checked && onSale}
                            disabled={!onSale}
                            aria-describedby={`${id}-info`}
                            onChange={(event) => toggleExtra(index, extra.id, event.target.checked)}
                          />
                          <label htmlFor={id} className="ck-item-option__label">
                            <span className="ck-item-option__name">{tr(extra, 'name')}</span>
                            <span className="ck-item-option__price">+{formatAmount(extra.price)}</span>
                          </label>
                          <ItemInfo id={`${id}-info`} item={extra} onSale={onSale} />
                        </div>
                      )
                    })}
                  </div>
                </fieldset>
              )}
              {offer.insurances.length > 0 && (
                <fieldset className="field field__fieldset" role="radiogroup">
                  <legend className="field__label">
                    <Trans>Seguro para {who}</Trans>
                  </legend>
                  <div className="ck-item-options">
                    <div className={insurance === '' ? 'ck-item-option ck-item-option--on' : 'ck-item-option'}>
                      <input
                        id={`insurance-${index}-none`}
                        type="radio"
                        name={`insurance-${index}`}
                        className="field__radio"
                        checked={insurance === ''}
                        onChange={() => setInsurance(index, '')}
                      />
                      <label htmlFor={`insurance-${index}-none`} className="ck-item-option__label">
                        <span className="ck-item-option__name">
                          <Trans>Sin seguro opcional</Trans>
                        </span>
                      </label>
                    </div>
                    {offer.insurances.map((item) => {
                      const id = `insurance-${index}-${item.id}`
                      const onSale = isOnSale(item, today, offer.group.end_at)
                      return (
                        <div key={item.id} className={insurance === item.id ? 'ck-item-option ck-item-option--on' : 'ck-item-option'}>
                          <input
                            id={id}
                            type="radio"
                            name={`insurance-${index}`}
                            className="field__radio"
                            checked={insurance === item.id}
                            disabled={!onSale}
                            aria-describedby={`${id}-info`}
                            onChange={() => setInsurance(index, item.id)}
                          />
                          <label htmlFor={id} className="ck-item-option__label">
                            <span className="ck-item-option__name">{tr(item, 'name')}</span>
                            <span className="ck-item-option__price">+{formatAmount(item.price)}</span>
                          </label>
                          <ItemInfo id={`${id}-info`} item={item} onSale={onSale} />
                        </div>
                      )
                    })}
                  </div>
                </fieldset>
              )}
            </section>
          )
        })
      )}
    </StepFrame>
  )
}

function ItemInfo({ id, item, onSale }: { id: string; item: TravelItem; onSale: boolean }) {
  const locale = useLocale()
  const tr = useTranslated()
  const until = item.limit_date ? formatDate(item.limit_date, locale, 'long') : null
  return (
    <p id={id} className="ck-item-option__info">
      {item.description && <span>{tr(item, 'description')}. </span>}
      {!onSale ? (
        <strong>
          <Trans>Ya no se puede contratar.</Trans>
        </strong>
      ) : (
        until && <Trans>Se puede contratar hasta el {until}.</Trans>
      )}
    </p>
  )
}
