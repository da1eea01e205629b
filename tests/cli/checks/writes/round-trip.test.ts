import { describe, expect, it } from 'vitest'
import { reach } from '../../../../cli/src/checks/per-operation/reach.ts'
import { roundTrip } from '../../../../cli/src/checks/writes/round-trip.ts'
import { answer, checkWorld } from '../check-harness.ts'

// round-trip: every field a write sent reads back as sent (or as x-normalised says), in the read right after.

/** A backend that stores a profile mangled: every read after its first save shows the edit. */
const storesProfile = (edit: (profile: Record<string, unknown>) => void) => {
  let saved = false
  return async ({ operationId }: { operationId: string | undefined }, mocked: Response) => {
    if (operationId === 'updateProfile') saved = true
    if (operationId !== 'getProfile' || !mocked.ok || !saved) return undefined
    const profile = (await mocked.clone().json()) as Record<string, unknown>
    edit(profile)
    return answer(200, profile)
  }
}

describe('the round-trip check', () => {
  it('has a step for each write it can read back, and uses what reach wrote', async () => {
    const world = await checkWorld()
    expect(roundTrip.steps(world.options, world.operation('updateProfile')).map((step) => step.id)).toEqual(['round-trip:updateProfile'])
    expect(roundTrip.steps(world.options, world.operation('login'))).toEqual([])
    expect(roundTrip.uses).toEqual(['reach'])
  })

  it('passes on the mock: every field sent reads back', async () => {
    const world = await checkWorld()
    const results = await world.run([
      ...reach.steps(world.options, world.operation('updateProfile')),
      ...roundTrip.steps(world.options, world.operation('updateProfile')),
    ])
    expect(results[1]).toMatchObject({
      id: 'round-trip:updateProfile',
      status: 'passed',
      notes: [expect.stringMatching(/^\d+ fields? read back through getProfile$/)],
    })
  })

  it('fails naming the field on a backend that stores a name with its accents lost', async () => {
    const world = await checkWorld({
      fault: storesProfile(
        (profile) =>
          (profile['surname1'] = String(profile['surname1'])
            .normalize('NFD')
            .replace(/\p{Diacritic}/gu, '')),
      ),
    })
    const results = await world.run([
      ...reach.steps(world.options, world.operation('updateProfile')),
      ...roundTrip.steps(world.options, world.operation('updateProfile')),
    ])
    const result = results.find((step) => step.id === 'round-trip:updateProfile')!
    expect(result.status).toBe('failed')
    expect(result.violations.find((violation) => violation.kind === 'round-trip')!.actual).toMatch(/^\$\.surname1 sent "García", read "Garcia"/)
  })

  it('is skipped when the run made no such write', async () => {
    const world = await checkWorld()
    expect((await world.run(roundTrip.steps(world.options, world.operation('updateProfile'))))[0]).toMatchObject({ status: 'skipped' })
  })
})
