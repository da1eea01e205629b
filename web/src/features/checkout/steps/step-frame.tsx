import { Trans } from '@lingui/react/macro'
import { type ReactNode, type RefObject } from 'react'
import { Button } from '@/components/controls/button'
import { Callout } from '@/components/content/callout'
import type { TripOffer } from '@/features/checkout/order/offer'
import type { DraftApi } from '@/features/checkout/order/use-checkout-draft'

/** What every step of the checkout gets from the page. */
export type StepProps = {
  offer: TripOffer
  draftApi: DraftApi
  headingRef: RefObject<HTMLHeadingElement | null>
  onNext: () => void
  onBack: () => void
  /** A problem found by the server (e.g. rooms sold out meanwhile), shown until the choice changes. */
  serverMessage?: string | null
}

export type StepFrameProps = {
  title: ReactNode
  intro?: ReactNode
  headingRef: RefObject<HTMLHeadingElement | null>
  children: ReactNode
  /** Absent on the first step. */
  onBack?: () => void
  /**
   * "Continuar": a click handler, or the step's form (its id) to submit; `next` instead for another button. A step's
   * form moves on at once (its submit waits for nothing), so the button is never busy: reading the form's
   * isSubmitting here would re-render the whole step twice in the press's own task.
   */
  continueWith?: (() => void) | { form: string }
  /** The forward button when it is not "Continuar" (the summary's payment). */
  next?: ReactNode
  /** A problem found by the server for this step, shown first. */
  serverMessage?: string | null
}

/** One step: its heading (focused when the step changes), content and the back/forward buttons. */
export function StepFrame({ title, intro, headingRef, children, onBack, continueWith, next, serverMessage }: StepFrameProps) {
  const forward =
    continueWith === undefined ? (
      next
    ) : typeof continueWith === 'function' ? (
      <Button onClick={continueWith}>
        <Trans>Continuar</Trans>
      </Button>
    ) : (
      <Button type="submit" form={continueWith.form}>
        <Trans>Continuar</Trans>
      </Button>
    )
  return (
    <section className="ck-step" aria-labelledby="checkout-step-title">
      <header className="ck-step__header">
        <h2 id="checkout-step-title" className="ck-step__title" ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        {intro && <p className="ck-step__intro">{intro}</p>}
      </header>
      <div className="ck-step__body">
        {serverMessage && (
          <Callout tone="danger" announce="alert">
            <p>{serverMessage}</p>
          </Callout>
        )}
        {children}
      </div>
      <div className="ck-step__nav">
        {forward}
        {onBack && (
          <Button variant="ghost" onClick={onBack} className="ck-step__back">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <Trans>Atrás</Trans>
          </Button>
        )}
      </div>
    </section>
  )
}
