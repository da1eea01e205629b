import { zodResolver } from '@hookform/resolvers/zod'
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form'
import type { z } from 'zod'

/**
 * react-hook-form + zod with the house defaults: validate a field when it
 * loses focus, then live while it is being corrected.
 *
 * Write messages so they are translated when validation runs, not when the
 * module loads (the language can change meanwhile):
 *   z.string().min(1, { error: () => t`Debes introducir tu nombre` })
 */
export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  options?: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'>,
): UseFormReturn<TInput, unknown, TOutput> {
  return useForm<TInput, unknown, TOutput>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
  })
}
