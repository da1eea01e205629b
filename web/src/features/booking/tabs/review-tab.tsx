import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { reviewSchema } from '@/features/booking/schemas'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { TextAreaField } from '@/components/form/textarea-field'
import { useFieldError } from '@/components/form/field'
import { useZodForm } from '@/hooks/use-zod-form'
import { getGetBookingQueryKey, getCreateReviewMutationOptions } from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { Review } from '@contract/generated/model/review'
import { applyServerError } from '@/lib/forms/form-errors'
import { toast } from '@/lib/browser/toast'
import { useFormContext } from 'react-hook-form'
import { createReviewBodyTextMax } from '@contract/generated/field-limits'

/** The trip's review: a rating (required) and a text, then thanks. */
export function ReviewTab({ booking }: { booking: Booking }) {
  return (
    <section className="tab-section" aria-labelledby="review-title">
      <h2 id="review-title" className="tab-section__title">
        <Trans>Tu valoración del viaje</Trans>
      </h2>
      {booking.review ? <ReviewThanks review={booking.review} /> : <ReviewForm booking={booking} />}
    </section>
  )
}

function ReviewThanks({ review }: { review: Review }) {
  return (
    <div className="review-done">
      <p className="review-done__thanks" role="status">
        <Trans>¡Gracias por tu valoración! Nos ayuda a preparar mejores viajes.</Trans>
      </p>
      <p className="stars stars--static" role="img" aria-label={t`${review.rating} de 5 estrellas`}>
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} aria-hidden="true" className={n <= review.rating ? 'star star--on' : 'star'}>
            ★
          </span>
        ))}
      </p>
      {review.text && <blockquote className="review-done__text">{review.text}</blockquote>}
    </div>
  )
}

function ReviewForm({ booking }: { booking: Booking }) {
  const { t: tr } = useLingui()
  const queryClient = useQueryClient()
  const create = useMutation(getCreateReviewMutationOptions())
  const form = useZodForm(reviewSchema(), { defaultValues: { rating: '', text: '' } })
  return (
    <Form
      form={form}
      aria-label={tr`Tu valoración del viaje`}
      onSubmit={async (values) => {
        try {
          const review = await create.mutateAsync({ id: booking.id, data: { rating: Number(values.rating), text: values.text.trim() || null } })
          queryClient.setQueryData(getGetBookingQueryKey(booking.id), { ...booking, review })
          toast.success(tr`¡Gracias por tu valoración!`)
        } catch (error) {
          applyServerError(form, error)
        }
      }}
    >
      <StarRating />
      <TextAreaField name="text" label={<Trans>Cuéntanos qué te ha parecido</Trans>} optional rows={4} maxLength={createReviewBodyTextMax} />
      <FormRootError />
      <SubmitButton>
        <Trans>Enviar valoración</Trans>
      </SubmitButton>
    </Form>
  )
}

/** Five radio buttons drawn as stars: a real radio group for keyboards and screen readers. */
function StarRating() {
  const { register, watch } = useFormContext<{ rating: string }>()
  const error = useFieldError('rating')
  const value = Number(watch('rating') || 0)
  return (
    <fieldset className={error ? 'field field--invalid field__fieldset' : 'field field__fieldset'} aria-describedby={error ? 'rating-error' : undefined}>
      <legend className="field__label">
        <Trans>Puntuación</Trans>
      </legend>
      <div className="stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= value ? 'stars__option stars__option--on' : 'stars__option'}>
            <input type="radio" value={String(n)} className="visually-hidden stars__input" {...register('rating')} />
            <span aria-hidden="true" className="stars__glyph">
              ★
            </span>
            <span className="visually-hidden">
              <Trans>{n} de 5 estrellas</Trans>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="rating-error" className="field__error">
          <span>{error}</span>
        </p>
      )}
    </fieldset>
  )
}
