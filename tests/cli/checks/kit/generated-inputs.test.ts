import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { asQueryValue, runProperty, seedFor, type Trial } from '../../../../cli/src/checks/kit/generated-inputs.ts'
import { checkWorld, realContract } from '../check-harness.ts'

// Generated requests: one seed per operation and check, replayable; a failing input shrunk to the smallest.

describe('generated inputs', () => {
  it('a seed per label, the same every time: --seed replays a run', () => {
    expect(seedFor(42, 'negative:login')).toBe(seedFor(42, 'negative:login'))
    expect(seedFor(42, 'negative:login')).not.toBe(seedFor(42, 'positive:login'))
    expect(seedFor(42, 'negative:login')).not.toBe(seedFor(43, 'negative:login'))
  })

  it('query text as the server reads it: a number for a numeric parameter', async () => {
    const contract = await realContract()
    const page = contract.operations.get('listTravelGroups')!.parameters.find((parameter) => parameter.name === 'page')!
    const search = contract.operations.get('listTravelGroups')!.parameters.find((parameter) => parameter.name === 'search')!
    expect(asQueryValue(contract, page, '3')).toBe(3)
    expect(asQueryValue(contract, page, 'three')).toBe('three')
    expect(asQueryValue(contract, search, '3')).toBe('3')
  })

  it('runs the inputs, and shrinks a failure to the smallest one that still fails', async () => {
    const world = await checkWorld()
    let found: { trial: Trial; seed: number } | undefined
    const arbitrary = fc.integer({ min: 1, max: 500 }).map((page) => ({ what: `page ${page}`, options: { query: { page } } }))
    await world.run([
      {
        id: 'probe:x',
        name: 'x',
        kind: 'probe',
        async run(context) {
          // a made-up rule: pages past 20 are "refused"
          found = await runProperty(
            context,
            'listTravelGroups',
            arbitrary,
            7,
            50,
            (outcome) => Number(new URL(outcome.record.url).searchParams.get('page')) <= 20,
          )
        },
      },
    ])
    expect(found).toMatchObject({ trial: { what: 'page 21' }, seed: 7 })
  })
})
