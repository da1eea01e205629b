// What rules over the world are given. A read (a view, seats left, a term's status) needs only the world,
// today (and now) and the scenarios switched on; a rule that changes the world also gets the writer that
// records what it changes, and the tenant and customer language it acts for. The HTTP handlers build it
// from the request (handlers/context.ts); the rules never see a request.
import type { Language } from '../../../../contract/generated/model/language.ts'
import type { ScenarioSwitches } from './active-scenarios.ts'
import type { AgencyRecord, CustomerRecord, World } from './types.ts'
import type { WorldWriter } from './world-writes.ts'

/** What a read over the world is given. */
export type ViewContext = { world: World; today: string; now: Date; scenarios: ScenarioSwitches }

/** Where a payment's provider form goes and the key it is signed with (the mock's own origin, the runtime's key). */
export type ProviderKeys = { base: string; secret: string }

/** What a rule that acts for a customer of a tenant is given. */
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
