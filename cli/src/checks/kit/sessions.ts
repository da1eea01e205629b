// The sessions the checks need besides the journey's: one signed out (its token must be refused from then
// on), a spare one for trying the sign-out itself, and the other customer's (--other-email).
import { asRecord, asString } from '../../run/json-readers.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import { statusOf } from './check.ts'

/** The operations the checks sign in and out with (a run walks the contract's own auth). */
export const signIn = 'login'
export const signOut = 'logout'

/** Signs in before the checks: a session to revoke, a spare one for signing out, and the other customer. */
export function sessionsStep(): StepDefinition<JourneyState> {
  return {
    id: 'checks.sessions',
    name: 'Sessions for the security checks (a revoked token, the other customer)',
    kind: 'probe',
    operationIds: [signIn, signOut],
    async run(context: StepContext<JourneyState>) {
      const { email, password, otherEmail, otherPassword } = context.state
      if (email === undefined || password === undefined) context.skip('needs --email/--password')
      const session = async (user: string, secret: string, what: string) => {
        const answer = await context.call(signIn, { json: { email: user, password: secret }, auth: 'none', probe: true })
        const token = asString(asRecord(answer.json)?.['token'])
        if (token === undefined) context.fail(what, statusOf(answer), { kind: 'probe', operationId: signIn })
        return token
      }
      const revoked = await session(email, password, 'a second session for --email')
      const logout = await context.call(signOut, { auth: { token: revoked }, probe: true })
      if (!logout.ok) context.fail('the second session signed out (2xx)', statusOf(logout), { kind: 'probe', operationId: signOut })
      context.set({ revokedToken: revoked, spareToken: await session(email, password, 'a third session for --email') })
      context.note('a second session was opened and signed out: its token must be refused from now on')
      if (otherEmail !== undefined && otherPassword !== undefined) {
        context.set({ otherToken: await session(otherEmail, otherPassword, `a session for --other-email ${otherEmail}`) })
      }
    },
  }
}
