// @vitest-environment happy-dom
import { t } from '@lingui/core/macro'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { CheckboxField } from '@/components/form/checkbox-field'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { RadioGroupField } from '@/components/form/radio-group-field'
import { SelectField } from '@/components/form/select-field'
import { TextField } from '@/components/form/text-field'
import { useZodForm } from '@/hooks/use-zod-form'
import { renderWithApp } from '../../support/render'

const schema = z.object({
  name: z.string().min(1, { error: () => t`Debes introducir tu email` }),
  phone: z.string(),
  country: z.string().min(1, { error: 'Elige un país' }),
  plan: z.enum(['single', 'instalments'], { error: 'Elige un plan' }),
  terms: z.boolean().refine(Boolean, { error: () => t`Debes aceptar los términos y condiciones` }),
})

function Example({ onSubmit, onRender }: { onSubmit: (values: z.output<typeof schema>) => Promise<void> | void; onRender?: () => void }) {
  const form = useZodForm(schema, { defaultValues: { name: '', phone: '', country: '', terms: false } })
  onRender?.()
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Ejemplo">
      <TextField name="name" label="Nombre" hint="Como en el DNI" />
      <TextField name="phone" type="tel" label="Teléfono" optional />
      <SelectField
        name="country"
        label="País"
        placeholder="Selecciona…"
        options={[
          { value: 'ES', label: 'España' },
          { value: 'PT', label: 'Portugal' },
        ]}
      />
      <RadioGroupField
        name="plan"
        legend="Plan de pago"
        options={[
          { value: 'single', label: 'Pago único' },
          { value: 'instalments', label: 'A plazos', description: 'Tres plazos' },
        ]}
      />
      <CheckboxField name="terms" label="Acepto los términos" />
      <FormRootError />
      <SubmitButton>Enviar</SubmitButton>
    </Form>
  )
}

const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ')

/** Every field of Example valid. */
async function fillInValid() {
  await userEvent.type(screen.getByLabelText('Nombre'), 'Ana')
  await userEvent.selectOptions(screen.getByLabelText('País'), 'PT')
  await userEvent.click(screen.getByLabelText(/A plazos/))
  await userEvent.click(screen.getByLabelText('Acepto los términos'))
}

describe('form kit', () => {
  it('labels every control and marks optional ones', async () => {
    await renderWithApp(<Example onSubmit={vi.fn()} />)
    expect(screen.getByLabelText('Nombre').getAttribute('aria-required')).toBe('true')
    expect(screen.getByLabelText(/Teléfono/).getAttribute('aria-required')).toBeNull()
    expect(screen.getByText('(opcional)')).toBeTruthy()
    expect(describedText(screen.getByLabelText('Nombre'))).toBe('Como en el DNI')
    expect(screen.getByRole('radiogroup', { name: 'Plan de pago' })).toBeTruthy()
    expect(describedText(screen.getByLabelText(/A plazos/))).toBe('Tres plazos')
  })

  it('shows translated errors wired with aria-invalid and aria-describedby', async () => {
    const onSubmit = vi.fn()
    await renderWithApp(<Example onSubmit={onSubmit} />)
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }))

    const name = await screen.findByLabelText('Nombre')
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    expect(describedText(name)).toBe('Como en el DNI | Debes introducir tu email')
    expect(describedText(screen.getByLabelText('País'))).toBe('Elige un país')
    expect(describedText(screen.getByRole('radiogroup'))).toBe('Elige un plan')
    expect(describedText(screen.getByLabelText('Acepto los términos'))).toBe('Debes aceptar los términos y condiciones')
    expect(screen.getByLabelText(/Teléfono/).getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(name)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('pressing submit keeps focus in the field typed in (its message would move the button mid-press)', async () => {
    await renderWithApp(<Example onSubmit={vi.fn()} />)
    const button = screen.getByRole('button', { name: 'Enviar' })
    expect(fireEvent.mouseDown(button, { button: 0 })).toBe(false)
    // other buttons (right button, keyboard) are left alone
    expect(fireEvent.mouseDown(button, { button: 2 })).toBe(true)
  })

  it('shows the errors in English when English is active', async () => {
    await renderWithApp(<Example onSubmit={vi.fn()} />, 'en')
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Enter your email')).toBeTruthy()
  })

  it('submits parsed values once, busy meanwhile, and shows root errors', async () => {
    let finish!: () => void
    const onSubmit = vi.fn(
      (_values: z.output<typeof schema>) =>
        new Promise<void>((resolve) => {
          finish = resolve
        }),
    )
    await renderWithApp(<Example onSubmit={onSubmit} />)
    await fillInValid()
    const submit = screen.getByRole('button', { name: 'Enviar' })
    await userEvent.click(submit)
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true))
    await userEvent.type(screen.getByLabelText('Nombre'), '{Enter}')
    // onSubmit runs once the busy button is drawn; the second submit never reaches it
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Ana',
      phone: '',
      country: 'PT',
      plan: 'instalments',
      terms: true,
    })
    finish()
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false))
  })

  it('the busy button is drawn before onSubmit sends: the press is answered on screen first', async () => {
    const frames: FrameRequestCallback[] = []
    const requestFrame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
    try {
      const onSubmit = vi.fn(() => new Promise<void>(() => {}))
      await renderWithApp(<Example onSubmit={onSubmit} />)
      await fillInValid()
      const submit = screen.getByRole('button', { name: 'Enviar' })
      frames.length = 0
      // from the press on, time passes only when the test says: the form's wait for the frame has a fallback of its
      // own (100 ms), which a busy machine reached on the wall clock before this test looked (771 ms measured)
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      fireEvent.click(submit)
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(submit.hasAttribute('disabled')).toBe(true)
      await act(() => vi.advanceTimersByTimeAsync(99))
      expect(onSubmit).not.toHaveBeenCalled()
      // the frame that shows the busy button
      for (const callback of frames.splice(0)) callback(performance.now())
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(onSubmit).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
      requestFrame.mockRestore()
    }
  })

  it('a submit and its errors re-render the button and the fields, not the page that holds the form', async () => {
    // on a slow phone the page's render ran in the press's own task, before the press was answered on screen
    let pageRenders = 0
    let finish!: () => void
    const onSubmit = () =>
      new Promise<void>((resolve) => {
        finish = resolve
      })
    await renderWithApp(<Example onSubmit={onSubmit} onRender={() => (pageRenders += 1)} />)
    const before = pageRenders
    const submit = screen.getByRole('button', { name: 'Enviar' })
    await userEvent.click(submit)
    expect(await screen.findByText('Debes introducir tu email')).toBeTruthy()
    await fillInValid()
    await userEvent.click(submit)
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true))
    finish()
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false))
    expect(pageRenders).toBe(before)
  })

  it('renders a root error set by the caller', async () => {
    function WithRootError() {
      const form = useZodForm(z.object({}))
      return (
        <Form form={form} onSubmit={() => form.setError('root', { message: 'Cupón no válido' })}>
          <FormRootError />
          <SubmitButton>Aplicar</SubmitButton>
        </Form>
      )
    }
    await renderWithApp(<WithRootError />)
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }))
    const error = await screen.findByText('Cupón no válido')
    expect(error.getAttribute('role')).toBe('alert')
  })
})
