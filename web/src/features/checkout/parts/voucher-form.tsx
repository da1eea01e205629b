import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useFormContext } from 'react-hook-form'
import { voucherSchema } from '@/features/checkout/schemas'
import { Field, useFieldError } from '@/components/form/field'
import { Form, SubmitButton } from '@/components/form/form'
import { useZodForm } from '@/hooks/use-zod-form'
import { getCheckVoucherMutationOptions } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import { errorMessage } from '@/lib/i18n/error-messages'
import type { Offer } from '@/features/checkout/order/offer'
import type { DraftApi } from '@/features/checkout/order/use-checkout-draft'
import type { Problem } from '@/features/checkout/order/use-checkout-payment'
import { checkVoucherBodyCodeMax } from '@contract/generated/field-limits'

/** The coupon: checked by the API for this pack and these travellers, then part of the cart until removed. */
export function VoucherForm({ offer, draftApi, problem }: { offer: Offer; draftApi: DraftApi; problem: Problem | null }) {
  const { draft, update } = draftApi
  const check = useMutation(getCheckVoucherMutationOptions())
  // checked when applied, not when the (optional) field is left empty
  const form = useZodForm(voucherSchema(), { mode: 'onSubmit', defaultValues: { code: '' } })

  if (draft.voucher) {
    const voucherCode = draft.voucher.code
    return (
      <div className="ck-voucher ck-voucher--applied" role="status">
        <span>
          <Trans>Cupón {voucherCode} aplicado.</Trans>
        </span>
        <button type="button" className="ck-link-button" onClick={() => update((d) => ({ ...d, voucher: null }))}>
          <Trans>Quitar el cupón</Trans>
        </button>
      </div>
    )
  }

  return (
    <Form
      form={form}
      className="ck-voucher"
      onSubmit={async ({ code }) => {
        try {
          const discount = await check.mutateAsync({ id: offer.group.id, data: { code, pack_id: draft.packId ?? '', members: draft.members } })
          update((d) => ({ ...d, voucher: discount }))
          form.reset()
        } catch (error) {
          form.setError('code', { message: errorMessage(error) }, { shouldFocus: true })
        }
      }}
    >
      <VoucherField paymentProblem={problem?.kind === 'voucher' ? problem.message : null} />
    </Form>
  )
}

function VoucherField({ paymentProblem }: { paymentProblem: string | null }) {
  const { t } = useLingui()
  const { register } = useFormContext<{ code: string }>()
  const error = useFieldError('code') ?? paymentProblem ?? undefined
  return (
    <Field label={t`Cupón de descuento`} optional error={error}>
      {(control) => (
        <div className="ck-voucher__row">
          <input
            {...control}
            {...register('code')}
            className="field__control"
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={checkVoucherBodyCodeMax}
          />
          <SubmitButton variant="secondary">
            <Trans>Aplicar</Trans>
          </SubmitButton>
        </div>
      )}
    </Field>
  )
}
