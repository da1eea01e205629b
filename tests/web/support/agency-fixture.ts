import type { Agency } from '@contract/generated/model/agency'

/** An agency with a logo, contact details and a name that must stay text (`<Sol>`), for the page's frame. */
export const solAgency = {
  id: 'ag-sol',
  name: 'Viajes <Sol>',
  logo: { images: { original: 'https://cdn.sol.example/logo.png' } },
  color1: '#c2410c',
  color3: '#1e3a5f',
  color4: '#fff7ed',
  css_extra: null,
  email: 'hola@sol.example',
  phone: '+34 910 000 111',
  legal_notice_html: '',
} as unknown as Agency
