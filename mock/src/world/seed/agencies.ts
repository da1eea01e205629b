// The demo agencies (tenants): branding, legal texts, FAQ and the services they sell.
import { english } from '../../../../core/translations.ts'
import type { AgencyRecord, ServiceRecord } from '../kernel/types.ts'

// The demo agencies' logos: a mark and the name drawn as outlines, as a real logo is made, so it looks the same on
// every device. Live <text> in a font the device lacks (Arial is on no Linux or Android phone) is drawn in whatever the
// device has instead, and makes the browser look fonts up while the page is still being parsed: on Linux each lookup
// is a synchronous call to the browser's font service (decision 046). The outlines are Liberation Sans Bold (Arial's
// metrics; SIL Open Font License) at 20 px from x 50, baseline 31, made with opentype.js 1.3.4 and svgo 4 (one decimal).
const NAME_OUTLINES = {
  'Viajes Sol':
    'm63.2 17.2-5 13.8h-3l-5-13.8h3l2.8 8.9.2.9.3.8q0 .5.2.9l.2-.9.2-.8.3-1 2.8-8.8zm4 1.3h-2.8v-2H67zm0 12.5h-2.8V20.4H67zm5.2.2q-.8 0-1.4-.2t-1-.6l-.7-1q-.2-.6-.2-1.4 0-1 .4-1.6.3-.6.8-1t1.4-.6 1.6-.2h2.3V24l-.1-1-.3-.6q-.2-.3-.5-.4h-1.3q-.3 0-.5.2l-.3.5-.1.7-2.9-.1q.1-.7.4-1.3t.9-1 1.3-.6 2-.3 1.7.3 1.3.7q.5.5.8 1.2t.3 1.6v4.5q0 .3.2.5 0 .2.2.3l.5.1h.6v1.5h-.5l-.3.2h-1q-1 0-1.5-.5t-.6-1.5q-.6 1-1.5 1.5t-2 .6m3.2-4.6V26h-1.4l-.9.1q-.4 0-.7.2t-.4.5-.2.9q0 .8.3 1.1.4.4 1 .4l1-.2.6-.6.5-.9zm8.2-8h-2.7v-2h2.7zM81 35h-1.7v-2h1.2q.2 0 .3-.3.2-.2.2-.5V20.4h2.8v11.9l-.1 1.1-.5 1-1 .5q-.4.3-1.2.3m10-3.9q-1.2 0-2.1-.3-1-.4-1.6-1-.6-.8-1-1.8-.3-1-.3-2.4 0-1.6.4-2.6t1.1-1.7 1.6-.9 1.9-.3q1.2 0 2.1.5t1.5 1.2.8 1.9.3 2.4h-6.8v1.3l.5 1q.2.4.7.6.4.3 1 .3t1.2-.3q.4-.4.6-1l2.6.2-.5 1-.8 1-1.4.6q-.7.3-1.9.3m0-9.2-.8.1q-.4.1-.7.5l-.4.8q-.2.4-.2 1.1H93q0-1.2-.6-1.9t-1.5-.6m15.6 6q0 .7-.3 1.3t-.9 1-1.5.7q-.9.2-2 .2l-1.8-.1-1.4-.5q-.6-.4-1-1t-.7-1.2l2.5-.4q0 .4.3.7t.5.4q.3.2.7.2h1.8q.4 0 .7-.2.3 0 .5-.3l.1-.6q0-.4-.2-.7l-.7-.4-1-.2-1.2-.3-1.2-.4q-.7-.1-1.2-.5-.5-.3-.8-.9-.3-.5-.3-1.4 0-.7.3-1.3t.8-1l1.4-.7q.8-.2 2-.2.8 0 1.5.2l1.4.5q.5.3 1 .9.3.5.5 1.3l-2.4.2-.3-.6-.4-.4-.6-.2h-.8q-1 0-1.4.2-.5.3-.5.8t.2.6l.5.4 1 .2 1 .3 1.5.3q.7.2 1.2.6t.9 1 .3 1.4m19-1q0 1-.4 1.7-.3.8-1 1.4t-1.9.8-2.6.3-2.4-.2-1.8-.8-1.2-1.2-.7-1.6l2.8-.4q0 .4.3.8t.6.7l1 .4 1.5.1q1.4 0 2.2-.4t.8-1.4q0-.6-.3-1-.3-.3-.9-.5-.5-.3-1.2-.4L119 25l-1.1-.3-1.2-.3-1-.5-.7-.7q-.4-.4-.6-1t-.2-1.3q0-1 .5-1.8.4-.7 1-1.2.8-.4 1.8-.6 1-.3 2.2-.3 1.4 0 2.3.3 1 .2 1.6.6t1 1 .6 1.6l-2.8.4q-.2-1-.9-1.4t-1.8-.4l-1.3.1q-.5.1-.8.4-.3.2-.4.5l-.2.6q0 .5.3.9.2.3.7.5l1 .4 1.4.3 1.2.3 1.3.3 1 .5.9.7.6 1q.2.6.2 1.4m12.2-1.3q0 1.2-.3 2.2-.4 1-1 1.8-.7.7-1.7 1-1 .5-2.4.5t-2.2-.4-1.7-1.1-1-1.8q-.4-1-.4-2.2t.4-2.2 1-1.7 1.6-1.2 2.4-.4q1.4 0 2.4.4t1.7 1.2.9 1.7.3 2.2m-2.9 0q0-1.9-.6-2.7t-1.8-.9-1.8.9-.7 2.7q0 1 .2 1.6l.5 1.2q.3.4.7.6l1 .2q.6 0 1-.2t.9-.6l.5-1.2zm7.8 5.3H140V16.5h2.7z',
  'Mar Azul':
    'M65.3 31h-2.5V19.7l-.3 1.4-.2.6-.2.6-.1.6-.2.4-2.4 7.7h-2.1l-2.5-7.7-.1-.4-.2-.6-.1-.6-.2-.6-.4-1.4v2l.1 1V31h-2.6V17.2h3.9l2.5 7.7.2.8.2.8.2 1 .3-1 .1-.4.1-.4.2-.4V25l2.5-7.8h3.8zm5.2.2q-.8 0-1.4-.2t-1-.6-.6-1-.2-1.4q0-1 .3-1.6t.9-1 1.3-.6l1.6-.2h2.3V24l-.1-1-.3-.6q-.2-.3-.5-.4h-1.3l-.4.2-.3.5q-.2.3-.2.7l-2.9-.1q.1-.7.5-1.3.3-.6.8-1t1.4-.6 1.9-.3 1.7.3q.8.2 1.3.7t.9 1.2q.2.7.2 1.6v4.5l.2.5q0 .2.3.3l.4.1h.6v1.5h-.4l-.4.2h-.9q-1 0-1.6-.5-.5-.5-.6-1.5-.6 1-1.4 1.5-.9.6-2.1.6m3.2-4.6V26h-1.4l-.8.1q-.5 0-.7.2l-.5.5q-.2.3-.2.9 0 .8.4 1.1.3.4.9.4l1-.2.7-.6q.3-.4.4-.9zm8.2 4.4h-2.7V20.8l-.1-.4h2.6v.4l.1.7v1.2l.5-1 .5-.8.7-.5q.3-.2 1-.2h.4l.4.2v2.3l-.6-.1h-.6q-1 0-1.6.8t-.6 2.4zm22.4 0h-2.8l-1.3-3.5H95L93.8 31h-3L96 17.2h3.4zm-4.7-5.7-1.4-4-.2-.6-.2-.7-.1-.4-.1-.2v.2l-.2.4-.2.7-.2.7-1.4 4zm14.7 5.7h-8.8v-2l5.3-6.6h-5v-2h8v2l-5.3 6.6h5.8zm1.8-10.6h2.7v6l.1 1 .3 1 .6.5q.4.2.9.2t.9-.2.7-.6.4-1 .2-1.2v-5.7h2.7V30l.1.6v.4h-2.6v-1l-.1-.6V29q-.6 1.2-1.5 1.8-.8.5-2 .5-1 0-1.6-.3t-1-.9-.7-1.3l-.1-1.6zM131 31h-2.7V16.5h2.8z',
} as const

const logoSvg = (name: keyof typeof NAME_OUTLINES, colour: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="48" viewBox="0 0 180 48"><circle cx="24" cy="24" r="18" fill="${colour}"/><path fill="${colour}" d="${NAME_OUTLINES[name]}"/></svg>`,
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
