import { useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffectEvent, useId, useLayoutEffect, useRef } from 'react'
import type { DialogHandle } from '@/hooks/use-dialog'
import { dialogStore } from '@/lib/browser/dialog-store'
import { returnFocus } from '@/lib/browser/focus-heading'
import './dialog.css'

export type DialogProps = {
  /** From `useDialog()`. */
  dialog: DialogHandle
  /** Visible heading; also the dialog's accessible name. */
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** Action buttons, in reading order (e.g. Cancel, then Confirm). */
  footer?: ReactNode
  /** Called after the dialog closed, whatever closed it. */
  onClose?: () => void
  /** false: no ×, Escape and backdrop do nothing (the content must offer a way out). */
  dismissible?: boolean
  size?: 'sm' | 'md' | 'lg'
}

const FORM_CONTROLS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])'

/**
 * The one modal dialog. Native <dialog> + showModal(): the page behind is
 * inert (focus trap for free) and it sits in the top layer. Focus goes to an
 * element marked `data-autofocus`, else the first form field, else the dialog
 * itself; on close it returns to whatever opened it.
 */
export function Dialog({ dialog, title, description, children, footer, onClose, dismissible = true, size = 'md' }: DialogProps) {
  if (!dialog.isOpen) return null
  return (
    <OpenDialog dialog={dialog} title={title} description={description} footer={footer} onClose={onClose} dismissible={dismissible} size={size}>
      {children}
    </OpenDialog>
  )
}

function OpenDialog({ dialog, title, description, children, footer, onClose, dismissible, size }: DialogProps) {
  const { t } = useLingui()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const pressedOnBackdrop = useRef(false)
  // The latest onClose, for the effect's cleanup (which must not re-run when the parent passes a new one).
  const closed = useEffectEvent(() => onClose?.())
  const { id } = dialog

  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal()
      else element.setAttribute('open', '')
    }
    const target =
      element.querySelector<HTMLElement>('[data-autofocus]') ?? element.querySelector<HTMLElement>(`.dialog__body :is(${FORM_CONTROLS})`) ?? element
    target.focus()

    return () => {
      // StrictMode's rehearsal unmount, or a re-run: still open, nothing to undo.
      if (dialogStore.getSnapshot() === id) return
      // Runs before React removes the node: while it is still a modal, the
      // rest of the page is inert and the opener could not take focus.
      if (element.open) element.close()
      closed()
      const returnTarget = dialogStore.takeReturnTarget(id)
      // Another dialog took over: it owns focus now.
      if (dialogStore.getSnapshot() !== null) return
      // Opened by nothing the traveller focused (on arrival, after a full load), or its opener gone:
      // the page's heading, never <body>, from where the next Tab would skip to the footer.
      returnFocus(returnTarget)
    }
  }, [id])

  const requestClose = () => {
    if (dismissible) dialog.close()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return
    // Handled here (not left to the native cancel) so React state stays the
    // single source of truth.
    event.preventDefault()
    event.stopPropagation()
    requestClose()
  }

  const onBackdropPointerDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget
  }

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The panel fills the <dialog> box, so a click on the element itself is the
    // backdrop. Both ends must be on it: selecting text and releasing outside
    // must not close a half-filled form.
    if (pressedOnBackdrop.current && event.target === event.currentTarget) requestClose()
    pressedOnBackdrop.current = false
  }

  return (
    // The <dialog> box is its backdrop: a press and release on it closes, as a click outside a modal
    // does; keyboard users have Escape (onKeyDown).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      id={id}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault()
        requestClose()
      }}
      // The browser may still force-close (e.g. repeated Escape): follow it.
      onClose={() => dialogStore.close(id)}
      onPointerDown={onBackdropPointerDown}
      onClick={onBackdropClick}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="dialog__close" aria-label={t`Cerrar`} onClick={() => dialog.close()}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </header>
        {description && (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        )}
        {children && <div className="dialog__body">{children}</div>}
        {footer && <footer className="dialog__footer">{footer}</footer>}
      </div>
    </dialog>
  )
}
