import { i18n } from '@lingui/core'
import { messageForCode } from '@/lib/i18n/error-messages'
import { ErrorState } from '@/components/status/error-state'

/** No agency is served at this address: nothing else can work, so say so plainly. */
export function UnknownAgency() {
  return (
    <main id="main" className="layout__main">
      <ErrorState message={i18n._(messageForCode('agency_unknown'))} onRetry={() => window.location.reload()} />
    </main>
  )
}
