// The agency, its FAQ and a customer as the API shows them: records mapped, nothing derived.
import type { Agency, FaqEntry, User } from '../../../../contract/generated/model/index.ts'
import { english } from '../../../../core/translations.ts'
import type { AgencyRecord, CustomerRecord } from '../kernel/types.ts'

export const agencyView = (a: AgencyRecord): Agency => ({
  id: a.id,
  name: a.name,
  logo: a.logo ? { images: { original: a.logo } } : null,
  color1: a.color1,
  color3: a.color3,
  color4: a.color4,
  css_extra: a.css_extra,
  email: a.email,
  phone: a.phone,
  legal_notice_html: a.legal_notice_html,
  translations: a.translations,
})

/** The FAQ in Spanish, each entry carrying the English entry of the same id as its translation. */
export const faqView = (a: AgencyRecord): FaqEntry[] =>
  a.faq.es.map((entry) => {
    const en = a.faq.en.find((e) => e.id === entry.id)
    return { ...entry, translations: english({ question: en?.question, answer_html: en?.answer_html }) }
  })

export const userView = (c: CustomerRecord): User => ({
  id: c.id,
  name: c.name,
  surname1: c.surname1,
  surname2: c.surname2,
  email: c.email,
  phone: c.phone,
  lang: c.lang,
  validated: c.validated,
})
