import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { Dialog } from '@/components/dialog'
import { EmptyState } from '@/components/empty-state'
import { CheckboxField } from '@/components/form/checkbox-field'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { RadioGroupField } from '@/components/form/radio-group-field'
import { TextField } from '@/components/form/text-field'
import { useDialog } from '@/hooks/use-dialog'
import { useZodForm } from '@/hooks/use-zod-form'
import { formatAmount, formatDate } from '@/lib/format'
import { isLocale } from '@/lib/i18n-locales'
import { toast } from '@/lib/toast'
import { contactSchema } from '@/features/shell/contact-schema'
import './shell-page.css'

/**
 * Placeholder page proving the toolchain: translations, language switch,
 * amounts, dates, the dialog, toasts and the form kit. Replaced by real routes.
 */
export function ShellPage() {
  const { i18n, t } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'es'
  const contact = useDialog()
  const form = useZodForm(contactSchema, {
    defaultValues: { name: '', email: '', terms: false },
  })

  const send = async () => {
    // Stands in for a mutation: the button stays busy meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 600))
    contact.close()
    form.reset()
    toast.success(t`Hemos recibido tus datos`)
  }

  return (
    <div className="shell-page">
      <div className="shell-page__intro">
        <h1 className="shell-page__title">
          <Trans>Portal de viajes en grupo</Trans>
        </h1>
        <p className="shell-page__lead">
          <Trans>Reserva tu viaje, paga a plazos y gestiona la documentación desde el móvil.</Trans>
        </p>
      </div>

      <Card
        title={<Trans>Tu próximo viaje</Trans>}
        actions={
          <>
            <Button onClick={contact.open}>
              <Trans>Solicitar información</Trans>
            </Button>
            <Button variant="secondary" onClick={() => toast.info(t`Te avisaremos cuando se abran las reservas`)}>
              <Trans>Avisarme</Trans>
            </Button>
          </>
        }
      >
        <dl className="shell-page__facts">
          <div>
            <dt>
              <Trans>Precio por persona</Trans>
            </dt>
            <dd data-testid="sample-amount">{formatAmount(123456)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Salida</Trans>
            </dt>
            <dd data-testid="sample-date">{formatDate('2026-11-21', locale, 'long')}</dd>
          </div>
        </dl>
      </Card>

      <Card>
        <EmptyState
          title={<Trans>Aún no tienes ninguna reserva activa</Trans>}
          description={<Trans>Cuando reserves un viaje, aparecerá aquí.</Trans>}
        />
      </Card>

      <Dialog
        dialog={contact}
        title={<Trans>Solicitar información</Trans>}
        description={<Trans>Te escribiremos en menos de 24 horas.</Trans>}
      >
        <Form form={form} onSubmit={send}>
          <TextField name="name" label={<Trans>Nombre</Trans>} autoComplete="given-name" />
          <TextField name="email" type="email" label={<Trans>Email</Trans>} autoComplete="email" />
          <RadioGroupField
            name="consent"
            inline
            legend={<Trans>¿Quieres recibir novedades?</Trans>}
            options={[
              { value: 'yes', label: t`Sí` },
              { value: 'no', label: t`No` },
            ]}
          />
          <CheckboxField name="terms" label={<Trans>Acepto los términos y condiciones</Trans>} />
          <FormRootError />
          <SubmitButton block>
            <Trans>Enviar</Trans>
          </SubmitButton>
        </Form>
      </Dialog>
    </div>
  )
}
