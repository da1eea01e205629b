import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useDocumentTitle } from '@/hooks/use-document-title'
import './error-pages.css'

function ErrorLayout({ code, title, message, children }: { code?: number; title: string; message?: ReactNode; children?: ReactNode }) {
  useDocumentTitle(title)
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      {code !== undefined && (
        <p className="error-page__code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1 id="error-page-title" className="error-page__title">
        {title}
      </h1>
      {message && <p className="error-page__message">{message}</p>}
      <div className="error-page__actions">{children}</div>
    </section>
  )
}

/** 404 (SPEC §8): "This page could not be found", with a link home. */
export function NotFoundPage() {
  const { t } = useLingui()
  return (
    <ErrorLayout
      code={404}
      title={t`No hemos encontrado esta página`}
      message={<Trans>Puede que la dirección esté mal escrita o que la página ya no exista.</Trans>}
    >
      <Link className="error-page__home" to="/">
        <Trans>Volver al inicio</Trans>
      </Link>
    </ErrorLayout>
  )
}

/** The generic error page: what happened, a way to try again, a way home. */
export function ErrorPage({ status, message }: { status?: number; message?: string }) {
  const { t } = useLingui()
  return (
    <ErrorLayout code={status} title={t`Algo no ha ido bien`} message={message ?? t`Se ha producido un error. Inténtalo de nuevo.`}>
      <button type="button" className="error-page__retry" onClick={() => window.location.reload()}>
        <Trans>Reintentar</Trans>
      </button>
      <a className="error-page__home" href="/">
        <Trans>Volver al inicio</Trans>
      </a>
    </ErrorLayout>
  )
}
