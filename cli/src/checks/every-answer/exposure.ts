// exposure: no answer shows a credential, token or session the contract does not declare, a password hash or
// a private key (OWASP API3); what looks secret is the engine's (contract/engine/secret-exposure.ts).
import { exposureScan } from '../../../../contract/engine/secret-exposure.ts'
import type { Check } from '../kit/check.ts'

export const exposure = {
  name: 'exposure',
  proves: 'no answer shows an undeclared credential, token or session, a password hash, a private key',
  runs: 'every answer',
  scan: exposureScan,
} as const satisfies Check<'exposure'>
