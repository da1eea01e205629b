import { describe, expect, it } from 'vitest'
import { escapePointerSegment, fragmentToPointer, getAtPointer, joinPointer, parsePointer, pointerToFragment } from '../../../contract/engine/json-pointer.ts'

// JSON Pointers (RFC 6901), as the engine names places in schemas and answers.

describe('JSON pointers', () => {
  it('escape ~ and / in a segment, and read them back', () => {
    expect(escapePointerSegment('a/b~c')).toBe('a~1b~0c')
    expect(joinPointer('/paths', '/booking/{id}', 'get')).toBe('/paths/~1booking~1{id}/get')
    expect(parsePointer('/paths/~1booking~1{id}/get')).toEqual(['paths', '/booking/{id}', 'get'])
    expect(parsePointer('')).toEqual([])
  })

  it('a URI fragment and a pointer, both ways', () => {
    expect(fragmentToPointer('#/components/schemas/A%20B')).toBe('/components/schemas/A B')
    expect(pointerToFragment('/components/schemas/A B')).toBe('#/components/schemas/A%20B')
    expect(fragmentToPointer(pointerToFragment('/paths/~1a b'))).toBe('/paths/~1a b')
  })

  it('reads what a pointer points at in a document, undefined where nothing is', () => {
    const document = { members: [{ id: 'm1', tags: ['a'] }], 'a/b': 1 }
    expect(getAtPointer(document, '/members/0/id')).toBe('m1')
    expect(getAtPointer(document, '/a~1b')).toBe(1)
    expect(getAtPointer(document, '')).toBe(document)
    expect(getAtPointer(document, '/members/5/id')).toBeUndefined()
    expect(getAtPointer(document, '/members/0/tags/0/x')).toBeUndefined()
    expect(getAtPointer(document, '/__proto__')).toBeUndefined()
  })
})
