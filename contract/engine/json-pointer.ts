// RFC 6901 JSON pointers, used both to walk the contract and to hand ajv
// `$ref`s into it (as URI fragments, hence the percent-encoding).

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

export function joinPointer(pointer: string, ...segments: ReadonlyArray<string | number>): string {
  return pointer + segments.map((segment) => `/${escapePointerSegment(String(segment))}`).join('')
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '/' ? [''] : []
  if (!pointer.startsWith('/')) throw new Error(`invalid JSON pointer "${pointer}"`)
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** `#/a~1b` style fragment (possibly percent-encoded) to a plain pointer. */
export function fragmentToPointer(fragment: string): string {
  const raw = fragment.startsWith('#') ? fragment.slice(1) : fragment
  return decodeURIComponent(raw)
}

export function pointerToFragment(pointer: string): string {
  return `#${parsePointer(pointer)
    .map((segment) => `/${encodeURIComponent(escapePointerSegment(segment))}`)
    .join('')}`
}

export function getAtPointer(document: unknown, pointer: string): unknown {
  let current: unknown = document
  for (const segment of parsePointer(pointer)) {
    // own properties only: `/constructor` in a pointer finds nothing, not Object's prototype
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined
    current = (current as Record<string, unknown>)[segment]
  }
  return current
}
