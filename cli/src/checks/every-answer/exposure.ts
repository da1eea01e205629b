// exposure: no answer shows a credential, token, session, IBAN or identity document the contract does not declare,
// nor anywhere a full card number, a password hash or a private key (OWASP API3); what looks secret is the
// engine's (contract/engine/secret-exposure.ts).
import { exposureScan } from '../../../../contract/engine/secret-exposure.ts'
import type { Check } from '../kit/check.ts'

export const exposure = {
  name: 'exposure',
  proves: 'no answer shows a full card number, a password hash, a private key, or an undeclared credential, token, session, IBAN or identity document',
  runs: 'every answer',
  zap: '10062 PII Disclosure (card numbers), 10097 Hash Disclosure',
  scan: exposureScan,
} as const satisfies Check<'exposure'>
