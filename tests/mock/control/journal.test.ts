import { describe, expect, it } from 'vitest'

import { createJournal, maskBody, maskUrl } from '../../../mock/src/control/journal.ts'

describe('journal ring buffer', () => {
  it('keeps the newest entries up to its capacity, newest first', () => {
    const journal = createJournal(3)
    for (let i = 1; i <= 5; i += 1) journal.record({ time: '', method: 'GET', path: `/${i}`, status: 200, agency: null, durationMs: 1 })
    expect(journal.list().map((e) => e.path)).toEqual(['/5', '/4', '/3'])
    expect(journal.list(2).map((e) => e.id)).toEqual([5, 4])
    journal.clear()
    expect(journal.list()).toEqual([])
  })
})

describe('masking', () => {
  it('masks secret query values and keeps the rest', () => {
    expect(maskUrl('/auth/autologin?token=abc123&lang=es')).toBe('/auth/autologin?token=***&lang=es')
    expect(maskUrl('/__provider/pay?payment=pay-1&signature=9f3a')).toBe('/__provider/pay?payment=pay-1&signature=***')
    expect(maskUrl('/x?access_token=a&refresh%5Ftoken=b')).toBe('/x?access_token=***&refresh%5Ftoken=***')
  })

  it('masks JSON bodies by key, at any depth, and tokens inside strings', () => {
    const body = maskBody(
      JSON.stringify({
        email: 'a@b.c',
        password: 'hunter2',
        nested: { token: 'tok_1', list: [{ new_password: 'x' }] },
        note: 'see http://p/x?token=tok_2',
        auth: 'Bearer tok_3',
      }),
      'application/json',
    )
    expect(body).not.toMatch(/hunter2|tok_1|tok_2|tok_3|"x"/)
    expect(JSON.parse(body!)).toMatchObject({ email: 'a@b.c', password: '***', nested: { token: '***', list: [{ new_password: '***' }] } })
  })

  it('masks forms, keeps invalid JSON readable but masked, and only describes binary bodies', () => {
    expect(maskBody('payment=pay-1&signature=abc&outcome=approve', 'application/x-www-form-urlencoded')).toBe('payment=pay-1&signature=***&outcome=approve')
    expect(maskBody('{"token": "tok_9"', 'application/json')).not.toContain('tok_9')
    expect(maskBody('\u0000\u0001binary', 'application/pdf')).toBe('[8 bytes application/pdf]')
    expect(maskBody('', 'application/json')).toBeUndefined()
  })
})
