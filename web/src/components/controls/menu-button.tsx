import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import './menu-button.css'

export type MenuItem =
  | { kind: 'link'; label: ReactNode; to: string; icon?: ReactNode }
  | { kind: 'action'; label: ReactNode; onSelect: () => unknown; icon?: ReactNode }
  /** One of a set of choices (menuitemradio): `lang` when its label is in another language. */
  | { kind: 'choice'; label: ReactNode; checked: boolean; onSelect: () => unknown; lang?: string }

export type MenuButtonProps = {
  /** Visible content of the button (e.g. the user's name). */
  label: ReactNode
  /** Accessible name of the menu, if the button text alone is not enough. */
  menuLabel?: string
  /** Accessible name of the button, when its visible text needs context (it must contain that text). */
  buttonLabel?: string
  items: MenuItem[]
  /** Optional content at the top of the open menu (not an item). */
  header?: ReactNode
  icon?: ReactNode
  /** An extra class on the wrapper, for where it sits (e.g. the header's language menu). */
  className?: string
}

/**
 * A button that opens a menu (WAI-ARIA menu button): Enter, Space or ArrowDown open it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus;
 * Tab or a click outside closes it.
 */
export function MenuButton({ label, menuLabel, buttonLabel, items, header, icon, className }: MenuButtonProps) {
  const [open, setOpen] = useState(false)
  const buttonId = useId()
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const focusOnOpen = useRef<'first' | 'last'>('first')

  const itemElements = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])

  useEffect(() => {
    if (!open) return
    const elements = itemElements()
    const checked = elements.find((element) => element.getAttribute('aria-checked') === 'true')
    ;(focusOnOpen.current === 'last' ? elements.at(-1) : (checked ?? elements[0]))?.focus()
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const openMenu = (at: 'first' | 'last') => {
    focusOnOpen.current = at
    setOpen(true)
  }

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openMenu(event.key === 'ArrowUp' ? 'last' : 'first')
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const elements = itemElements()
    const index = elements.indexOf(document.activeElement as HTMLElement)
    const move = (to: number) => {
      event.preventDefault()
      elements[(to + elements.length) % elements.length]?.focus()
    }
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1)
      case 'ArrowUp':
        return move(index - 1)
      case 'Home':
        return move(0)
      case 'End':
        return move(elements.length - 1)
      case 'Escape':
        event.preventDefault()
        event.stopPropagation()
        return close(true)
      case 'Tab':
        return close(false)
      default:
        return undefined
    }
  }

  return (
    <div className={className ? `menu-button ${className}` : 'menu-button'}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="menu-button__trigger"
        aria-haspopup="menu"
        aria-label={buttonLabel}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {icon}
        <span className="menu-button__label">{label}</span>
        <svg className="menu-button__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-labelledby={menuLabel ? undefined : buttonId}
          aria-label={menuLabel}
          className="menu-button__menu"
          onKeyDown={onMenuKeyDown}
        >
          {header && (
            <div role="presentation" className="menu-button__header">
              {header}
            </div>
          )}
          {items.map((item, index) =>
            item.kind === 'link' ? (
              <Link key={index} role="menuitem" tabIndex={-1} to={item.to} className="menu-button__item" onClick={() => close(false)}>
                {item.icon}
                <span>{item.label}</span>
              </Link>
            ) : item.kind === 'choice' ? (
              <button
                key={index}
                type="button"
                role="menuitemradio"
                aria-checked={item.checked}
                lang={item.lang}
                tabIndex={-1}
                className="menu-button__item"
                onClick={() => {
                  // the page stays: focus goes back to the button, never to <body>
                  close(true)
                  void item.onSelect()
                }}
              >
                <svg className="menu-button__check" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  {item.checked && (
                    <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                  )}
                </svg>
                <span>{item.label}</span>
              </button>
            ) : (
              <button
                key={index}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="menu-button__item"
                onClick={() => {
                  close(false)
                  void item.onSelect()
                }}
              >
                {item.icon}
                <span>{item.label}</span>
              </button>
            ),
          )}
        </div>
      )}
    </div>
  )
}
