import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/controls/button'
import { getBallot, getShareRaffleBlockMutationOptions } from '@/lib/api/generated/endpoints/raffle/raffle'
import type { Ballot } from '@contract/generated/model/ballot'
import type { Booking } from '@contract/generated/model/booking'
import type { RaffleBlock } from '@contract/generated/model/raffleBlock'
import { downloadBlob } from '@/lib/browser/download'
import { errorMessage } from '@/lib/i18n/error-messages'
import { useLocale } from '@/hooks/use-locale'
import { toast } from '@/lib/browser/toast'
import type { BallotPageState } from '@/config/routes.universal'

/** Raffle blocks: share a block with people who may buy ballots; download each ballot with its code. */
export function BallotsTab({ booking }: { booking: Booking }) {
  return (
    <div className="tab-stack">
      {booking.raffle_blocks.map((block) => (
        <RaffleBlockSection key={block.id} booking={booking} block={block} />
      ))}
    </div>
  )
}

function RaffleBlockSection({ booking, block }: { booking: Booking; block: RaffleBlock }) {
  const { t } = useLingui()
  const locale = useLocale()
  const share = useMutation(getShareRaffleBlockMutationOptions())
  const [text, setText] = useState<string | null>(null)
  const sold = block.ballots.filter((b) => b.sold).length
  const titleId = `block-${block.id}`

  const makeText = async () => {
    try {
      const result = await share.mutateAsync({ id: block.id, data: { booking_id: booking.id, lang: locale } })
      setText(result)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  return (
    <section className="tab-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="tab-section__title">
        {block.name}
      </h2>
      <p className="muted">
        <Trans>
          Has vendido {sold} de {block.ballots.length} papeletas.
        </Trans>
      </p>
      <div className="form-actions form-actions--start">
        <Button variant="secondary" onClick={makeText}>
          <Trans>Compartir el talonario</Trans>
        </Button>
      </div>
      {text !== null && <ShareText text={text} />}
      <ul className="ballot-list" aria-label={t`Papeletas de ${block.name}`}>
        {block.ballots.map((ballot) => (
          <li key={ballot.id} className={ballot.sold ? 'ballot ballot--sold' : 'ballot'}>
            <BallotRow ballot={ballot} bookingId={booking.id} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function ShareText({ text }: { text: string }) {
  const { t } = useLingui()
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  return (
    <div className="share-box">
      <label htmlFor="share-text" className="field__label">
        <Trans>Texto para compartir</Trans>
      </label>
      <textarea id="share-text" className="field__control field__control--textarea" readOnly rows={4} value={text} />
      <div className="form-actions form-actions--start">
        <Button
          variant="secondary"
          size="sm"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(text)
              toast.success(t`Texto copiado`)
            } catch {
              toast.error(t`No se ha podido copiar: selecciónalo y cópialo a mano`)
            }
          }}
        >
          <Trans>Copiar</Trans>
        </Button>
        {canShare && (
          <Button variant="secondary" size="sm" onClick={() => navigator.share({ text }).catch(() => undefined)}>
            <Trans>Compartir…</Trans>
          </Button>
        )}
      </div>
    </div>
  )
}

function BallotRow({ ballot, bookingId }: { ballot: Ballot; bookingId: string }) {
  const { t } = useLingui()
  return (
    <>
      <div className="ballot__info">
        <span className="ballot__number">
          <Trans>Nº {ballot.number}</Trans>
        </span>
        <span className="mono ballot__code">
          <span className="visually-hidden">
            <Trans>Código</Trans>{' '}
          </span>
          {ballot.code}
        </span>
        <span className={ballot.sold ? 'tag tag--accent' : 'tag'}>{ballot.sold ? <Trans>Vendida</Trans> : <Trans>Disponible</Trans>}</span>
      </div>
      <div className="ballot__actions">
        <Link
          className="ballot__link"
          to={`/ballot/${encodeURIComponent(ballot.id)}?code=${encodeURIComponent(ballot.code)}`}
          // the ballot page is public (its code proves it): the booking it came from gives it a way back
          state={{ fromBooking: bookingId } satisfies BallotPageState}
          aria-label={t`Ver la papeleta nº ${ballot.number}`}
        >
          <Trans>Ver</Trans>
        </Link>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t`Descargar la papeleta nº ${ballot.number}`}
          onClick={async () => {
            try {
              const blob = await getBallot(ballot.id, { code: ballot.code })
              downloadBlob(blob, `papeleta-${ballot.number}.svg`)
            } catch (error) {
              toast.error(errorMessage(error))
            }
          }}
        >
          <Trans>Descargar</Trans>
        </Button>
      </div>
    </>
  )
}
