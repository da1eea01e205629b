// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/controls/button'
import { Dialog } from '@/components/controls/dialog'
import { useDialog } from '@/hooks/use-dialog'
import { dialogStore } from '@/lib/browser/dialog-store'
import { renderWithApp } from '../../support/render'

function Example({ onCloseA }: { onCloseA?: () => void }) {
  const a = useDialog()
  const b = useDialog()
  return (
    <>
      <Button onClick={a.open}>Abrir A</Button>
      <Button onClick={b.open}>Abrir B</Button>
      <Dialog dialog={a} title="Diálogo A" description="Primero" onClose={onCloseA}>
        <input aria-label="Campo A" />
        <Button onClick={b.open}>Ir a B</Button>
      </Dialog>
      <Dialog dialog={b} title="Diálogo B" footer={<Button onClick={b.close}>Hecho</Button>}>
        <p>Sin campos</p>
      </Dialog>
    </>
  )
}

describe('Dialog', () => {
  it('is labelled by its title and described by its description', async () => {
    await renderWithApp(<Example />)
    await userEvent.click(screen.getByRole('button', { name: 'Abrir A' }))
    const dialog = screen.getByRole('dialog', { name: 'Diálogo A' })
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Primero')
    expect((dialog as HTMLDialogElement).open).toBe(true)
  })

  it('moves focus to the first field, and returns it to the opener on close', async () => {
    const onCloseA = vi.fn()
    await renderWithApp(<Example onCloseA={onCloseA} />)
    const opener = screen.getByRole('button', { name: 'Abrir A' })
    await userEvent.click(opener)
    expect(document.activeElement).toBe(screen.getByLabelText('Campo A'))

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    expect(onCloseA).toHaveBeenCalledTimes(1)
  })

  it('focuses the dialog itself when it has no fields', async () => {
    await renderWithApp(<Example />)
    await userEvent.click(screen.getByRole('button', { name: 'Abrir B' }))
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Diálogo B' }))
  })

  it('closes on Escape', async () => {
    await renderWithApp(<Example />)
    const opener = screen.getByRole('button', { name: 'Abrir A' })
    await userEvent.click(opener)
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('keeps only one dialog open: opening another closes the first', async () => {
    await renderWithApp(<Example />)
    await userEvent.click(screen.getByRole('button', { name: 'Abrir A' }))
    act(() => dialogStore.open('somewhere-else'))
    expect(screen.queryByRole('dialog')).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Abrir A' }))
    await userEvent.click(screen.getByRole('button', { name: 'Ir a B' }))
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    expect(screen.getByRole('dialog', { name: 'Diálogo B' })).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Diálogo A' })).toBeNull()
  })

  it('returns focus to the first opener when a dialog opened from another closes', async () => {
    await renderWithApp(<Example />)
    const opener = screen.getByRole('button', { name: 'Abrir A' })
    await userEvent.click(opener)
    await userEvent.click(screen.getByRole('button', { name: 'Ir a B' }))
    await userEvent.click(screen.getByRole('button', { name: 'Hecho' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('closes when its owner unmounts, leaving no ghost open id', async () => {
    const { unmount } = await renderWithApp(<Example />)
    await userEvent.click(screen.getByRole('button', { name: 'Abrir A' }))
    expect(dialogStore.getSnapshot()).not.toBeNull()
    unmount()
    expect(dialogStore.getSnapshot()).toBeNull()
  })
})
