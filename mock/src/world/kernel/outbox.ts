// The e-mails the mock would send: kept in the outbox (GET /__mock/outbox shows them) instead.
import type { WorldContext } from './world-context.ts'

const MAX_OUTBOX = 500

/** Records an e-mail in the outbox (GET /__mock/outbox shows it) instead of sending it. The oldest go past 500. */
export const sendMail = (ctx: WorldContext, to: string, subject: string, text: string, link: string | null) => {
  ctx.insert('outbox', { id: ctx.id('mail'), agencyId: ctx.agency.id, to, subject, text, link, sentAt: ctx.now.toISOString() })
  ctx.remove('outbox', ctx.world.outbox.slice(0, -MAX_OUTBOX))
}
