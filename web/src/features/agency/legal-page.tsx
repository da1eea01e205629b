import { useLingui } from '@lingui/react/macro'
import { ErrorState } from '@/components/status/error-state'
import { PageSpinner } from '@/components/status/page-spinner'
import { SafeHtml } from '@/components/content/safe-html'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { getCurrentAgency } from '@/lib/domain/agency'
import { useGetAgency } from '@/lib/api/generated/endpoints/agency/agency'
import { errorMessage } from '@/lib/i18n/error-messages'
import { useTranslated } from '@/hooks/use-translated'
import './agency.css'
import { LegalHeader } from '@/features/agency/agency-skeletons'

/** /legal: the agency's legal notice (HTML from the API, sanitized). */
export function LegalPage() {
  const { t } = useLingui()
  const tr = useTranslated()
  useDocumentTitle(t`Aviso legal`)
  // The agency resolved at start-up already carries the notice: shown at once, refreshed in the background.
  const start = getCurrentAgency()
  const agency = useGetAgency({ query: { staleTime: 10 * 60_000, ...(start ? { initialData: start, initialDataUpdatedAt: 0 } : {}) } })

  return (
    <div className="agency-page">
      <LegalHeader />
      <div className="agency-page__panel agency-page__panel--text">
        {agency.isPending ? (
          <PageSpinner />
        ) : agency.isError ? (
          <ErrorState message={errorMessage(agency.error)} onRetry={() => agency.refetch()} />
        ) : (
          <SafeHtml className="legal-text" html={tr(agency.data, 'legal_notice_html')} />
        )}
      </div>
    </div>
  )
}
