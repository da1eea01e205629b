import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/controls/button'
import { Dialog } from '@/components/controls/dialog'
import { ErrorState } from '@/components/status/error-state'
import { FormError } from '@/components/form/field-base'
import { Spinner } from '@/components/status/spinner'
import { useDialog } from '@/hooks/use-dialog'
import {
  getGetBookingPaymentsQueryKey,
  getGetBookingQueryKey,
  getGetBookingTravelGroupQueryKey,
  useGetBookingTravelGroup,
  getSetBookingPackMutationOptions,
} from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { Pack } from '@contract/generated/model/pack'
import { formatAmount } from '@core/money'
import { errorMessage } from '@/lib/i18n/error-messages'
import { toast } from '@/lib/browser/toast'
import { useTranslated } from '@/hooks/use-translated'
import { itemTypeLabels } from '@/features/booking/tabs/experience-tab'

/** The group's packs; the booking can move to another one with seats for all its travellers. */
export function PacksTab({ booking }: { booking: Booking }) {
  const { t, i18n } = useLingui()
  const tr = useTranslated()
  const group = useGetBookingTravelGroup(booking.id)
  const queryClient = useQueryClient()
  const setPack = useMutation(getSetBookingPackMutationOptions())
  const dialog = useDialog()
  const [choice, setChoice] = useState<Pack | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  if (group.isPending) return <Spinner label={t`Cargando los packs…`} />
  if (group.isError) return <ErrorState message={errorMessage(group.error)} onRetry={() => group.refetch()} />
  const people = booking.members.length
  const current = group.data.packs.find((p) => p.id === booking.pack.id) ?? booking.pack

  const confirm = async () => {
    if (!choice) return
    try {
      const updated = await setPack.mutateAsync({ id: booking.id, data: { pack_id: choice.id } })
      queryClient.setQueryData(getGetBookingQueryKey(booking.id), updated)
      void queryClient.invalidateQueries({ queryKey: getGetBookingPaymentsQueryKey(booking.id) })
      void queryClient.invalidateQueries({ queryKey: getGetBookingTravelGroupQueryKey(booking.id) })
      dialog.close()
      toast.success(t`Has cambiado al ${tr(choice, 'name')}`)
    } catch (error) {
      setFailure(errorMessage(error))
      void queryClient.invalidateQueries({ queryKey: getGetBookingTravelGroupQueryKey(booking.id) })
    }
  }

  return (
    <section className="tab-section" aria-labelledby="packs-title">
      <h2 id="packs-title" className="tab-section__title">
        <Trans>Packs del viaje</Trans>
      </h2>
      <ul className="pack-list">
        {group.data.packs.map((pack) => {
          const isCurrent = pack.id === booking.pack.id
          const full = !isCurrent && pack.seats_left < people
          return (
            <li key={pack.id} className={isCurrent ? 'pack pack--current' : 'pack'}>
              <div className="pack__head">
                <h3 className="pack__name">{tr(pack, 'name')}</h3>
                {isCurrent && (
                  <span className="tag tag--accent">
                    <Trans>Tu pack</Trans>
                  </span>
                )}
              </div>
              <p className="pack__price">
                <Trans>{formatAmount(pack.price)} por persona</Trans>
              </p>
              {pack.description && <p className="muted">{tr(pack, 'description')}</p>}
              {pack.includes.length > 0 && (
                <ul className="includes">
                  {pack.includes.map((item) => (
                    <li key={item.id}>
                      <span className="includes__type">{i18n._(itemTypeLabels[item.type])}</span> {tr(item, 'name')}
                    </li>
                  ))}
                </ul>
              )}
              <p className="muted">
                <Trans>Plazas libres: {pack.seats_left}</Trans>
              </p>
              {!isCurrent && (
                <Button
                  variant="secondary"
                  disabled={full}
                  onClick={() => {
                    setChoice(pack)
                    setFailure(null)
                    dialog.open()
                  }}
                >
                  {full ? <Plural value={people} one="Sin plazas para # viajero" other="Sin plazas para # viajeros" /> : <Trans>Cambiar a este pack</Trans>}
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      <Dialog
        dialog={dialog}
        size="sm"
        title={<Trans>Cambiar de pack</Trans>}
        footer={
          <>
            <Button variant="secondary" onClick={() => dialog.close()}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button data-autofocus needsNetwork onClick={confirm}>
              <Trans>Confirmar el cambio</Trans>
            </Button>
          </>
        }
      >
        {choice && (
          <div className="stack-sm">
            <p>
              <Trans>
                Pasarás del {tr(current, 'name')} ({formatAmount(current.price)} por persona) al {tr(choice, 'name')} ({formatAmount(choice.price)} por
                persona).
              </Trans>
            </p>
            <p className="muted">
              <Trans>Los plazos pendientes se recalcularán con el nuevo precio. Si ya has pagado de más, te lo reembolsaremos.</Trans>
            </p>
            <FormError message={failure} />
          </div>
        )}
      </Dialog>
    </section>
  )
}
