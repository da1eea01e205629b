import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import type { Booking } from '@contract/generated/model/booking'
import type { Member } from '@contract/generated/model/member'
import { addDays, isDay } from '@core/calendar'
import { fullName } from '@core/person-name'
import { formatDate } from '@/lib/i18n/format'
import { TruncatedText } from '@/components/content/truncated-text'
import { AuthorizationSection } from '@/features/documentation/authorization-section'
import { BuyerForm } from '@/features/documentation/buyer-form'
import { DniForm, PassportForm } from '@/features/documentation/document-forms'
import { type DocumentationTasks, documentationTasks, pendingSections, type SectionState, withinWindow } from '@/features/documentation/documentation-tasks'
import { EmergencyContactForm } from '@/features/documentation/emergency-contact-form'
import { GuardiansForm } from '@/features/documentation/guardians-form'
import { PersonalDataForm } from '@/features/documentation/personal-data-form'
import { ProvidersWarningProvider } from '@/features/documentation/use-providers-warning'
import './documentation.css'
import { useLocale } from '@/hooks/use-locale'

/** The documentation tab: billing data once, then each passenger's sections (SPEC §4). */
export function DocumentationTab({ booking, today }: { booking: Booking; today: string }) {
  return (
    <ProvidersWarningProvider>
      <DocumentationContent booking={booking} today={today} />
    </ProvidersWarningProvider>
  )
}

function DocumentationContent({ booking, today }: { booking: Booking; today: string }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const service = booking.travel_group.service
  const tasksOf = (member: Member) => documentationTasks(member, booking, service, today)
  const firstPending = booking.members.find((m) => pendingSections(tasksOf(m)).some((s) => s !== 'buyer')) ?? booking.members[0]
  const [memberId, setMemberId] = useState(firstPending?.id ?? '')
  const member = booking.members.find((m) => m.id === memberId) ?? booking.members[0]
  const departure = booking.travel_group.start_at
  const windowOpens = isDay(departure) ? addDays(departure, -service.documentation_days) : departure
  const inWindow = withinWindow(departure, today, service.documentation_days)
  const buyerTasks = member ? tasksOf(member).buyer : { shown: true, required: true, completed: booking.buyer?.valid === true }

  return (
    <div className="tab-stack documentation">
      <section className="tab-section" aria-labelledby="doc-title">
        <h2 id="doc-title" className="tab-section__title">
          <Trans>Documentación del viaje</Trans>
        </h2>
        <p className="notice-box" role="note">
          <Trans>
            Los datos y documentos que guardes aquí se enviarán a los proveedores del viaje (transporte, alojamiento y seguros) para gestionar tu reserva.
          </Trans>
        </p>
        <p className="muted">
          {inWindow ? (
            <Trans>La documentación obligatoria debe estar completa ya: la salida es el {formatDate(departure, locale, 'long')}.</Trans>
          ) : (
            <Trans>
              La documentación será obligatoria a partir del {formatDate(windowOpens, locale, 'long')}, {service.documentation_days} días antes de la salida.
              Puedes completarla ya.
            </Trans>
          )}
        </p>
      </section>

      <DocSection id="buyer" title={<Trans>Datos de facturación</Trans>} state={buyerTasks}>
        <BuyerForm booking={booking} />
      </DocSection>

      {booking.members.length > 1 && (
        <nav className="member-picker" aria-label={i18n._(msg`Viajeros`)}>
          <ul>
            {booking.members.map((m) => {
              const missing = pendingSections(tasksOf(m)).filter((s) => s !== 'buyer').length
              const selected = m.id === member?.id
              return (
                <li key={m.id}>
                  <button type="button" className="member-picker__item" aria-pressed={selected} onClick={() => setMemberId(m.id)}>
                    <span className="member-picker__name">
                      {/* the selected traveller's section below has the name in full */}
                      <TruncatedText text={fullName(m)} />
                    </span>
                    <span className={missing > 0 ? 'doc-badge doc-badge--pending' : 'doc-badge doc-badge--done'}>
                      {missing > 0 ? <Plural value={missing} one="# pendiente" other="# pendientes" /> : <Trans>Completa</Trans>}
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
        </nav>
      )}

      {member && <MemberDocumentation key={member.id} booking={booking} member={member} tasks={tasksOf(member)} today={today} />}
    </div>
  )
}

function MemberDocumentation({ booking, member, tasks, today }: { booking: Booking; member: Member; tasks: DocumentationTasks; today: string }) {
  const name = fullName(member)
  const either = tasks.dni.shown && tasks.dni.required && tasks.passport.required && !tasks.dni.completed && !tasks.passport.completed
  const guardians = member.guardians.map((g) => `${fullName(g)} (${g.email})`).join(', ')
  return (
    <section className="member-docs" aria-labelledby={`member-${member.id}`}>
      <h2 id={`member-${member.id}`} className="member-docs__title">
        {name}
      </h2>
      {tasks.guardians.shown && (
        <p className="notice-box">
          {member.guardians.length > 0 ? (
            <Trans>
              {member.name} es menor de edad y actúa bajo sus tutores legales. Los avisos sobre su reserva y su documentación también les llegan a ellos:{' '}
              {guardians}.
            </Trans>
          ) : (
            <Trans>{member.name} es menor de edad y actúa bajo sus tutores legales: indica quiénes son para que también reciban los avisos.</Trans>
          )}
        </p>
      )}
      <DocSection id={`personal-${member.id}`} title={<Trans>Datos personales</Trans>} state={tasks.personal}>
        <PersonalDataForm booking={booking} member={member} />
      </DocSection>
      {either && (
        <p className="notice-box">
          <Trans>Basta con uno de los dos documentos: el DNI o el pasaporte.</Trans>
        </p>
      )}
      {tasks.dni.shown && (
        <DocSection id={`dni-${member.id}`} title={<Trans>DNI</Trans>} state={tasks.dni} document={member.documents.find((d) => d.type === 'dni')}>
          <DniForm booking={booking} member={member} />
        </DocSection>
      )}
      {tasks.passport.shown && (
        <DocSection
          id={`passport-${member.id}`}
          title={<Trans>Pasaporte</Trans>}
          state={tasks.passport}
          document={member.documents.find((d) => d.type === 'passport')}
        >
          <PassportForm booking={booking} member={member} />
        </DocSection>
      )}
      {tasks.guardians.shown && (
        <DocSection id={`guardians-${member.id}`} title={<Trans>Tutores legales</Trans>} state={tasks.guardians}>
          <GuardiansForm booking={booking} member={member} />
        </DocSection>
      )}
      {tasks.authorization.shown && (
        <DocSection id={`authorization-${member.id}`} title={<Trans>Autorización de los tutores</Trans>} state={tasks.authorization}>
          <AuthorizationSection booking={booking} member={member} guardiansComplete={tasks.guardians.completed} today={today} />
        </DocSection>
      )}
      {tasks.emergencyContact.shown && (
        <DocSection
          id={`emergency-${member.id}`}
          title={<Trans>Contacto de emergencia</Trans>}
          state={tasks.emergencyContact}
          optional={booking.travel_group.service.emergency_contact_required === 1}
        >
          <EmergencyContactForm booking={booking} member={member} />
        </DocSection>
      )}
    </section>
  )
}

const badgeLabels: Record<'done' | 'pending' | 'optional' | 'later', MessageDescriptor> = {
  done: msg`Completado`,
  pending: msg`Pendiente`,
  optional: msg`Opcional`,
  later: msg`Aún no obligatorio`,
}

function DocSection({
  id,
  title,
  state,
  optional = false,
  document,
  children,
}: {
  id: string
  title: ReactNode
  state: SectionState
  optional?: boolean
  document?: { valid: boolean }
  children: ReactNode
}) {
  const { i18n } = useLingui()
  const kind = state.completed ? 'done' : state.required ? 'pending' : optional ? 'optional' : 'later'
  // open while something is missing; kept as first rendered so a save does not fold it under the user
  const [open] = useState(kind === 'pending')
  return (
    <details className={`doc-section doc-section--${kind}`} open={open} id={`doc-${id}`}>
      <summary className="doc-section__summary">
        <span className="doc-section__title">{title}</span>
        <span className={`doc-badge doc-badge--${kind}`}>{i18n._(badgeLabels[kind])}</span>
      </summary>
      <div className="doc-section__body">
        {document && !document.valid && (
          <p className="form__root-error">
            <Trans>El documento guardado no es válido: está caducado o caduca antes de la vuelta. Actualízalo.</Trans>
          </p>
        )}
        {children}
      </div>
    </details>
  )
}
