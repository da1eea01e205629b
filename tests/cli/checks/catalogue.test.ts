import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { checkCatalogue, checkOfStep, checkSelection } from '../../../cli/src/checks/catalogue.ts'

// The catalogue of checks: their names, which run, and cli/README's table of them.

describe('check names', () => {
  it('a step belongs to the check its id starts with; --include/--exclude pick checks, the response check always runs', () => {
    expect(checkOfStep('round-trip:updateDni')).toBe('round-trip')
    expect(checkOfStep('booking.detail')).toBeUndefined()
    expect(checkOfStep('probe.login-wrong-password')).toBeUndefined()
    const only = checkSelection(['round-trip', 'getBooking'], [])
    expect([only('round-trip'), only('exposure'), only('response')]).toEqual([true, false, true])
    const without = checkSelection([], ['exposure'])
    expect([without('exposure'), without('error-leak')]).toEqual([false, true])
  })

  it("cli/README's table lists every check, in the catalogue's order, with its Schemathesis, RESTler and ZAP counterparts, or none", async () => {
    const readme = await readFile(path.join(import.meta.dirname, '../../../cli/README.md'), 'utf8')
    const rows = [...readme.matchAll(/^\| `([a-z-]+)` \| .* \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)].map((match) => ({
      name: match[1],
      schemathesis: (match[2] as string).trim(),
      restler: (match[3] as string).trim(),
      zap: (match[4] as string).trim(),
    }))
    expect(rows).toEqual(
      checkCatalogue.map((check) => ({
        name: check.name,
        schemathesis: check.schemathesis ?? 'none',
        restler: check.restler ?? 'none',
        zap: check.zap ?? 'none',
      })),
    )
  })
})
