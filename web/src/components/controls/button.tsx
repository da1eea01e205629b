import { type ButtonHTMLAttributes, type MouseEvent, useRef, useState } from 'react'
import { Spinner } from '@/components/status/spinner'
import { OFFLINE_NOTICE_ID } from '@/components/status/offline-notice'
import { useHydrated } from '@/hooks/use-hydrated'
import { useOnline } from '@/hooks/use-online'
import './button.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  variant?: ButtonVariant
  size?: 'md' | 'sm'
  block?: boolean
  /** Busy from outside (e.g. a mutation's isPending): disabled, shows a spinner. */
  loading?: boolean
  /**
   * May return a promise: the button then stays busy and ignores clicks until
   * it settles, so a double click never pays twice.
   */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown
  /**
   * The action needs the server (pay, save, cancel): disabled while offline, pointing at the offline
   * notice as the reason, so nothing is sent into the void and what was typed stays.
   */
  needsNetwork?: boolean
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  disabled,
  onClick,
  className,
  children,
  type = 'button',
  onMouseDown,
  needsNetwork = false,
  ...rest
}: ButtonProps) {
  const online = useOnline()
  const waitsForNetwork = needsNetwork && !online
  // A form drawn by the server (the sign-in page's frame) cannot be sent before the app handles it: the
  // browser would send it itself, what was typed in the address. Disabled, Enter does nothing either.
  const hydrated = useHydrated()
  const awaitsApp = type === 'submit' && !hydrated
  const [pending, setPending] = useState(false)
  // State updates are async; the ref stops a second click in the same frame.
  const inFlight = useRef(false)
  const busy = loading || pending

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy || inFlight.current) {
      event.preventDefault()
      return
    }
    const result = onClick?.(event)
    if (result instanceof Promise) {
      inFlight.current = true
      setPending(true)
      // Errors are the caller's to handle (toast, ErrorState); here we only un-busy.
      void result
        .catch(() => undefined)
        .finally(() => {
          inFlight.current = false
          setPending(false)
        })
    }
  }

  const classes = ['button', `button--${variant}`, `button--${size}`, block && 'button--block', className].filter(Boolean).join(' ')

  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy || waitsForNetwork || awaitsApp}
      aria-busy={busy || undefined}
      aria-describedby={waitsForNetwork ? [rest['aria-describedby'], OFFLINE_NOTICE_ID].filter(Boolean).join(' ') : rest['aria-describedby']}
      onClick={handleClick}
      onMouseDown={(event) => {
        onMouseDown?.(event)
        // A form's submit button does not take focus from the field being typed in: that blur would
        // check the field and show its message before the press ends, pushing the button down, and the
        // click then landed beside it (nothing sent). The submit checks every field anyway.
        if (type === 'submit' && event.button === 0) event.preventDefault()
      }}
    >
      {busy && <Spinner size="sm" decorative />}
      <span className="button__label">{children}</span>
    </button>
  )
}
