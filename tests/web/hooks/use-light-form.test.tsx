// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { type FormRules, rules, useLightForm, validate } from '@/hooks/use-light-form'

type Values = { email: string; password: string }
const formRules: FormRules<Values> = {
  email: [rules.trim(), rules.required(() => 'Falta el email'), rules.email(() => 'Email incorrecto')],
  password: [rules.required(() => 'Falta la contraseña')],
}

function Sample({ onSubmit }: { onSubmit: (values: Values) => Promise<unknown> }) {
  const form = useLightForm(formRules, { email: '', password: '' })
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <label htmlFor="e">Email</label>
      <input id="e" {...form.input('email')} />
      {form.error('email') && <p>{form.error('email')}</p>}
      <label htmlFor="p">Contraseña</label>
      <input id="p" type="password" {...form.input('password')} />
      {form.error('password') && <p>{form.error('password')}</p>}
      {form.error('root') && <p role="alert">{form.error('root')}</p>}
      <button type="submit" disabled={form.submitting}>
        Entrar
      </button>
    </form>
  )
}

describe('useLightForm (the sign-in page’s forms)', () => {
  it('validates in order, stops at a field’s first failure, and trims', () => {
    expect(validate(formRules, { email: '  ', password: '' })).toEqual({ errors: { email: 'Falta el email', password: 'Falta la contraseña' } })
    expect(validate(formRules, { email: 'nope', password: 'x' })).toEqual({ errors: { email: 'Email incorrecto' } })
    expect(validate(formRules, { email: ' ana@example.com ', password: 'x' })).toEqual({ values: { email: 'ana@example.com', password: 'x' } })
  })

  it('checks a field on blur, then live; a failed submit focuses the first invalid field', async () => {
    const user = userEvent.setup()
    const submit = vi.fn(async () => {})
    render(<Sample onSubmit={submit} />)
    const email = screen.getByLabelText('Email')
    await user.type(email, 'ana')
    expect(screen.queryByText('Email incorrecto')).toBeNull()
    await user.tab()
    expect(screen.getByText('Email incorrecto')).toBeTruthy()
    await user.type(email, '@example.com')
    expect(screen.queryByText('Email incorrecto')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(screen.getByText('Falta la contraseña')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Contraseña'))
    expect(submit).not.toHaveBeenCalled()
  })

  it('sends once while a submit is in flight, keeps what was typed when it fails', async () => {
    const user = userEvent.setup()
    let finish = () => {}
    const submit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(<Sample onSubmit={submit} />)
    await user.type(screen.getByLabelText('Email'), ' ana@example.com')
    await user.type(screen.getByLabelText('Contraseña'), 'viaje2026')
    await user.keyboard('{Enter}{Enter}')
    await user.keyboard('{Enter}')
    expect(submit).toHaveBeenCalledTimes(1)
    expect(submit).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'viaje2026' })
    finish()
    await waitFor(() => expect((screen.getByRole('button', { name: 'Entrar' }) as HTMLButtonElement).disabled).toBe(false))
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(' ana@example.com')
    expect((screen.getByLabelText('Contraseña') as HTMLInputElement).value).toBe('viaje2026')
  })
})
