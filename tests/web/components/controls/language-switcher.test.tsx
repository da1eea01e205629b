// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { LanguageSwitcher } from '@/components/controls/language-switcher'
import { MenuButton } from '@/components/controls/menu-button'
import { LoginPage } from '@/features/auth/login-page'
import { renderWithApp } from '../../support/render'

describe('MenuButton', () => {
  const renderMenu = async (onSelect = vi.fn()) => {
    await renderWithApp(
      <MemoryRouter>
        <MenuButton
          label="Ana García"
          items={[
            { kind: 'link', to: '/auth/password', label: 'Mi contraseña' },
            { kind: 'link', to: '/', label: 'Mis reservas' },
            { kind: 'action', label: 'Salir', onSelect },
          ]}
        />
      </MemoryRouter>,
    )
    return screen.getByRole('button', { name: 'Ana García' })
  }

  it('opens from the keyboard on the first item, moves with arrows, closes on Escape back to the button', async () => {
    const user = userEvent.setup()
    const button = await renderMenu()
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    button.focus()
    await user.keyboard('{Enter}')
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['Mi contraseña', 'Mis reservas', 'Salir'])
    await waitFor(() => expect(document.activeElement).toBe(items[0]))
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(items[1])
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(items[2])
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(items[0])
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('ArrowUp opens on the last item; choosing an action closes the menu', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    const button = await renderMenu(onSelect)
    button.focus()
    await user.keyboard('{ArrowUp}')
    const salir = screen.getByRole('menuitem', { name: 'Salir' })
    await waitFor(() => expect(document.activeElement).toBe(salir))
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('menu')).toBeNull()
  })
})

describe('LanguageSwitcher', () => {
  it('names each language in itself, changes only when one is chosen, and keeps the choice in the cookie', async () => {
    const user = userEvent.setup()
    await renderWithApp(<LanguageSwitcher />)
    const button = screen.getByRole('button', { name: 'Idioma: Español' })
    button.focus()
    await user.keyboard('{ArrowDown}')
    const choices = screen.getAllByRole('menuitemradio')
    expect(choices.map((c) => [c.textContent, c.getAttribute('lang'), c.getAttribute('aria-checked')])).toEqual([
      ['Español', 'es', 'true'],
      ['English', 'en', 'false'],
    ])
    // the menu opens on the current language; moving through it changes nothing (WCAG 3.2.2)
    await waitFor(() => expect(document.activeElement).toBe(choices[0]))
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(choices[1])
    expect(document.documentElement.lang).not.toBe('en')
    expect(document.cookie).not.toContain('lang=en')
    await user.keyboard('{Enter}')
    const english = await screen.findByRole('button', { name: 'Language: English' })
    expect(document.activeElement).toBe(english)
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.cookie).toContain('lang=en')
    expect(document.documentElement.lang).toBe('en')
  })
})

describe('LoginPage', () => {
  it('asks for the e-mail by link, and for e-mail and password with the other method', async () => {
    const user = userEvent.setup()
    await renderWithApp(
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>,
    )
    await user.click(screen.getByRole('button', { name: 'Enviarme el enlace' }))
    expect(await screen.findByText('Debes introducir tu email')).toBeTruthy()
    await user.type(screen.getByLabelText('Email'), 'no-es-un-email')
    await user.click(screen.getByRole('button', { name: 'Enviarme el enlace' }))
    expect(await screen.findByText('Email incorrecto')).toBeTruthy()

    await user.click(screen.getByRole('tab', { name: 'Con contraseña' }))
    expect(screen.getByRole('tab', { name: 'Con contraseña' }).getAttribute('aria-selected')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Debes introducir tu email')).toBeTruthy()
    expect(screen.getByText('Debes introducir una contraseña')).toBeTruthy()
    expect(screen.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).getAttribute('href')).toBe('/auth/remember')
  })
})
