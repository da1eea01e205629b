import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useOnline } from '@/hooks/use-online'
import { useLocale } from '@/hooks/use-locale'
import { formatDate, formatTime } from '@/lib/i18n/format'
import './offline-notice.css'

/** The notice's id: buttons that need the network point at it as the reason they are disabled. */
export const OFFLINE_NOTICE_ID = 'offline-notice'

/**
 * Shown while the browser is offline (issue 16): what is on screen is what was last received, and when;
 * paying, saving and cancelling wait for the network (their buttons are disabled, nothing typed is
 * lost). Back online, TanStack Query refetches by itself and the notice goes.
 */
export function OfflineNotice() {
  const online = useOnline()
  const queryClient = useQueryClient()
  const locale = useLocale()
  if (online) return null
  const newest = Math.max(
    0,
    ...queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.dataUpdatedAt),
  )
  const at = newest > 0 ? new Date(newest).toISOString() : null
  const date = at ? formatDate(at, locale) : ''
  const time = at ? formatTime(at) : ''
  return (
    <div id={OFFLINE_NOTICE_ID} className="offline-notice" role="status">
      <p className="offline-notice__title">
        {at ? (
          <Trans>
            Sin conexión · datos del {date} a las {time}
          </Trans>
        ) : (
          <Trans>Sin conexión</Trans>
        )}
      </p>
      <p className="offline-notice__detail">
        <Trans>Pagar, guardar y cancelar vuelven a funcionar cuando recuperes la conexión.</Trans>
      </p>
    </div>
  )
}
