import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'
import { afterNextPaint } from '@/lib/browser/main-thread.universal'
import './tabs.css'

export type TabItem<T extends string> = { id: T; label: ReactNode; badge?: ReactNode; badgeLabel?: string }

export const tabDomId = (prefix: string, id: string) => `${prefix}-tab-${id}`
export const panelDomId = (prefix: string, id: string) => `${prefix}-panel-${id}`

type TabsProps<T extends string> = {
  tabs: readonly TabItem<T>[]
  selected: T
  onSelect: (id: T) => void
  /** The pointer is over a tab, a finger on it, or focus on it: it may be chosen next (preload its content). */
  onIntent?: (id: T) => void
  /** The tablist's accessible name. */
  label: string
  idPrefix: string
  /** strip: a row of tabs that scrolls on phones (a page's sections); segmented: a few choices side by side */
  variant?: 'strip' | 'segmented'
}

/**
 * The one tab list: ARIA tabs with a roving tabindex (one tab in the Tab order, arrows/Home/End move
 * and select). As a strip, on phones it scrolls horizontally and keeps the selected tab in view.
 */
export function Tabs<T extends string>({ tabs, selected, onSelect, onIntent, label, idPrefix, variant = 'strip' }: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null)
  const more = useScrollMore(listRef, variant === 'strip')

  // Keep the selected tab visible in the scrolling strip (also after a deep link with ?tab=). Not for
  // the first tab (it starts in view), nor in the segmented control (it does not scroll). Measured once the
  // selection's frame is drawn: measured in the effect, it forced the layout of the new panel inside the
  // press (2.8-8.8 ms of a tab's tap at 1x); after the frame, that layout is done already.
  useEffect(() => {
    if (variant !== 'strip') return
    let current = true
    void afterNextPaint().then(() => {
      const tab = listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')
      const list = listRef.current
      if (!current || !tab || !list || typeof tab.scrollIntoView !== 'function') return
      if (tab === list.firstElementChild) return
      // Only when it is not wholly in view, and to the strip's start: the strip snaps each tab's start,
      // and 'nearest' left the tab's end at the edge, where the snap pulled it half out of view again.
      const [t, l] = [tab.getBoundingClientRect(), list.getBoundingClientRect()]
      const inView = t.left >= l.left - 1 && t.right <= l.right + 1
      if (!inView) tab.scrollIntoView({ block: 'nearest', inline: 'start' })
    })
    return () => {
      current = false
    }
  }, [selected, variant])

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    // from the focused tab, not from `selected`: fast key presses can outrun the re-render that
    // follows a selection (it goes through the address)
    const focused = tabs.findIndex((t) => tabDomId(idPrefix, t.id) === (event.target as HTMLElement).id)
    const index = focused >= 0 ? focused : tabs.findIndex((t) => t.id === selected)
    let next: number | null = null
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = tabs.length - 1
    if (next === null) return
    event.preventDefault()
    const id = tabs[next]!.id
    onSelect(id)
    document.getElementById(tabDomId(idPrefix, id))?.focus()
  }

  return (
    // data-more-*: tabs hidden past that edge of the scrolling strip, shown as a fade (CSS)
    <div className={variant === 'segmented' ? 'tabs tabs--segmented' : 'tabs'} data-more-start={more.start || undefined} data-more-end={more.end || undefined}>
      <div ref={listRef} role="tablist" aria-label={label} aria-orientation="horizontal" className="tabs__list">
        {tabs.map((tab) => {
          const isSelected = tab.id === selected
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={tabDomId(idPrefix, tab.id)}
              aria-selected={isSelected}
              aria-controls={panelDomId(idPrefix, tab.id)}
              tabIndex={isSelected ? 0 : -1}
              className="tabs__tab"
              onClick={() => onSelect(tab.id)}
              onKeyDown={move}
              onPointerEnter={onIntent && (() => onIntent(tab.id))}
              onTouchStart={onIntent && (() => onIntent(tab.id))}
              onFocus={onIntent && (() => onIntent(tab.id))}
            >
              <span>{tab.label}</span>
              {tab.badge !== undefined && tab.badge !== null && (
                <span className="tabs__badge">
                  <span aria-hidden="true">{tab.badge}</span>
                  {tab.badgeLabel && <span className="visually-hidden">{` (${tab.badgeLabel})`}</span>}
                </span>
              )}
            </button>
          )
        })}
      </div>
    </div>
  )
}

/** Whether a horizontally scrolling element has more to see before its start and after its end. */
function useScrollMore(ref: RefObject<HTMLElement | null>, enabled: boolean) {
  const [more, setMore] = useState({ start: false, end: false })
  useEffect(() => {
    const element = ref.current
    if (!enabled || !element) return
    const measure = () => {
      // a few pixels of slack: the strip snaps a tab's start, which sits past the focus ring's padding
      const start = element.scrollLeft > 8
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 8
      setMore((was) => (was.start === start && was.end === end ? was : { start, end }))
    }
    element.addEventListener('scroll', measure, { passive: true })
    // observing reports the first size once the browser has laid the strip out anyway; measuring here
    // would force that layout inside the render's task
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    if (resize) resize.observe(element)
    else measure()
    return () => {
      element.removeEventListener('scroll', measure)
      resize?.disconnect()
    }
  }, [ref, enabled])
  return more
}

/**
 * The panel of the selected tab; focusable so keyboard users can reach content with no controls
 * (`focusable={false}` when it starts with a control of its own, e.g. a form's first field).
 */
export function TabPanel({
  idPrefix,
  id,
  children,
  focusable = true,
  className,
}: {
  idPrefix: string
  id: string
  children: ReactNode
  focusable?: boolean
  className?: string
}) {
  return (
    <div
      role="tabpanel"
      id={panelDomId(idPrefix, id)}
      aria-labelledby={tabDomId(idPrefix, id)}
      tabIndex={focusable ? 0 : undefined}
      className={['tabs__panel', className].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  )
}
