// @vitest-environment happy-dom
import { msg } from '@lingui/core/macro'
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { messageForCode } from '@/lib/i18n/error-messages'
import { TOAST_DURATION_MS, TOAST_MAX_LENGTH, toast } from '@/lib/browser/toast'
import { renderWithApp } from '../../support/render'

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows for 3500 ms', async () => {
    await renderWithApp(<p>página</p>)
    expect(TOAST_DURATION_MS).toBe(3500)
    act(() => {
      toast.success('Guardado')
    })
    expect(screen.getByText('Guardado')).toBeTruthy()
    act(() => vi.advanceTimersByTime(3499))
    expect(screen.queryByText('Guardado')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Guardado')).toBeNull()
  })

  it('caps the text at 300 characters plus an ellipsis', async () => {
    await renderWithApp(<p>página</p>)
    expect(TOAST_MAX_LENGTH).toBe(300)
    act(() => {
      toast.info('x'.repeat(500))
    })
    expect(screen.getByText(`${'x'.repeat(300)}…`)).toBeTruthy()
  })

  it('announces errors assertively and the rest politely', async () => {
    await renderWithApp(<p>página</p>)
    act(() => {
      toast.error('Falló')
      toast.success('Hecho')
      toast.info('Ojo')
    })
    const alert = screen.getByRole('alert')
    const status = screen.getByRole('status')
    expect(alert.getAttribute('aria-live')).toBe('assertive')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(within(alert).getByText('Falló')).toBeTruthy()
    expect(within(status).getByText('Hecho')).toBeTruthy()
    expect(within(status).getByText('Ojo')).toBeTruthy()
  })

  it('translates message descriptors in the active language', async () => {
    await renderWithApp(<p>page</p>, 'en')
    act(() => {
      toast.error(messageForCode('voucher_invalid'))
      toast.info(msg`Reintentar`)
    })
    expect(screen.getByText('Invalid coupon')).toBeTruthy()
    expect(screen.getByText('Try again')).toBeTruthy()
  })

  it('can be dismissed early with its close button', async () => {
    await renderWithApp(<p>página</p>)
    act(() => {
      toast.success('Guardado')
    })
    act(() => screen.getByRole('button', { name: 'Cerrar aviso' }).click())
    expect(screen.queryByText('Guardado')).toBeNull()
  })

  it('keeps at most three on screen, dropping the oldest', async () => {
    await renderWithApp(<p>página</p>)
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.info(`Aviso ${n}`)
    })
    expect(screen.queryByText('Aviso 1')).toBeNull()
    expect(screen.getByText('Aviso 4')).toBeTruthy()
  })
})
