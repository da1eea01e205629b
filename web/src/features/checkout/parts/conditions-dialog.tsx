import { Trans } from '@lingui/react/macro'
import { Button } from '@/components/controls/button'
import { Dialog } from '@/components/controls/dialog'
import { ErrorState } from '@/components/status/error-state'
import { SafeHtml } from '@/components/content/safe-html'
import { Spinner } from '@/components/status/spinner'
import type { DialogHandle } from '@/hooks/use-dialog'
import { useGetTravelGroupTerms } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import { errorMessage } from '@/lib/i18n/error-messages'
import { useLocale } from '@/hooks/use-locale'

/** The travel group's conditions and privacy (HTML from the API, sanitized), with "accept". */
export function ConditionsDialog({ dialog, groupId, onAccept }: { dialog: DialogHandle; groupId: string; onAccept: () => void }) {
  const lang = useLocale()
  const terms = useGetTravelGroupTerms(groupId, { lang }, { query: { enabled: dialog.isOpen, staleTime: 10 * 60_000 } })
  return (
    <Dialog
      dialog={dialog}
      size="lg"
      title={<Trans>Condiciones generales y privacidad</Trans>}
      footer={
        <>
          <Button variant="secondary" onClick={() => dialog.close()}>
            <Trans>Cerrar</Trans>
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              onAccept()
              dialog.close()
            }}
          >
            <Trans>Acepto las condiciones</Trans>
          </Button>
        </>
      }
    >
      {terms.isPending ? (
        <Spinner />
      ) : terms.isError ? (
        <ErrorState message={errorMessage(terms.error)} onRetry={() => terms.refetch()} />
      ) : (
        <SafeHtml html={terms.data} className="ck-conditions" />
      )}
    </Dialog>
  )
}
