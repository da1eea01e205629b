import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { type ChangeEvent, useId } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { FieldError, useFieldError } from '@/components/form/field'
import { Spinner } from '@/components/status/spinner'
import { getFile, getUploadFileMutationOptions } from '@/lib/api/generated/endpoints/files/files'
import { getGetBookingQueryKey } from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import { downloadBlob } from '@/lib/browser/download'
import { errorMessage } from '@/lib/i18n/error-messages'
import { toast } from '@/lib/browser/toast'

/** After a save the API answers the whole booking: the page and the tasks refresh from it. */
export function useStoreBooking() {
  const queryClient = useQueryClient()
  return (booking: Booking) => queryClient.setQueryData(getGetBookingQueryKey(booking.id), booking)
}

const MAX_UPLOAD = 5 * 1024 * 1024
const ACCEPTED = ['application/pdf', 'image/jpeg', 'image/png']

/** A scan of the document (PDF, JPEG or PNG up to 5 MB): uploaded at once, its name kept in `name`. */
export function FileUploadField({ name, label }: { name: string; label: React.ReactNode }) {
  const { t } = useLingui()
  const { setValue, setError, clearErrors } = useFormContext()
  const current = useWatch({ name }) as string | null
  const error = useFieldError(name)
  const upload = useMutation(getUploadFileMutationOptions())
  const busy = upload.isPending
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    clearErrors(name)
    if (!ACCEPTED.includes(file.type)) {
      setError(name, { message: t`El archivo debe ser un PDF, JPEG o PNG` })
      return
    }
    if (file.size > MAX_UPLOAD) {
      setError(name, { message: t`El archivo no puede superar 5 MB` })
      return
    }
    try {
      const uploaded = await upload.mutateAsync({ data: { file } })
      setValue(name, uploaded.name, { shouldDirty: true })
      toast.success(t`Archivo subido: ${file.name}`)
    } catch (failure) {
      setError(name, { message: errorMessage(failure) })
    }
  }

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        <span className="field__optional">
          {' '}
          <Trans>(opcional)</Trans>
        </span>
      </label>
      <p id={hintId} className="field__hint">
        <Trans>PDF, JPEG o PNG de hasta 5 MB.</Trans>
      </p>
      <div className="upload">
        <input
          id={id}
          type="file"
          className="upload__input"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onChange={onChange}
        />
        {busy && <Spinner size="sm" label={t`Subiendo el archivo…`} readsFromNetwork={false} />}
      </div>
      {current && (
        <p className="upload__current">
          <Trans>Archivo guardado:</Trans>{' '}
          <button
            type="button"
            className="link-button"
            onClick={async () => {
              try {
                downloadBlob(await getFile(current), current)
              } catch (failure) {
                toast.error(errorMessage(failure))
              }
            }}
          >
            {current}
          </button>
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  )
}
