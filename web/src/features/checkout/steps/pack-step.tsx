import { i18n } from '@lingui/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { startTransition, useEffect } from 'react'
import { Form, FormRootError } from '@/components/form/form'
import { RadioGroupField } from '@/components/form/radio-group-field'
import { SelectField } from '@/components/form/select-field'
import { useZodForm } from '@/hooks/use-zod-form'
import { messageForCode } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { resizeParty } from '@/features/checkout/order/draft'
import { packSeatsLeft } from '@/features/checkout/order/offer'
import { packSchema } from '@/features/checkout/schemas'
import { StepFrame, type StepProps } from '@/features/checkout/steps/step-frame'
import { useTranslated } from '@/hooks/use-translated'

type Props = Pick<StepProps, 'offer' | 'draftApi' | 'headingRef' | 'onNext'>

/** Step 1: the pack (price per person, seats left) and how many travel. */
export function PackStep({ offer, draftApi, headingRef, onNext }: Props) {
  const { t } = useLingui()
  const tr = useTranslated()
  const { group } = offer
  const { draft } = draftApi
  const form = useZodForm(packSchema(), {
    defaultValues: { packId: draft.packId ?? '', members: String(draft.members) },
  })

  // Typed choices survive a reload even before "Continuar".
  const { persist } = draftApi
  useEffect(() => {
    const subscription = form.watch((values) => {
      persist((d) => ({
        ...resizeParty(d, Number(values.members) || d.members),
        packId: values.packId || d.packId,
      }))
    })
    return () => subscription.unsubscribe()
  }, [form, persist])

  const options = group.packs.map((pack) => {
    const left = packSeatsLeft(offer, pack.id)
    const price = formatAmount(pack.price)
    return {
      value: pack.id,
      disabled: left === 0,
      label: (
        <span className="ck-pack-option">
          <span className="ck-pack-option__name">{tr(pack, 'name')}</span>
          <span className="ck-pack-option__price">
            <Trans>{price} por persona</Trans>
          </span>
        </span>
      ),
      description: (
        <span className="ck-pack-option__details">
          {pack.description && <span>{tr(pack, 'description')}</span>}
          {pack.includes.length > 0 && (
            <span className="ck-pack-option__includes">
              <Trans>Incluye:</Trans> {pack.includes.map((item) => tr(item, 'name')).join(' · ')}
            </span>
          )}
          <span className={left === 0 ? 'ck-seats ck-seats--none' : left <= 5 ? 'ck-seats ck-seats--few' : 'ck-seats'}>
            {left === 0 ? <Trans>Completo</Trans> : <Plural value={left} one="Queda # plaza" other="Quedan # plazas" />}
          </span>
        </span>
      ),
    }
  })

  const memberOptions = Array.from({ length: group.max_members }, (_, i) => ({
    value: String(i + 1),
    label: i === 0 ? t`1 viajero` : t`${i + 1} viajeros`,
  }))

  return (
    <StepFrame
      title={<Trans>Elige tu pack</Trans>}
      intro={<Trans>El precio es por persona. Después elegirás las habitaciones y añadirás los datos de cada viajero.</Trans>}
      headingRef={headingRef}
      continueWith={{ form: 'checkout-pack' }}
    >
      <Form
        id="checkout-pack"
        form={form}
        aria-labelledby="checkout-step-title"
        onSubmit={(values) => {
          const members = Number(values.members)
          // Seats are checked again (and held) before paying; here we only stop a choice that cannot work.
          if (members > packSeatsLeft(offer, values.packId)) {
            form.setError('packId', { message: i18n._(messageForCode('travel_group_pack_full')) }, { shouldFocus: true })
            return
          }
          if (members > group.seats_available) {
            form.setError('root', { message: i18n._(messageForCode('cant_lock_enough_seats')) })
            return
          }
          // One transition with the step's change (decision 044): in the press's own task the draft's render drew the
          // whole wizard again before the press was answered on screen (~170 ms on a low-tier phone).
          startTransition(() => {
            draftApi.update((d) => ({ ...resizeParty(d, members), packId: values.packId }))
            onNext()
          })
        }}
      >
        <RadioGroupField name="packId" legend={t`Pack`} options={options} />
        <SelectField
          name="members"
          label={t`¿Cuántas personas viajan?`}
          hint={t`Hasta ${group.max_members} personas en una misma reserva.`}
          options={memberOptions}
        />
        <FormRootError />
      </Form>
    </StepFrame>
  )
}
