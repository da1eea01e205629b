import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useMemo } from 'react'
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { ballotLookupSchema } from '@/features/ballot/schemas'
import { Button } from '@/components/controls/button'
import { ErrorState } from '@/components/status/error-state'
import { Form, SubmitButton } from '@/components/form/form'
import { TextField } from '@/components/form/text-field'
import { PageSpinner } from '@/components/status/page-spinner'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useZodForm } from '@/hooks/use-zod-form'
import { isApiError } from '@/lib/api/api-error'
import { useGetBallot } from '@/lib/api/generated/endpoints/raffle/raffle'
import { downloadBlob, safeFileName } from '@/lib/browser/download'
import { errorMessage } from '@/lib/i18n/error-messages'
import './ballot.css'
import { BackLink } from '@/components/controls/back-link'
import { ballotPageState } from '@/config/routes.universal'

/** /ballot/:id?code=… — a raffle ballot shown to whoever bought it (public: the code proves it). */
export function BallotPage() {
  const { id } = useParams()
  const [params] = useSearchParams()
  const code = params.get('code')?.trim() ?? ''
  const from = ballotPageState(useLocation().state)
  const { t: tr } = useLingui()
  useDocumentTitle(tr`Papeleta`)
  return (
    <div className="ballot-page">
      {from && (
        <BackLink to={`/booking/${encodeURIComponent(from.fromBooking)}?tab=ballots`}>
          <Trans>Volver a la reserva</Trans>
        </BackLink>
      )}
      <h1 className="ballot-page__title">
        <Trans>Papeleta del sorteo</Trans>
      </h1>
      {id && code ? <BallotView id={id} code={code} /> : <BallotLookup id={id ?? ''} code={code} />}
    </div>
  )
}

function BallotView({ id, code }: { id: string; code: string }) {
  const { t: tr } = useLingui()
  const ballot = useGetBallot(id, { code }, { query: { retry: false, staleTime: Infinity } })
  const url = useMemo(() => (ballot.data instanceof Blob ? URL.createObjectURL(ballot.data) : null), [ballot.data])
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])

  if (ballot.isPending) return <PageSpinner label={tr`Cargando la papeleta…`} />
  if (ballot.isError) {
    const notFound = isApiError(ballot.error) && ballot.error.status === 404
    return (
      <div className="ballot-page__panel">
        <ErrorState
          title={notFound ? <Trans>No encontramos esta papeleta</Trans> : undefined}
          message={notFound ? <Trans>Comprueba el enlace o el código de la papeleta.</Trans> : errorMessage(ballot.error)}
          onRetry={notFound ? undefined : () => ballot.refetch()}
        />
      </div>
    )
  }
  return (
    <div className="ballot-page__panel">
      {url && <img className="ballot-page__image" src={url} alt={tr`Papeleta con el código ${code}`} />}
      <p className="ballot-page__code">
        <Trans>Código</Trans> <strong>{code}</strong>
      </p>
      <Button onClick={() => downloadBlob(ballot.data, `${safeFileName(tr`papeleta`)}-${safeFileName(code)}.svg`)}>
        <Trans>Descargar la papeleta</Trans>
      </Button>
    </div>
  )
}

function BallotLookup({ id, code }: { id: string; code: string }) {
  const { t: tr } = useLingui()
  const navigate = useNavigate()
  const form = useZodForm(ballotLookupSchema(), { defaultValues: { id, code } })
  return (
    <div className="ballot-page__panel">
      <p className="muted">
        <Trans>Escribe el identificador y el código que aparecen en tu papeleta.</Trans>
      </p>
      <Form
        form={form}
        aria-label={tr`Buscar una papeleta`}
        onSubmit={(v) => navigate(`/ballot/${encodeURIComponent(v.id)}?code=${encodeURIComponent(v.code)}`)}
      >
        <TextField name="id" label={<Trans>Identificador de la papeleta</Trans>} autoComplete="off" />
        <TextField name="code" label={<Trans>Código</Trans>} autoComplete="off" spellCheck={false} />
        <SubmitButton>
          <Trans>Ver la papeleta</Trans>
        </SubmitButton>
      </Form>
    </div>
  )
}
