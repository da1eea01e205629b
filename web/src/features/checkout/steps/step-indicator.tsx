import { Trans, useLingui } from '@lingui/react/macro'
import { STEPS, type StepId } from '@/features/checkout/order/draft'
import { useStepLabels } from '@/features/checkout/steps/step-labels'

export type StepIndicatorProps = {
  current: StepId
  /** Steps the customer may go to: those before the first incomplete one, and that one. */
  canVisit: (step: StepId) => boolean
  onVisit: (step: StepId) => void
  /** Steps already complete and gone through (also after the current one, when the customer went back). */
  isComplete?: (step: StepId) => boolean
}

/**
 * Where the customer is among the six steps. On a phone: numbered dots and "Paso 2 de 6 ·
 * Habitaciones"; wider: every label. Completed steps are buttons back to them.
 */
export function StepIndicator({ current, canVisit, onVisit, isComplete = () => false }: StepIndicatorProps) {
  const { t } = useLingui()
  const labels = useStepLabels()
  const index = STEPS.indexOf(current)
  const number = index + 1
  const total = STEPS.length
  const currentLabel = labels[current]
  return (
    <nav className="ck-steps" aria-label={t`Pasos de la reserva`}>
      <p className="ck-steps__count" aria-hidden="true">
        <Trans>
          Paso {number} de {total}
        </Trans>{' '}
        · <strong>{currentLabel}</strong>
      </p>
      <div className="ck-steps__bar" aria-hidden="true">
        <span className="ck-steps__bar-fill" style={{ width: `${(index / (total - 1)) * 100}%` }} />
      </div>
      <ol className="ck-steps__list">
        {STEPS.map((step, i) => {
          const state = i === index ? 'current' : i < index || isComplete(step) ? 'done' : 'todo'
          const stepNumber = i + 1
          const label = labels[step]
          const content = (
            <>
              <span className="ck-steps__dot" aria-hidden="true">
                {state === 'done' ? (
                  <svg viewBox="0 0 16 16" width="14" height="14">
                    <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                ) : (
                  stepNumber
                )}
              </span>
              <span className="ck-steps__label">{label}</span>
              {state === 'done' && (
                <span className="visually-hidden">
                  {' '}
                  <Trans>(completado)</Trans>
                </span>
              )}
            </>
          )
          return (
            <li key={step} className={`ck-steps__item ck-steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              {state !== 'current' && canVisit(step) ? (
                <button type="button" className="ck-steps__target" onClick={() => onVisit(step)}>
                  {content}
                </button>
              ) : (
                <span className="ck-steps__target">{content}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
