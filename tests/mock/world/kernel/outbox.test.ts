import { describe, expect, it } from 'vitest'
import { sendMail } from '../../../../mock/src/world/kernel/outbox.ts'
import { freshWorld, worldContext } from '../world-fixture.ts'

// The mock sends no e-mail: it keeps them in the outbox (GET /__mock/outbox), the newest 500.

describe('the outbox', () => {
  it('keeps an e-mail with its agency, link and time, and says it changed the outbox', () => {
    const world = freshWorld()
    const ctx = worldContext(world)
    sendMail(ctx, 'ana@example.com', 'Asunto', 'Texto', 'http://localhost:5173/login?x=1')
    const mail = world.outbox.at(-1)!
    expect(mail).toMatchObject({
      agencyId: 'ag-sol',
      to: 'ana@example.com',
      subject: 'Asunto',
      link: 'http://localhost:5173/login?x=1',
      sentAt: ctx.now.toISOString(),
    })
    expect(ctx.write.changes.saved.get('outbox')?.has(mail.id)).toBe(true)
  })

  it('keeps only the newest 500, the oldest removed from the store too', () => {
    const world = freshWorld()
    const ctx = worldContext(world)
    for (let i = 0; i < 520; i += 1) sendMail(ctx, `t${i}@example.com`, 's', 't', null)
    expect(world.outbox).toHaveLength(500)
    expect(world.outbox.at(-1)!.to).toBe('t519@example.com')
    expect(world.outbox.some((mail) => mail.to === 't0@example.com')).toBe(false)
    expect(ctx.write.changes.removed.get('outbox')?.size).toBeGreaterThan(0)
  })
})
