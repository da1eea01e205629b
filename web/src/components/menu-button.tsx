import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import './menu-button.css'

export type MenuItem =
  { kind: 'link'; label: ReactNode; to: string; icon?: ReactNode } | { kind: 'action'; label: ReactNode; onSelect: () => unknown; icon?: ReactNode }

export type MenuButtonProps = {
  /** Visible content of the button (e.g. the user's name). */
  label: ReactNode
  /** Accessible name of the menu, if the button text alone is not enough. */
  menuLabel?: string
  items: MenuItem[]
  /** Optional content at the top of the open menu (not an item). */
  header?: ReactNode
  icon?: ReactNode
}

/**
 * A button that opens a menu (WAI-ARIA menu button): Enter, Space or ArrowDown open it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus;
 * Tab or a click outside closes it.
 */
export function MenuButton({ label, menuLabel, items, header, icon }: MenuButtonProps) {
  const [open, setOpen] = useState(false)
  const buttonId = useId()
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const focusOnOpen = useRef<'first' | 'last'>('first')

  const itemElements = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])

  useEffect(() => {
    if (!open) return
    const elements = itemElements()
    ;(focusOnOpen.current === 'last' ? elements.at(-1) : elements[0])?.focus()
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
    <div className="menu-button">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="menu-button__trigger"
        aria-haspopup="menu"
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
