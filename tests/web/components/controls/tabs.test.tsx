// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { TabPanel, Tabs } from '@/components/controls/tabs'
import { renderWithApp } from '../../support/render'

function Example() {
  const [selected, setSelected] = useState<'a' | 'b' | 'c'>('a')
  return (
    <>
      <Tabs
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
