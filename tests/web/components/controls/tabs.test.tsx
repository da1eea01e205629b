// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TabPanel, Tabs } from '@/components/controls/tabs'
import { renderWithApp } from '../../support/render'

function Example({ variant }: { variant?: 'strip' | 'segmented' }) {
  const [selected, setSelected] = useState<'a' | 'b' | 'c'>('a')
  return (
    <>
      <Tabs
        variant={variant}
        idPrefix="t"
        label="Secciones"
        selected={selected}
        onSelect={setSelected}
        tabs={[
          { id: 'a', label: 'Uno' },
          { id: 'b', label: 'Dos', badge: 3, badgeLabel: '3 sin leer' },
          { id: 'c', label: 'Tres' },
        ]}
      />
      <TabPanel idPrefix="t" id={selected}>
        contenido {selected}
      </TabPanel>
    </>
  )
}

describe('Tabs (ARIA tablist with a roving tabindex)', () => {
  it('one tab in the tab order, arrows wrap, Home and End, the panel labelled by its tab', async () => {
    const user = userEvent.setup()
    await renderWithApp(<Example />)
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1'])
    expect(screen.getByRole('tab', { name: 'Dos (3 sin leer)' })).toBeTruthy()
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[0]!.id)

    await user.tab()
    expect(document.activeElement).toBe(tabs[0])
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(tabs[1])
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel').textContent).toContain('contenido b')
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(tabs[2])
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(tabs[0])
    await user.keyboard('{ArrowLeft}')
    expect(tabs[2]!.getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Home}')
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true')
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1'])
  })
})

describe('Tabs: the chosen tab kept in view', () => {
  const rect = (left: number, right: number) => ({ left, right, top: 0, bottom: 40, width: right - left, height: 40, x: left, y: 0 }) as DOMRect
  /** A strip 300 px wide whose third tab lies past its end. */
  function layOut() {
    const scrolled = vi.fn()
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scrolled, configurable: true, writable: true })
    const measured = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'tablist' ? rect(0, 300) : this.id === 't-tab-c' ? rect(320, 420) : rect(0, 100)
    })
    return { scrolled, measured }
  }
  afterEach(() => {
    vi.restoreAllMocks()
    delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView
  })

  it('a strip scrolls a tab chosen out of view to its start, once the choice is drawn (not inside the press)', async () => {
    await renderWithApp(<Example />)
    const { scrolled, measured } = layOut()
    fireEvent.click(screen.getByRole('tab', { name: 'Tres' }))
    expect(screen.getByRole('tabpanel').textContent).toContain('contenido c')
    // the press and its render measured nothing: that would lay the new panel out inside the press
    expect(measured).not.toHaveBeenCalled()
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith({ block: 'nearest', inline: 'start' }))
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('tab', { name: 'Tres' }))
  })

  it('the segmented control never scrolls, nor measures', async () => {
    await renderWithApp(<Example variant="segmented" />)
    const { scrolled, measured } = layOut()
    fireEvent.click(screen.getByRole('tab', { name: 'Tres' }))
    expect(screen.getByRole('tabpanel').textContent).toContain('contenido c')
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(measured).not.toHaveBeenCalled()
    expect(scrolled).not.toHaveBeenCalled()
  })
})
