import { describe, expect, it } from 'vitest'
import { response } from '../../../../cli/src/checks/every-answer/response.ts'
import { answer, checkWorld } from '../check-harness.ts'

// response: every answer read against the contract, always; it is the response checker itself.

describe('the response check', () => {
  it('is always on and has no scan of its own', () => {
    expect(response).toMatchObject({ name: 'response', runs: 'every answer', always: true })
    expect('scan' in response).toBe(false)
  })

  it('reads every answer, whatever step made it: an undeclared status, a server error, a broken schema', async () => {
    const world = await checkWorld({
      fault: ({ operationId }) =>
        operationId === 'getProfile'
          ? answer(418, { code: 'teapot', message: 'x' })
          : operationId === 'listServices'
            ? answer(500, { code: 'internal', message: 'x' })
            : undefined,
    })
    expect((await world.read('getProfile')).violations.map((violation) => violation.kind)).toEqual(['status'])
    expect((await world.read('listServices')).violations.map((violation) => violation.kind)).toEqual(['server-error'])
  })
})
