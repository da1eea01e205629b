import { useEffect, useState } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { PageSpinner } from '@/components/status/page-spinner'
import { isApiError } from '@/lib/api/api-error'
import { isChunkLoadError, reloadAfterChunkError } from '@/lib/browser/chunk-reload'
import { ErrorPage, NotFoundPage } from '@/features/errors/error-pages'

/** What a route's failure shows: 404 page, a reload for a stale chunk, or the generic error page. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const chunkError = isChunkLoadError(error)
  const [reloading] = useState(() => chunkError && reloadAfterChunkError())

  useEffect(() => {
    if (!chunkError) console.error(error)
  }, [error, chunkError])

  if (reloading) return <PageSpinner />
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />
    return <ErrorPage status={error.status} message={typeof error.data === 'string' ? error.data : error.statusText} />
  }
  if (isApiError(error) && error.status === 404) return <NotFoundPage />
  return <ErrorPage />
}

/** Last resort, outside any layout (e.g. a guard failed before a layout could render). */
export function RootErrorBoundary() {
  return (
    <main id="main" className="layout__main">
      <RouteErrorBoundary />
    </main>
  )
}
