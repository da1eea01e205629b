import { Trans, useLingui } from '@lingui/react/macro'
import { useWatch } from 'react-hook-form'
import { extraTermSchema } from '@/features/payments/schemas'
import { Form, SubmitButton } from '@/components/form/form'
import { SelectField } from '@/components/form/select-field'
import { useZodForm } from '@/hooks/use-zod-form'
import { useListExtras } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { Booking } from '@contract/generated/model/booking'
import type { TravelItem } from '@contract/generated/model/travelItem'
import { formatAmount } from '@core/money'
import { fullName } from '@core/person-name'
import { formatDate } from '@/lib/i18n/format'
import { isOnSale } from '@core/pricing'
import type { Locale } from '@/lib/i18n/locales.universal'
import { useTranslated } from '@/hooks/use-translated'

type Item = TravelItem & { insurance: boolean }

/** Adding an extra or an insurance for one traveller after booking: paid apart, as a term of its own. */
export function ExtraTermForm({
  booking,
  groupId,
  onPay,
  disabled,
  locale,
  today,
}: {
  booking: Booking
  groupId: string
  onPay: (memberId: string, itemId: string) => Promise<void>
  disabled: boolean
  locale: Locale
  /** the traveller's today: what can no longer be bought is not offered */
  today: string
}) {
  const offer = useListExtras(groupId, { query: { staleTime: 5 * 60_000 } })
  // checked when paying: choosing a traveller first must not flag the item as missing
  const form = useZodForm(extraTermSchema(), { mode: 'onSubmit', defaultValues: { memberId: booking.members[0]?.id ?? '', itemId: '' } })
  if (!offer.data || booking.members.length === 0) return null
  const end = booking.travel_group.end_at
  const items: Item[] = [
    ...offer.data.extras.map((i) => ({ ...i, insurance: false })),
    ...offer.data.insurances.map((i) => ({ ...i, insurance: true })),
  ].filter((item) => isOnSale(item, today, end))
  // nothing left to buy (a trip over, every deadline past): no form that could only fail
  if (items.length === 0) return null

  return (
    <section className="pay-panel" aria-labelledby="pay-extra-title">
      <h2 className="pay-panel__title" id="pay-extra-title">
        <Trans>Añadir un extra o un seguro</Trans>
      </h2>
      <p className="pay-muted">
        <Trans>Se paga aparte, como un plazo extra, hasta su fecha límite.</Trans>
      </p>
      <Form form={form} onSubmit={({ memberId, itemId }) => onPay(memberId, itemId)}>
        <ExtraTermFields booking={booking} items={items} locale={locale} onMemberChange={() => form.setValue('itemId', '')} />
        <PayButton items={items} disabled={disabled} />
      </Form>
    </section>
  )
}

function ExtraTermFields({ booking, items, locale, onMemberChange }: { booking: Booking; items: Item[]; locale: Locale; onMemberChange: () => void }) {
  const { t } = useLingui()
  const tr = useTranslated()
  const memberId = useWatch<{ memberId: string }, 'memberId'>({ name: 'memberId' })
  const member = booking.members.find((m) => m.id === memberId)
  const owned = (item: Item) =>
    item.insurance ? member?.insurance_id !== null && member?.insurance_id !== undefined : Boolean(member?.extras.includes(item.id))
  const itemOptions = items.map((item) => {
    const until = item.limit_date ? formatDate(item.limit_date, locale) : null
    const has = owned(item)
    return {
      value: item.id,
      label: `${tr(item, 'name')} · ${formatAmount(item.price)}${until ? ` · ${t`hasta el ${until}`}` : ''}${has ? ` · ${t`ya contratado`}` : ''}`,
      disabled: has,
    }
  })
  return (
    <div className="pay-extra">
      <SelectField name="memberId" label={t`Viajero`} options={booking.members.map((m) => ({ value: m.id, label: fullName(m) }))} onChange={onMemberChange} />
      <SelectField name="itemId" label={t`Extra o seguro`} placeholder={t`Elige un extra o un seguro…`} options={itemOptions} />
    </div>
  )
}

function PayButton({ items, disabled }: { items: Item[]; disabled: boolean }) {
  const itemId = useWatch<{ itemId: string }, 'itemId'>({ name: 'itemId' })
  const selected = items.find((i) => i.id === itemId)
  const price = selected ? formatAmount(selected.price) : ''
  return <SubmitButton disabled={disabled}>{selected ? <Trans>Pagar {price}</Trans> : <Trans>Pagar el extra</Trans>}</SubmitButton>
}
