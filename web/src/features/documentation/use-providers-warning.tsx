import { Trans } from '@lingui/react/macro'
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef } from 'react'
import { Button } from '@/components/controls/button'
import { Dialog } from '@/components/controls/dialog'
import { useDialog } from '@/hooks/use-dialog'

// SPEC §2 "documentation warning": the data is sent to the trip's providers. Asked once per
// session, before the first documentation save; every later save goes straight through.
const ACK_KEY = 'documentation.providers-warning-accepted'

type Confirm = () => Promise<boolean>
const ProvidersWarningContext = createContext<Confirm>(async () => true)

const accepted = () => {
  try {
    return sessionStorage.getItem(ACK_KEY) === '1'
  } catch {
    return false
  }
}

export function ProvidersWarningProvider({ children }: { children: ReactNode }) {
  const dialog = useDialog()
  const resolver = useRef<((ok: boolean) => void) | null>(null)

  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok)
    resolver.current = null
  }, [])

  const confirm = useCallback<Confirm>(() => {
    if (accepted()) return Promise.resolve(true)
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve
      dialog.open()
    })
  }, [dialog])

  const value = useMemo(() => confirm, [confirm])
  return (
    <ProvidersWarningContext.Provider value={value}>
      {children}
      <Dialog
        dialog={dialog}
        size="sm"
        title={<Trans>Tus datos se enviarán a los proveedores</Trans>}
        description={
          <Trans>
            Para organizar el viaje, la agencia envía los datos y documentos de los viajeros a los proveedores (transporte, alojamiento y seguros). Solo se usan
            para gestionar tu reserva.
          </Trans>
        }
        onClose={() => settle(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => dialog.close()}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button
              data-autofocus
              onClick={() => {
                try {
                  sessionStorage.setItem(ACK_KEY, '1')
                } catch {
                  // without storage it is asked again next time
                }
                settle(true)
                dialog.close()
              }}
            >
              <Trans>Entendido, guardar</Trans>
            </Button>
          </>
        }
      />
    </ProvidersWarningContext.Provider>
  )
}

/** Resolves true once the user has accepted the providers warning (asked at most once per session). */
export const useProvidersWarning = (): Confirm => useContext(ProvidersWarningContext)
