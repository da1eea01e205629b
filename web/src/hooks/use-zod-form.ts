import { zodResolver } from '@hookform/resolvers/zod'
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form'
import type { z } from '@/lib/forms/zod'

/**
 * react-hook-form + zod/mini (a third of classic zod's size) with the house
 * defaults: validate a field when it loses focus, then live while it is being
 * corrected.
 *
 * A form over what the server holds passes it as `values`, not `defaultValues`:
 * when the server's copy changes under the form (a fresh read replacing the one
 * the page started from, kept offline; a save made elsewhere), the fields the
 * traveller has not touched follow it, and what they typed stays.
 *
 * Write messages so they are translated when validation runs, not when the
 * module loads (the language can change meanwhile):
 *   z.string().check(z.minLength(1, { error: () => t`Debes introducir tu nombre` }))
 */
export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(
  // core's type: what zodResolver takes, and what mini (and classic) schemas both are
  schema: z.core.$ZodType<TOutput, TInput>,
  options?: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'>,
): UseFormReturn<TInput, unknown, TOutput> {
  return useForm<TInput, unknown, TOutput>({
    mode: 'onTouched',
    resetOptions: { keepDirtyValues: true },
    ...options,
    resolver: zodResolver(schema),
  })
}
