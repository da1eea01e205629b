import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { Button } from '@/components/controls/button'
import { Dialog } from '@/components/controls/dialog'
import { Spinner } from '@/components/status/spinner'
import { ErrorState } from '@/components/status/error-state'
import { BookingSkeleton } from '@/features/booking/booking-skeleton'
import { useDialog } from '@/hooks/use-dialog'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { usePageRead } from '@/hooks/use-page-read'
import { isApiError } from '@/lib/api/api-error'
import { useGetBooking } from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import { localDay } from '@core/calendar'
import { formatDate } from '@/lib/i18n/format'
import { errorMessage } from '@/lib/i18n/error-messages'
import { lazyComponent } from '@/lib/i18n/lazy-component'
import { type DisplayStatus, displayStatus } from '@core/booking-status'
import { statusLabels } from '@/lib/domain/booking-status'
import { isTabId, type TabId, tabLabels, visibleTabs } from '@/features/booking/booking-rules'
import { ExperienceTab } from '@/features/booking/tabs/experience-tab'
import { TabPanel, Tabs, tabDomId } from '@/components/controls/tabs'
import { useLocale } from '@/hooks/use-locale'
import type { Locale } from '@/lib/i18n/locales.universal'
import { useTranslated } from '@/hooks/use-translated'
import './booking.css'
import { BackLink } from '@/components/controls/back-link'

/**
 * What other features put into the page (the app's route module composes them: features never
 * import each other). Every slot is optional; a missing one falls back to something sensible.
 */
export type BookingPageSlots = {
  /** The payments tab's content (terms, paying, extras): features/payments. */
  renderPayments?: (booking: Booking) => ReactNode
  /** The documentation tab's content: features/documentation. */
  renderDocumentation?: (booking: Booking, today: string) => ReactNode
  /** Cancelling (or the cancellation already requested), shown in the experience tab: features/cancellation. */
  renderCancellation?: (booking: Booking, today: string) => ReactNode
  /** How many required documentation sections are still missing (tab badge, pending-documentation modal). */
  pendingDocumentation?: (booking: Booking, today: string) => number
  /** The user is about to open this tab (hover, focus, touch): start loading what it shows. */
  preload?: (tab: TabId) => void
}

// Only the first tab is on screen when the page opens: the others load when chosen (or hovered,
// focused, touched), so the page's first load carries neither forms nor the QR encoder.
const otherTabs = {
  refunds: lazyComponent(() => import('@/features/booking/tabs/refunds-tab').then((m) => m.RefundsTab)),
  rooming: lazyComponent(() => import('@/features/booking/tabs/rooming-tab').then((m) => m.RoomingTab)),
  review: lazyComponent(() => import('@/features/booking/tabs/review-tab').then((m) => m.ReviewTab)),
  notices: lazyComponent(() => import('@/features/booking/tabs/notices-tab').then((m) => m.NoticesTab)),
  contact: lazyComponent(() => import('@/features/booking/tabs/contact-tab').then((m) => m.ContactTab)),
  group: lazyComponent(() => import('@/features/booking/tabs/group-tab').then((m) => m.GroupTab)),
  packs: lazyComponent(() => import('@/features/booking/tabs/packs-tab').then((m) => m.PacksTab)),
  ballots: lazyComponent(() => import('@/features/booking/tabs/ballots-tab').then((m) => m.BallotsTab)),
  qr: lazyComponent(() => import('@/features/booking/tabs/qr-tab').then((m) => m.QrTab)),
} satisfies Partial<Record<TabId, unknown>>

const PENDING_SHOWN_KEY = 'booking.pending-documentation-shown'

/** /booking/:id — everything about one booking, in tabs. */
export function BookingPage(slots: BookingPageSlots) {
  const { id = '' } = useParams()
  const { t } = useLingui()
  const booking = usePageRead(useGetBooking(id))
  const tr = useTranslated()
  useDocumentTitle(booking.data ? tr(booking.data.travel_group, 'name') : t`Reserva`)

  if (booking.isPending) return <BookingSkeleton />
  if (booking.isError) {
    const notFound = isApiError(booking.error) && booking.error.status === 404
    return (
      <div className="booking-page">
        <div className="booking-page__panel">
          <ErrorState
            title={notFound ? <Trans>No encontramos esta reserva</Trans> : undefined}
            message={errorMessage(booking.error)}
            onRetry={notFound ? undefined : () => booking.refetch()}
          />
          <p className="booking-page__back">
            <Link to="/">
              <Trans>Volver a mis reservas</Trans>
            </Link>
          </p>
        </div>
      </div>
    )
  }
  return <BookingView booking={booking.data} slots={slots} />
}

function BookingView({ booking, slots }: { booking: Booking; slots: BookingPageSlots }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const today = localDay()
  const [params, setParams] = useSearchParams()
  const status = displayStatus(booking, today)
  const tabs = useMemo(() => visibleTabs(booking, today), [booking, today])
  const requested = params.get('tab')
  const selected: TabId = isTabId(requested) && tabs.includes(requested) ? requested : 'experience'
  const pending = tabs.includes('documentation') ? (slots.pendingDocumentation?.(booking, today) ?? 0) : 0

  const select = (tab: TabId) => {
    const next = new URLSearchParams(params)
    if (tab === 'experience') next.delete('tab')
    else next.set('tab', tab)
    setParams(next, { replace: true, preventScrollReset: true })
  }

  const badges: Partial<Record<TabId, { value: number; label: string }>> = {}
  if (booking.unread_notices > 0) badges.notices = { value: booking.unread_notices, label: t`${booking.unread_notices} sin leer` }
  if (pending > 0) badges.documentation = { value: pending, label: t`${pending} pendientes` }

  return (
    <div className="booking-page">
      <BookingHeader booking={booking} status={status} locale={locale} />
      {booking.status === 'invited' && (
        <section className="booking-cta" aria-labelledby="booking-cta-title">
          <h2 id="booking-cta-title" className="booking-cta__title">
            <Trans>Te han invitado a este viaje</Trans>
          </h2>
          <p>
            <Trans>Elige tu pack, añade a los viajeros y elige cómo pagar para reservar tu plaza.</Trans>
          </p>
          <Link className="button button--primary button--md booking-cta__action" to={`/travelgroup/${encodeURIComponent(booking.travel_group.id)}/checkout`}>
            <span className="button__label">
              <Trans>Completar reserva</Trans>
            </span>
          </Link>
        </section>
      )}
      <Tabs
        idPrefix="booking"
        label={t`Secciones de la reserva`}
        selected={selected}
        onSelect={select}
        onIntent={(tab) => {
          if (tab in otherTabs) otherTabs[tab as keyof typeof otherTabs].preload()
          slots.preload?.(tab)
        }}
        tabs={tabs.map((tab) => ({ id: tab, label: i18n._(tabLabels[tab]), badge: badges[tab]?.value, badgeLabel: badges[tab]?.label }))}
      />
      <TabPanel idPrefix="booking" id={selected}>
        <Suspense
          fallback={
            <div className="tab-section tab-loading">
              <Spinner label={t`Cargando…`} readsFromNetwork={false} />
            </div>
          }
        >
          <SelectedTab tab={selected} booking={booking} slots={slots} today={today} onSelectTab={select} />
        </Suspense>
      </TabPanel>
      {pending > 0 && (
        <PendingDocumentationModal
          bookingId={booking.id}
          onComplete={() => {
            select('documentation')
            // after the dialog has handed focus back
            setTimeout(() => document.getElementById(tabDomId('booking', 'documentation'))?.focus(), 0)
          }}
        />
      )}
    </div>
  )
}

function SelectedTab({
  tab,
  booking,
  slots,
  today,
  onSelectTab,
}: {
  tab: TabId
  booking: Booking
  slots: BookingPageSlots
  today: string
  onSelectTab: (tab: TabId) => void
}) {
  switch (tab) {
    case 'experience':
      return <ExperienceTab booking={booking} today={today} cancellation={slots.renderCancellation?.(booking, today)} onSelectTab={onSelectTab} />
    case 'payments':
      return slots.renderPayments ? (
        <>{slots.renderPayments(booking)}</>
      ) : (
        <div className="tab-section">
          <p>
            <Link to={`/booking/${encodeURIComponent(booking.id)}/payments`}>
              <Trans>Ver los pagos de la reserva</Trans>
            </Link>
          </p>
        </div>
      )
    case 'documentation':
      return <>{slots.renderDocumentation?.(booking, today)}</>
    case 'notices':
      return <otherTabs.notices booking={booking} today={today} />
    default: {
      const Tab = otherTabs[tab]
      return <Tab booking={booking} />
    }
  }
}

function BookingHeader({ booking, status, locale }: { booking: Booking; status: DisplayStatus; locale: Locale }) {
  const { i18n } = useLingui()
  const tr = useTranslated()
  const group = booking.travel_group
  return (
    <header className="booking-header">
      <BackLink to="/">
        <Trans>Mis reservas</Trans>
      </BackLink>
      <div className="booking-header__top">
        <span className={`booking-status booking-status--${status}`}>{i18n._(statusLabels[status])}</span>
        <span className="booking-header__locator">
          <Trans>Localizador</Trans> <strong>{booking.locator}</strong>
        </span>
      </div>
      {/* in full: the booking cards cut a long name, and this is where a tap on one leads */}
      <h1 className="booking-header__title">{tr(group, 'name')}</h1>
      <p className="booking-header__facts">
        <span>{tr(group, 'destination')}</span>
        <span aria-hidden="true"> · </span>
        <span>
          {formatDate(group.start_at, locale, 'long')} – {formatDate(group.end_at, locale, 'long')}
        </span>
      </p>
    </header>
  )
}

/** SPEC §8: shown once per session and booking while a required section is missing. */
function PendingDocumentationModal({ bookingId, onComplete }: { bookingId: string; onComplete: () => void }) {
  const dialog = useDialog()
  // decided once: StrictMode's rehearsal unmount closes the dialog, and the re-run must open it again
  const [show] = useState(() => {
    try {
      return !sessionStorage.getItem(`${PENDING_SHOWN_KEY}.${bookingId}`)
    } catch {
      return true // no storage (private mode): show it every time rather than never
    }
  })
  const { open } = dialog
  useEffect(() => {
    if (!show) return
    try {
      sessionStorage.setItem(`${PENDING_SHOWN_KEY}.${bookingId}`, '1')
    } catch {
      // see above
    }
    open()
  }, [bookingId, show, open])

  return (
    <Dialog
      dialog={dialog}
      size="sm"
      title={<Trans>Documentación pendiente</Trans>}
      description={<Trans>Tienes documentación pendiente. Debes completarla para poder mantener tu reserva.</Trans>}
      footer={
        <>
          <Button variant="secondary" onClick={() => dialog.close()}>
            <Trans>Ahora no</Trans>
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              dialog.close()
              onComplete()
            }}
          >
            <Trans>Completar documentación</Trans>
          </Button>
        </>
      }
    />
  )
}
