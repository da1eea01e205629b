import { type FormHTMLAttributes, type ReactNode, useRef } from 'react'
import { type FieldValues, FormProvider, type SubmitHandler, type UseFormReturn, useFormState } from 'react-hook-form'
import { Button, type ButtonProps } from '@/components/controls/button'
import { FormError } from '@/components/form/field-base'
import { afterNextPaint } from '@/lib/browser/main-thread.universal'
import './form.css'

export type FormProps<TValues extends FieldValues, TOutput extends FieldValues = TValues> = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'noValidate'
> & {
  /** From `useZodForm(schema)`. */
  form: UseFormReturn<TValues, unknown, TOutput>
  /** Gets the parsed values; return the promise so the form stays busy until it settles. */
  onSubmit: SubmitHandler<TOutput>
  children: ReactNode
}

/**
 * The one way to build a form: <Form form={useZodForm(schema)} onSubmit={…}>
 * with TextField / SelectField / CheckboxField / RadioGroupField inside and a
 * SubmitButton. Browser validation is off: zod's translated messages are shown
 * under each field instead, and focus goes to the first invalid one.
 */
export function Form<TValues extends FieldValues, TOutput extends FieldValues = TValues>({
  form,
  onSubmit,
  children,
  className,
  ...rest
}: FormProps<TValues, TOutput>) {
  // valid: the busy button is drawn first, then onSubmit sends (see afterNextPaint)
  const submit = form.handleSubmit(async (values, event) => {
    await afterNextPaint()
    return onSubmit(values, event)
  })
  // formState is a render snapshot; a ref also catches two Enters in one frame.
  const inFlight = useRef(false)
  return (
    <FormProvider {...form}>
      <form
        {...rest}
        noValidate
        className={['form', className].filter(Boolean).join(' ')}
        onSubmit={(event) => {
          // A second Enter while the first submit is in flight must not pay twice.
          if (inFlight.current) {
            event.preventDefault()
            return
          }
          inFlight.current = true
          void submit(event).finally(() => {
            inFlight.current = false
          })
        }}
      >
        {children}
      </form>
    </FormProvider>
  )
}

/** Busy and disabled while the form's onSubmit promise is pending (and, as every submit button, keeps focus in the field: see Button). */
export function SubmitButton({ loading, ...props }: Omit<ButtonProps, 'type' | 'onClick'>) {
  // its own subscription: a submit re-renders the button, not the page that holds the form (nor in the press's task)
  const { isSubmitting } = useFormState()
  // every form sends to the server: it waits for the network, keeping what was typed
  return <Button needsNetwork {...props} type="submit" loading={loading || isSubmitting} />
}

/**
 * Shows `form.setError('root', { message })`, e.g. a translated server error
 * that belongs to no single field. Place it just above the SubmitButton.
 */
export function FormRootError() {
  const { errors } = useFormState({ name: 'root' })
  return <FormError message={errors.root?.message} />
}
