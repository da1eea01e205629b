// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/controls/button'
import { renderWithApp } from '../../support/render'

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

describe('Button', () => {
  it('ignores clicks while the promise from onClick is pending (no double payment)', async () => {
    const pay = deferred()
    const onClick = vi.fn(() => pay.promise)
    await renderWithApp(<Button onClick={onClick}>Pagar</Button>)
    const button = screen.getByRole('button', { name: 'Pagar' })

    // Two clicks in the same tick: the second must not get through.
    act(() => {
      fireEvent.click(button)
      fireEvent.click(button)
    })
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe('true')

    await act(async () => {
      pay.resolve()
      await pay.promise
    })
    expect(button.hasAttribute('disabled')).toBe(false)
    fireEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(2)
  })

  it('recovers after a rejected promise', async () => {
    const onClick = vi.fn(() => Promise.reject(new Error('declined')))
    await renderWithApp(<Button onClick={onClick}>Pagar</Button>)
    const button = screen.getByRole('button', { name: 'Pagar' })
    await act(async () => {
      fireEvent.click(button)
    })
    expect(button.hasAttribute('disabled')).toBe(false)
  })

  it('is disabled and busy while loading', async () => {
    const onClick = vi.fn()
    await renderWithApp(
      <Button loading onClick={onClick}>
        Guardar
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Guardar' })
    expect(button.hasAttribute('disabled')).toBe(true)
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('defaults to type=button so it never submits a form by accident', async () => {
    await renderWithApp(<Button>Ok</Button>)
    expect(screen.getByRole('button', { name: 'Ok' }).getAttribute('type')).toBe('button')
  })

  it('a submit button keeps focus in the field being typed in when pressed; other buttons take it', async () => {
    const onMouseDown = vi.fn()
    await renderWithApp(
      <form>
        <Button type="submit" onMouseDown={onMouseDown}>
          Enviar
        </Button>
        <Button>Otro</Button>
      </form>,
    )
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Enviar' }), { button: 0 })).toBe(false)
    expect(onMouseDown).toHaveBeenCalledOnce()
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Enviar' }), { button: 2 })).toBe(true)
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Otro' }), { button: 0 })).toBe(true)
  })
})
