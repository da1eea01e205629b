// What a rule over the world is given: the world at this moment, the writer that records what it
// changes, and the tenant and customer language it acts for. The HTTP handlers build it from the
// request (handlers/context.ts); the rules never see a request.
import type { Language } from '../../../contract/generated/model/language.ts'
import type { AgencyRecord, CustomerRecord } from './types.ts'
import type { ViewContext } from './read-context.ts'
import type { WorldWriter } from './world-writes.ts'

/** Where a payment's provider form goes and the key it is signed with (the mock's own origin, the runtime's key). */
export type ProviderKeys = { base: string; secret: string }

export type WorldContext = ViewContext &
  Omit<WorldWriter, 'world'> & {
    agency: AgencyRecord
    lang: Language
    /** the portal the customer is using: where links in e-mails point */
    portalOrigin(): string
    provider: ProviderKeys
    /** the signed-in customer the rule acts for; fails 401 when there is none */
    me(): CustomerRecord
  }
