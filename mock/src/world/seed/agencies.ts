// The demo agencies (tenants): branding, legal texts, FAQ and the services they sell.
import { english } from '../../../../core/translations.ts'
import type { AgencyRecord, ServiceRecord } from '../kernel/types.ts'

const logoSvg = (text: string, colour: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="48" viewBox="0 0 180 48"><circle cx="24" cy="24" r="18" fill="${colour}"/><text x="50" y="31" font-family="Arial, sans-serif" font-size="20" font-weight="700" fill="${colour}">${text}</text></svg>`,
  )}`

const faqFor = (agencyName: string) => ({
  es: [
    {
      id: 'faq-1',
      question: '¿Cuándo tengo que pagar?',
      answer_html: '<p>Puedes pagar en un único pago o en plazos. Cada plazo tiene una fecha límite; después se aplica un recargo en el último plazo.</p>',
    },
    {
      id: 'faq-2',
      question: '¿Qué documentación necesito?',
      answer_html:
        '<p>Depende del destino: DNI o pasaporte en vigor hasta después de la vuelta. Los menores necesitan autorización de sus tutores legales.</p>',
    },
    {
      id: 'faq-3',
      question: '¿Puedo cancelar?',
      answer_html: `<p>Sí, antes del viaje. ${agencyName} te mostrará el desglose del reembolso antes de confirmar.</p>`,
    },
  ],
  en: [
    {
      id: 'faq-1',
      question: 'When do I pay?',
      answer_html: '<p>In a single payment or in instalments. Each instalment has a due date; paying late adds a surcharge to the last one.</p>',
    },
    {
      id: 'faq-2',
      question: 'Which documents do I need?',
      answer_html:
        '<p>It depends on the destination: an ID card or passport valid until after you return. Minors need their legal guardians\u2019 authorization.</p>',
    },
    { id: 'faq-3', question: 'Can I cancel?', answer_html: `<p>Yes, before the trip. ${agencyName} shows the refund breakdown before you confirm.</p>` },
  ],
})

const legalFor = (name: string, cif: string) => ({
  legal_notice_html: `<h2>Aviso legal</h2><p>${name}, con CIF ${cif}, es la agencia organizadora de los viajes de este portal.</p><p>Los datos personales se tratan para gestionar tu reserva y, si lo aceptas, para enviarte comunicaciones comerciales.</p>`,
  translations: english({
    legal_notice_html: `<h2>Legal notice</h2><p>${name}, tax id ${cif}, is the agency organising the trips on this portal.</p><p>Personal data is processed to manage your booking and, if you agree, to send you commercial communications.</p>`,
  }),
})

export const makeAgencies = (): AgencyRecord[] => [
  {
    id: 'ag-sol',
    name: 'Viajes Sol',
    hosts: ['localhost', '127.0.0.1', 'sol.localhost'],
    logo: logoSvg('Viajes Sol', '#c2410c'),
    color1: '#c2410c',
    color3: '#1e3a5f',
    color4: '#fff7ed',
    css_extra: '.site-header { box-shadow: 0 1px 0 rgba(0,0,0,.08); }',
    email: 'hola@viajessol.example',
    phone: '+34 910 000 111',
    ...legalFor('Viajes Sol S.L.', 'B12345678'),
    faq: faqFor('Viajes Sol'),
    build: '2026.11.21-1',
    debug_login: false,
  },
  {
    id: 'ag-norte',
    name: 'Aventura Norte',
    hosts: ['norte.localhost'],
    logo: null,
    color1: '#0f766e',
    color3: '#042f2e',
    color4: '#ecfeff',
    css_extra: null,
    email: 'info@aventuranorte.example',
    phone: '+34 944 000 222',
    ...legalFor('Aventura Norte S.A.', 'A87654321'),
    faq: faqFor('Aventura Norte'),
    build: '2026.11.21-1',
    debug_login: false,
  },
  {
    id: 'ag-mar',
    name: 'Mar Azul Viajes',
    hosts: ['mar.localhost'],
    logo: logoSvg('Mar Azul', '#1d4ed8'),
    color1: '#1d4ed8',
    color3: '#fbbf24',
    color4: '#eff6ff',
    css_extra: null,
    email: 'reservas@marazul.example',
    phone: '+34 963 000 333',
    ...legalFor('Mar Azul Viajes S.L.', 'B11223344'),
    faq: faqFor('Mar Azul Viajes'),
    build: '2026.11.21-1',
    debug_login: false,
  },
]

export const servicesFor = (agencyId: string): ServiceRecord[] => [
  { agencyId, id: `${agencyId}-srv-int`, name: 'Viaje internacional', dni_required: false, documentation_days: 60, emergency_contact_required: 2 },
  { agencyId, id: `${agencyId}-srv-nac`, name: 'Viaje nacional', dni_required: true, documentation_days: 45, emergency_contact_required: 1 },
  { agencyId, id: `${agencyId}-srv-dia`, name: 'Excursión de un día', dni_required: true, documentation_days: 7, emergency_contact_required: 0 },
]
