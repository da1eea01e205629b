import { Trans, useLingui } from '@lingui/react/macro'
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { Callout } from '@/components/content/callout'
import { ErrorState } from '@/components/status/error-state'
import { Spinner } from '@/components/status/spinner'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { usePageRead } from '@/hooks/use-page-read'
import { useGetTravelGroup, useGetTravelGroupBooking } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { PaymentAction } from '@contract/generated/model/paymentAction'
import type { TravelGroup } from '@contract/generated/model/travelGroup'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { formatDate } from '@/lib/i18n/format'
import { lazyComponent } from '@/lib/i18n/lazy-component'
import { needsRedirect, reloadWhenRestoredFromCache, submitPaymentAction } from '@/lib/domain/payment-action'
import { runSoonWhenIdle } from '@/lib/browser/main-thread.universal'
import { cartPreview } from '@/features/checkout/order/amounts'
import { localDay } from '@core/calendar'
import { BookedPanel } from '@/features/checkout/booked-panel'
import { isStepId, STEPS, type StepId } from '@/features/checkout/order/draft'
import { cartChoice, cartPriceList, firstIncompleteStep, type Offer, type TripOffer } from '@/features/checkout/order/offer'
import { StepIndicator } from '@/features/checkout/steps/step-indicator'
import { PackStep } from '@/features/checkout/steps/pack-step'
import { useCheckoutDraft } from '@/features/checkout/order/use-checkout-draft'
import { useCheckoutPayment } from '@/features/checkout/order/use-checkout-payment'
import { type LaterOfferState, useLaterOffer } from '@/features/checkout/order/use-later-offer'
import './checkout.css'
import { CheckoutSkeleton, CheckoutTitle } from '@/features/checkout/checkout-skeleton'
import { useLocale } from '@/hooks/use-locale'
import { useTranslated } from '@/hooks/use-translated'

// The first step comes with the page; each later one loads while the customer fills in the one
// before (preloaded when the page is idle), so the page's first load carries one step's code.
const laterSteps = {
  rooms: lazyComponent(() => import('@/features/checkout/steps/rooms-step').then((m) => m.RoomsStep)),
  personal: lazyComponent(() => import('@/features/checkout/steps/personal-step').then((m) => m.PersonalStep)),
  customization: lazyComponent(() => import('@/features/checkout/steps/customization-step').then((m) => m.CustomizationStep)),
  rooming: lazyComponent(() => import('@/features/checkout/steps/rooming-step').then((m) => m.RoomingStep)),
  summary: lazyComponent(() => import('@/features/checkout/steps/summary-step').then((m) => m.SummaryStep)),
} satisfies Partial<Record<StepId, unknown>>
const { rooms: RoomsStep, personal: PersonalStep, customization: CustomizationStep, rooming: RoomingStep, summary: SummaryStep } = laterSteps

/**
 * Loads the step after `step` a little after it shows, once the browser has nothing better to do:
 * the customer needs it only after filling in this one, and the page's own loading comes first.
 */
function usePreloadNextStep(step: StepId) {
  useEffect(() => {
    const next = STEPS[STEPS.indexOf(step) + 1]
    if (!next || next === 'pack') return
    return runSoonWhenIdle(() => laterSteps[next].preload(), 2_000, 3_000)
  }, [step])
}

/** /travelgroup/{id}/checkout: the six-step booking of a travel group. */
export function CheckoutPage() {
  const { t } = useLingui()
  const { id = '' } = useParams()
  const group = usePageRead(useGetTravelGroup(id))
  const tr = useTranslated()
  useDocumentTitle(group.data ? t`Reserva: ${tr(group.data, 'name')}` : t`Reserva`)

  if (group.isError) {
    return (
      <div className="ck-checkout-page">
        <h1 className="page-header__title">
          <Trans>Reserva</Trans>
        </h1>
        <div className="ck-panel">
          <ErrorState message={errorMessage(group.error)} onRetry={() => group.refetch()} />
          <p className="ck-panel__note">
            <Trans>Lo que ya habías escrito sigue guardado en este navegador.</Trans>
          </p>
        </div>
      </div>
    )
  }
  if (!group.data) return <CheckoutSkeleton />
  return <CheckoutWizard key={group.data.id} group={group.data} />
}

/** A later step whose reads (extras, plans, methods) have not all come: their wait, or what failed and a retry. */
function LaterReadsPending({ state }: { state: LaterOfferState }) {
  const { t } = useLingui()
  return (
    <div className="ck-panel ck-step-loading">
      {state.error ? <ErrorState message={errorMessage(state.error)} onRetry={state.retry} /> : <Spinner size="lg" label={t`Cargando…`} readsFromNetwork />}
    </div>
  )
}

function CheckoutWizard({ group }: { group: TravelGroup }) {
  const { t } = useLingui()
  const locale = useLocale()
  const tr = useTranslated()
  const draftApi = useCheckoutDraft(group.id)
  const { draft } = draftApi
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  // Where the customer may be: any step up to the first one still incomplete.
  const furthest = firstIncompleteStep(draft, { group })
  const furthestIndex = STEPS.indexOf(furthest)
  const requested = params.get('step')
  const wanted: StepId = isStepId(requested) ? requested : draft.step
  const step: StepId = STEPS.indexOf(wanted) <= furthestIndex ? wanted : furthest
  // The step is drawn once the address names it (below).
  const drawn = requested === step
  const laterReads = useLaterOffer(group.id, !drawn ? 'not yet' : step === 'customization' || step === 'summary' ? 'now' : 'when idle')
  const { later, packSeats } = laterReads
  const trip: TripOffer = useMemo(() => ({ group, packSeats }), [group, packSeats])
  const offer: Offer | undefined = useMemo(() => later && { ...trip, ...later }, [trip, later])
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [leaving, setLeaving] = useState(false)

  const onBooked = useCallback(
    (booked: { bookingId: string; paymentId: string }, action: PaymentAction) => {
      if (needsRedirect(action)) {
        setLeaving(true)
        submitPaymentAction(action)
      } else {
        navigate(`/travelgroup/${encodeURIComponent(group.id)}/success?booking=${encodeURIComponent(booked.bookingId)}`)
      }
    },
    [navigate, group.id],
  )
  const payment = useCheckoutPayment({ offer: trip, draftApi, onBooked })
  useEffect(reloadWhenRestoredFromCache, [])

  usePreloadNextStep(step)

  // Keep the address bar and the draft in step with what is shown.
  const { persist } = draftApi
  const reachedIndex = Math.max(STEPS.indexOf(draft.reached), STEPS.indexOf(step))
  // At once, right after the render that finds the address without it: written later, the replace could land
  // while the traveller is already going Back, and the browser would drop that Back.
  useEffect(() => {
    if (!drawn) setParams({ step }, { replace: true })
    if (draft.step !== step || STEPS.indexOf(draft.reached) < STEPS.indexOf(step))
      persist((d) => ({ ...d, step, reached: STEPS.indexOf(d.reached) < STEPS.indexOf(step) ? step : d.reached }))
  }, [drawn, requested, step, setParams, draft.step, draft.reached, persist])

  // Focus the new step's heading once it is drawn (not on the first render: the page heading has it then).
  const previous = useRef(step)
  useEffect(() => {
    if (!drawn || previous.current === step) return
    previous.current = step
    headingRef.current?.focus({ preventScroll: false })
  }, [step, drawn])

  // The address bar is the one source of the step (so the browser's back and forward move between
  // steps); the draft only remembers it for a reload without one.
  const goTo = useCallback((next: StepId) => setParams({ step: next }), [setParams])
  const index = STEPS.indexOf(step)
  const goNext = () => goTo(STEPS[Math.min(index + 1, STEPS.length - 1)]!)
  const goBack = () => goTo(STEPS[Math.max(index - 1, 0)]!)

  const today = localDay()
  const prices = useMemo(() => cartPriceList(trip, later, draft), [trip, later, draft])
  const preview = useMemo(() => prices && cartPreview(prices, cartChoice(draft), today), [prices, draft, today])
  const start = formatDate(group.start_at, locale, 'long')
  const end = formatDate(group.end_at, locale, 'long')
  const soldOut = group.status === 'sold_out' || group.seats_available === 0
  const closed = group.status === 'closed'

  if (draft.booked) return <BookedPanel offer={trip} booked={draft.booked} leaving={leaving} onRestart={() => draftApi.reset()} />
  // Not drawn until the address names the step (a first visit has none): React Router reads the scroll position
  // on every navigation, so the replace above, with the whole step on the page, laid it all out in the middle of
  // a task (16 ms and more on a desktop), and the step was then drawn twice.
  if (!drawn) return <CheckoutSkeleton />

  return (
    <div className="ck-checkout-page">
      <header className="page-header ck-checkout-header">
        <p className="ck-checkout-header__eyebrow">
          <Link to={`/travelgroup/${encodeURIComponent(group.id)}`}>{tr(group, 'name')}</Link>
        </p>
        <CheckoutTitle />
        <p className="page-header__intro">
          {tr(group, 'destination')} · {start} – {end}
        </p>
      </header>

      {(soldOut || closed) && (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">
            {closed ? <Trans>Este viaje ya no admite reservas</Trans> : <Trans>Ya no quedan plazas disponibles en este grupo</Trans>}
          </p>
          <p>
            <Trans>
              Puedes <Link to={`/travelgroup/${encodeURIComponent(group.id)}/invitation`}>dejarnos tus datos</Link> y te avisaremos si se liberan plazas.
            </Trans>
          </p>
        </Callout>
      )}

      <ExistingBookingNotice groupId={group.id} />

      <StepIndicator
        current={step}
        canVisit={(s) => STEPS.indexOf(s) <= furthestIndex}
        isComplete={(s) => STEPS.indexOf(s) < furthestIndex && STEPS.indexOf(s) < reachedIndex}
        onVisit={goTo}
      />

      <div className={step === 'summary' ? 'ck-checkout-layout ck-checkout-layout--wide' : 'ck-checkout-layout'}>
        <div className="ck-checkout-layout__main">
          <Suspense
            fallback={
              <div className="ck-panel ck-step-loading">
                <Spinner size="lg" label={t`Cargando…`} readsFromNetwork={false} />
              </div>
            }
          >
            {step === 'pack' && <PackStep offer={trip} draftApi={draftApi} headingRef={headingRef} onNext={goNext} />}
            {step === 'rooms' && (
              <RoomsStep offer={trip} draftApi={draftApi} headingRef={headingRef} onNext={goNext} onBack={goBack} serverMessage={payment.stepErrors.rooms} />
            )}
            {step === 'personal' && (
              <PersonalStep
                draftApi={draftApi}
                departure={group.start_at}
                headingRef={headingRef}
                onNext={goNext}
                onBack={goBack}
                serverErrors={payment.stepErrors.personal}
                minorFromServer={payment.stepErrors.minor}
                onServerErrorsShown={() => {
                  payment.clearStepErrors('personal')
                  payment.clearStepErrors('minor')
                }}
              />
            )}
            {step === 'customization' && !offer && <LaterReadsPending state={laterReads} />}
            {step === 'customization' && offer && (
              <CustomizationStep
                offer={offer}
                draftApi={draftApi}
                headingRef={headingRef}
                onNext={goNext}
                onBack={goBack}
                serverMessage={payment.stepErrors.customization}
              />
            )}
            {step === 'rooming' && (
              <RoomingStep
                offer={trip}
                draftApi={draftApi}
                headingRef={headingRef}
                onNext={goNext}
                onBack={goBack}
                serverMessage={payment.stepErrors.rooming}
              />
            )}
            {step === 'summary' && !offer && <LaterReadsPending state={laterReads} />}
            {step === 'summary' && offer && (
              <SummaryStep offer={offer} draftApi={draftApi} headingRef={headingRef} onBack={goBack} onGoTo={goTo} payment={payment} />
            )}
          </Suspense>
        </div>
        {step !== 'summary' && (
          <aside className="ck-checkout-layout__aside" aria-label={t`Tu reserva`}>
            <div className="ck-mini-cart">
              <p className="ck-mini-cart__title">
                <Trans>Tu reserva</Trans>
              </p>
              {draft.packId ? (
                <p className="ck-mini-cart__total">
                  <span>
                    <Trans>Total estimado</Trans>
                  </span>
                  {preview ? (
                    <strong>{formatAmount(preview.total)}</strong>
                  ) : (
                    // the extras and insurance chosen are still being read, or their read failed (the step that
                    // needs them says so, with a retry)
                    <span className="ck-mini-cart__pending">{laterReads.error ? <Trans>Sin calcular</Trans> : <Trans>Calculando…</Trans>}</span>
                  )}
                </p>
              ) : (
                <p className="ck-mini-cart__note">
                  <Trans>Elige un pack para ver el precio.</Trans>
                </p>
              )}
              <p className="ck-mini-cart__note">
                <Trans>Incluye gastos de gestión. Se guarda lo que escribes: puedes volver atrás sin perder nada.</Trans>
              </p>
            </div>
          </aside>
        )}
      </div>
    </div>
  )
}

/** A live booking (or an invitation) the customer already has in this group. */
function ExistingBookingNotice({ groupId }: { groupId: string }) {
  const existing = useGetTravelGroupBooking(groupId, { query: { retry: false, staleTime: 60_000 } })
  const booking = existing.data
  if (!booking || booking.status === 'canceled') return null
  const locator = booking.locator
  if (booking.status === 'invited') {
    return (
      <Callout tone="info">
        <Trans>Tienes una invitación para este viaje ({locator}): al completar la reserva se convertirá en tu reserva.</Trans>
      </Callout>
    )
  }
  return (
    <Callout tone="info">
      <Trans>
        Ya tienes una reserva en este viaje: <Link to={`/booking/${encodeURIComponent(booking.id)}`}>{locator}</Link>. Si reservas de nuevo, será una reserva
        aparte.
      </Trans>
    </Callout>
  )
}
