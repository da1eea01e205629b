import { readFile } from 'node:fs/promises'

import { describe, expect, it } from 'vitest'

import { SCENARIOS } from '../../../contract/mock-control.ts'
import { describeTarget } from '../../../cli/src/commands/scenario-command.ts'

// How the scenario command says where a scenario applies, and its guide's table of targets kept to the mock's catalogue.

describe('where a scenario applies', () => {
  it('reads most specific first, its parents after', () => {
    expect(describeTarget({})).toBe('every tenant')
    expect(describeTarget({ tenant: 'ag-mar' })).toBe('tenant ag-mar')
    expect(describeTarget({ tenant: 'ag-sol', travelGroup: 'tg-sol-lon', pack: 'tg-sol-lon-pck-1' })).toBe(
      'pack tg-sol-lon-pck-1 (travel group tg-sol-lon, tenant ag-sol)',
    )
    expect(describeTarget({ tenant: 'ag-sol', travelGroup: 'tg-sol-pir', booking: 'bkg-sol-1002', member: 'mem-sol-jorge' })).toBe(
      'passenger mem-sol-jorge (booking bkg-sol-1002, travel group tg-sol-pir, tenant ag-sol)',
    )
  })
})

describe("cli/README's table of scenarios and targets", () => {
  it('names every scenario but default once, with exactly the flags the mock takes for it', async () => {
    const guide = await readFile(new URL('../../../cli/README.md', import.meta.url), 'utf8')
    const section = guide.slice(guide.indexOf('### Scenarios and where to aim them'), guide.indexOf('## smoke:'))
    const flagOf = { travelGroup: '--travel-group', pack: '--pack', booking: '--booking', member: '--member' } as const
    const rows = new Map<string, string[]>()
    for (const line of section.split('\n').filter((l) => /^\| `/.test(l))) {
      const [names, flags] = line.split('|').slice(1, 3) as [string, string]
      for (const name of names.match(/`([a-z-]+)`/g)!.map((n) => n.slice(1, -1))) {
        expect(rows.has(name), name).toBe(false)
        rows.set(name, flags.match(/--[a-z-]+/g) ?? [])
      }
    }
    for (const scenario of SCENARIOS.filter((s) => s.name !== 'default')) {
      expect(rows.get(scenario.name), scenario.name).toEqual(['--tenant', ...scenario.targets.map((t) => flagOf[t])])
    }
    expect(rows.size).toBe(SCENARIOS.length - 1)
  })
})
