import { i18n as linguiI18n } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { Button } from '@/components/controls/button'
import { Callout } from '@/components/content/callout'
import { messageForCode } from '@/lib/i18n/error-messages'
import type { StepId } from '@/features/checkout/order/draft'
import type { Problem } from '@/features/checkout/order/use-checkout-payment'

/** Why paying did not go through, and the way on from there. */
export function ProblemAlert({ problem, onGoTo, onRetryHold }: { problem: Problem; onGoTo: (step: StepId) => void; onRetryHold: () => unknown }) {
  const packFull = linguiI18n._(messageForCode('travel_group_pack_full'))
  switch (problem.kind) {
    case 'sold_out':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">
            <Trans>Ya no quedan plazas disponibles en este grupo</Trans>
          </p>
          <p>
            <Trans>Lo sentimos: otras personas han reservado las últimas plazas. Tus datos se han guardado por si se liberan plazas.</Trans>
          </p>
        </Callout>
      )
    case 'pack_full':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">{packFull}</p>
          <p>
            <Trans>Elige otro pack: el resto de tu reserva se mantiene.</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={() => onGoTo('pack')}>
            <Trans>Cambiar de pack</Trans>
          </Button>
        </Callout>
      )
    case 'network':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">{problem.message}</p>
          <p>
            <Trans>No se ha perdido nada de lo que has escrito. Comprueba la conexión y vuelve a pulsar el botón de pago.</Trans>
          </p>
          <Button variant="secondary" size="sm" needsNetwork onClick={() => onRetryHold()}>
            <Trans>Reintentar</Trans>
          </Button>
        </Callout>
      )
    case 'voucher':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">{problem.message}</p>
          <p>
            <Trans>Quita el cupón o escribe otro y vuelve a pagar.</Trans>
          </p>
        </Callout>
      )
    case 'step':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">{problem.message}</p>
          <Button variant="secondary" size="sm" onClick={() => onGoTo(problem.step)}>
            <Trans>Corregirlo</Trans>
          </Button>
        </Callout>
      )
    case 'other':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">{problem.message}</p>
          <p>
            <Trans>Tus datos se han guardado. Inténtalo de nuevo en unos minutos.</Trans>
          </p>
        </Callout>
      )
  }
}
