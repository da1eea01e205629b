import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { Button } from '@/components/controls/button'
import { EmptyState } from '@/components/status/empty-state'
import { ErrorState } from '@/components/status/error-state'
import { SafeHtml } from '@/components/content/safe-html'
import { Spinner } from '@/components/status/spinner'
import {
  getGetBookingQueryKey,
  getListBookingNoticesQueryKey,
  useListBookingNotices,
  getMarkNoticeReadMutationOptions,
} from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { Notice } from '@contract/generated/model/notice'
import { ADULT_AGE, ageOn } from '@core/calendar'
import { fullName } from '@core/person-name'
import { formatDate } from '@/lib/i18n/format'
import { errorMessage } from '@/lib/i18n/error-messages'
import { toast } from '@/lib/browser/toast'
import { useLocale } from '@/hooks/use-locale'
import { useTranslated } from '@/hooks/use-translated'

/** Everyone the agency writes to about this booking: the buyer, and the guardians of each minor (SPEC §1). */
export function noticeRecipients(
  booking: Pick<Booking, 'buyer' | 'members'>,
  today: string,
): { name: string; email: string; why: 'buyer' | 'guardian'; of?: string }[] {
  const list: { name: string; email: string; why: 'buyer' | 'guardian'; of?: string }[] = []
  const seen = new Set<string>()
  if (booking.buyer) {
    seen.add(booking.buyer.email.toLowerCase())
    list.push({
      name: booking.buyer.type === 'company' ? (booking.buyer.company_name ?? '') : fullName(booking.buyer),
      email: booking.buyer.email,
      why: 'buyer',
    })
  }
  for (const member of booking.members) {
    if (!(ageOn(member.birthdate, today) < ADULT_AGE)) continue
    for (const guardian of member.guardians) {
      const key = `${guardian.email.toLowerCase()}|${member.id}`
      if (seen.has(key)) continue
      seen.add(key)
      list.push({ name: fullName(guardian), email: guardian.email, why: 'guardian', of: member.name })
    }
  }
  return list
}

/** Notices from the agency; opening one marks it read. */
export function NoticesTab({ booking, today }: { booking: Booking; today: string }) {
  const { t } = useLingui()
  const notices = useListBookingNotices(booking.id)
  const recipients = noticeRecipients(booking, today)
  return (
    <div className="tab-stack">
      <section className="tab-section" aria-labelledby="notices-title">
        <h2 id="notices-title" className="tab-section__title">
          <Trans>Avisos de la agencia</Trans>
        </h2>
        {notices.isPending ? (
          <Spinner label={t`Cargando los avisos…`} />
        ) : notices.isError ? (
          <ErrorState message={errorMessage(notices.error)} onRetry={() => notices.refetch()} />
        ) : notices.data.length === 0 ? (
          <EmptyState title={<Trans>No hay avisos</Trans>} description={<Trans>Cuando la agencia publique algo sobre tu viaje, lo verás aquí.</Trans>} />
        ) : (
          <ul className="notice-list">
            {notices.data.map((notice) => (
              <li key={notice.id}>
                <NoticeItem booking={booking} notice={notice} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {recipients.length > 0 && (
        <section className="tab-section" aria-labelledby="recipients-title">
          <h2 id="recipients-title" className="tab-section__title">
            <Trans>Quién recibe los avisos</Trans>
          </h2>
          <p className="muted">
            <Trans>Además de verlos aquí, la agencia envía los avisos por email a:</Trans>
          </p>
          <ul className="people">
            {recipients.map((r) => (
              <li key={`${r.email}-${r.of ?? ''}`} className="people__item">
                <span className="people__name">{r.name || r.email}</span>
                <span className="muted">
                  {r.why === 'buyer' ? <Trans>comprador</Trans> : <Trans>tutor legal de {r.of}</Trans>} · {r.email}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function NoticeItem({ booking, notice }: { booking: Booking; notice: Notice }) {
  const { t } = useLingui()
  const locale = useLocale()
  const tr = useTranslated()
  const queryClient = useQueryClient()
  const markRead = useMutation(getMarkNoticeReadMutationOptions())
  const unread = notice.read_at === null

  const read = async () => {
    if (!unread || markRead.isPending) return
    try {
      const updated = await markRead.mutateAsync({ id: booking.id, data: { notice_id: notice.id } })
      queryClient.setQueryData<Notice[]>(getListBookingNoticesQueryKey(booking.id), (list) => list?.map((n) => (n.id === updated.id ? updated : n)))
      void queryClient.invalidateQueries({ queryKey: getGetBookingQueryKey(booking.id) })
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  return (
    <details
      className={unread ? 'notice notice--unread' : 'notice'}
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) void read()
      }}
    >
      <summary className="notice__summary">
        <span className="notice__title">{tr(notice, 'title')}</span>
        <span className="notice__meta">
          {formatDate(notice.created_at, locale, 'long')}
          {unread && <span className="tag tag--accent">{t`Sin leer`}</span>}
        </span>
      </summary>
      <div className="notice__body">
        <SafeHtml html={tr(notice, 'body_html')} />
        {unread && (
          <Button variant="ghost" size="sm" onClick={read}>
            <Trans>Marcar como leído</Trans>
          </Button>
        )}
      </div>
    </details>
  )
}
