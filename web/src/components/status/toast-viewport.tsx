import { useLingui } from '@lingui/react/macro'
import { useLayoutEffect, useState, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { dialogStore } from '@/lib/browser/dialog-store'
import { truncate } from '@/lib/i18n/format'
import { TOAST_MAX_LENGTH, type ToastItem, type ToastMessage, toast, toastStore } from '@/lib/browser/toast'
import './toast-viewport.css'

const NO_TOASTS: readonly ToastItem[] = []
const noToasts = () => NO_TOASTS
const noDialog = () => null

const icons: Record<ToastItem['kind'], string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  error: 'M12 7.5v5.5M12 16.5v.01',
  info: 'M12 11v5.5M12 7.5v.01',
}

/**
 * Renders toasts raised with `toast.success/error/info(…)`. Mount once, in the
 * app provider. The two live regions exist before any toast so screen readers
 * announce what is added: errors assertively, the rest politely.
 *
 * While a modal dialog is open everything outside it is inert and hidden from
 * screen readers, so the viewport moves into the open <dialog> (top layer).
 */
export function ToastViewport() {
  const { i18n, t } = useLingui()
  // none on the server's frame, nor while the browser hydrates it
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, noToasts)
  const openDialogId = useSyncExternalStore(dialogStore.subscribe, dialogStore.getSnapshot, noDialog)
  const [dialogElement, setDialogElement] = useState<HTMLElement | null>(null)
  // After commit: the <dialog> node only exists once the Dialog has rendered.
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the node is read from the DOM after commit
    setDialogElement(openDialogId ? document.getElementById(openDialogId) : null)
  }, [openDialogId])

  const text = (message: ToastMessage) => truncate(typeof message === 'string' ? message : i18n._(message), TOAST_MAX_LENGTH)

  const render = (item: ToastItem) => (
    <div key={item.id} className={`toast toast--${item.kind}`}>
      <svg className="toast__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        {item.kind !== 'success' && <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />}
        <path d={icons[item.kind]} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <p className="toast__text">{text(item.message)}</p>
      <button type="button" className="toast__close" aria-label={t`Cerrar aviso`} onClick={() => toast.dismiss(item.id)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M7 7l10 10M17 7L7 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )

  const viewport = (
    <section className="toast-viewport" aria-label={t`Avisos`}>
      <div role="alert" aria-live="assertive" aria-atomic="false" className="toast-viewport__region">
        {items.filter((item) => item.kind === 'error').map(render)}
      </div>
      <div role="status" aria-live="polite" aria-atomic="false" className="toast-viewport__region">
        {items.filter((item) => item.kind !== 'error').map(render)}
      </div>
    </section>
  )
  // Compare ids: on the render that closes the dialog, state still holds the old node.
  const container = openDialogId && dialogElement?.id === openDialogId ? dialogElement : null
  return container ? createPortal(viewport, container) : viewport
}
