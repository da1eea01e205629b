import { describe, expect, it } from 'vitest'
import { fullName } from '../../core/person-name.ts'

// A person's name as the portal and the mock's documents write it.

describe('a full name', () => {
  it('is the name and surnames that are there, with single spaces', () => {
    expect(fullName({ name: 'Ana', surname1: 'García', surname2: 'López' })).toBe('Ana García López')
    expect(fullName({ name: 'Ana', surname1: 'García', surname2: null })).toBe('Ana García')
    expect(fullName({ name: ' Ana ', surname1: '', surname2: undefined })).toBe('Ana')
  })
})
