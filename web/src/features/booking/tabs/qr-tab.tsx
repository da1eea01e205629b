import { Trans, useLingui } from '@lingui/react/macro'
import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { Button } from '@/components/controls/button'
import { Spinner } from '@/components/status/spinner'
import type { Booking } from '@contract/generated/model/booking'
import { downloadBlob } from '@/lib/browser/download'

/** The booking's QR code (checked at boarding), drawn in the browser from qr_payload. */
export function QrTab({ booking }: { booking: Booking }) {
  const { t } = useLingui()
  const [svg, setSvg] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    QRCode.toString(booking.qr_payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } })
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [booking.qr_payload])

  return (
    <section className="tab-section qr" aria-labelledby="qr-title">
      <h2 id="qr-title" className="tab-section__title">
        <Trans>Tu código QR</Trans>
      </h2>
      <p className="muted">
        <Trans>Enséñalo al embarcar: así comprobamos tu reserva en un momento. Puedes hacerle una captura de pantalla.</Trans>
      </p>
      <div className="qr__code">
        {svg ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            width={240}
            height={240}
            alt={t`Código QR de la reserva ${booking.locator}`}
          />
        ) : failed ? (
          <p role="alert">
            <Trans>No hemos podido dibujar el código QR. Indica tu localizador al embarcar.</Trans>
          </p>
        ) : (
          <Spinner label={t`Preparando el código QR…`} readsFromNetwork={false} />
        )}
      </div>
      <p className="qr__locator">
        <Trans>Localizador</Trans> <strong className="mono">{booking.locator}</strong>
      </p>
      {svg && (
        <Button variant="secondary" onClick={() => downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), `qr-${booking.locator}.svg`)}>
          <Trans>Descargar el código QR</Trans>
        </Button>
      )}
    </section>
  )
}
