import { Trans } from '@lingui/react/macro'
import { Button } from '@/components/controls/button'
import { Dialog } from '@/components/controls/dialog'
import { type DialogHandle, useDialog } from '@/hooks/use-dialog'
import { minorBuyerMessage } from '@/features/checkout/schemas'

export const useMinorWarning = useDialog

/** The minor warning: a minor cannot buy; a parent or legal guardian has to, with their own data. */
export function MinorWarningDialog({ dialog, onFix }: { dialog: DialogHandle; onFix?: () => void }) {
  return (
    <Dialog
      dialog={dialog}
      size="sm"
      title={<Trans>Aviso para menores de edad</Trans>}
      footer={
        <Button
          data-autofocus
          onClick={() => {
            dialog.close()
            onFix?.()
          }}
        >
          <Trans>Cambiar el comprador</Trans>
        </Button>
      }
    >
      <p className="ck-minor-warning__lead">{minorBuyerMessage()}</p>
      <p>
        <Trans>
          La compra la tiene que hacer una persona mayor de edad: la madre, el padre o el tutor legal del viajero, con sus propios datos y su DNI. Los datos de
          los viajeros que ya has escrito se mantienen.
        </Trans>
      </p>
    </Dialog>
  )
}
