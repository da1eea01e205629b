import { Trans, useLingui } from '@lingui/react/macro'
import { EmptyState } from '@/components/status/empty-state'
import { ErrorState } from '@/components/status/error-state'
import { FaqHeader, FaqSkeleton } from '@/features/agency/agency-skeletons'
import { SafeHtml } from '@/components/content/safe-html'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGetAgencyFaq } from '@/lib/api/generated/endpoints/agency/agency'
import { errorMessage } from '@/lib/i18n/error-messages'
import { useTranslated } from '@/hooks/use-translated'
import './agency.css'

/** /faq: the agency's frequently asked questions, in the current language. */
export function FaqPage() {
  const { t } = useLingui()
  const tr = useTranslated()
  useDocumentTitle(t`Preguntas frecuentes`)
  const faq = useGetAgencyFaq({ query: { staleTime: 10 * 60_000 } })
  if (faq.isPending) return <FaqSkeleton />

  return (
    <div className="agency-page">
      <FaqHeader />
      {faq.isError ? (
        <div className="agency-page__panel">
          <ErrorState message={errorMessage(faq.error)} onRetry={() => faq.refetch()} />
        </div>
      ) : faq.data.length === 0 ? (
        <div className="agency-page__panel">
          <EmptyState title={<Trans>Todavía no hay preguntas frecuentes</Trans>} />
        </div>
      ) : (
        <div className="faq-list">
          {faq.data.map((entry) => (
            <details key={entry.id} className="faq-item">
              <summary className="faq-item__question">
                <span>{tr(entry, 'question')}</span>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </summary>
              <SafeHtml className="faq-item__answer" html={tr(entry, 'answer_html')} />
            </details>
          ))}
        </div>
      )}
    </div>
  )
}
