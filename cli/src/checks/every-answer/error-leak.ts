// error-leak: no error answer shows the backend's insides — a stack trace, the server's paths, SQL, an
// exception class (OWASP API8); the patterns are the engine's (contract/engine/error-leaks.ts).
import { errorLeakScan } from '../../../../contract/engine/error-leaks.ts'
import type { Check } from '../kit/check.ts'

export const errorLeak = {
  name: 'error-leak',
  proves: "no error answer shows a stack trace, the server's paths, SQL or an exception class",
  runs: 'every answer',
  zap: '90022 Application Error Disclosure, 10023 Debug Error Messages',
  scan: () => errorLeakScan,
} as const satisfies Check<'error-leak'>
