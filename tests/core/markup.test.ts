import { describe, expect, it } from 'vitest'
import { escapeMarkup } from '../../core/markup.ts'

// Text put into HTML, SVG or XML: the five characters that could make it markup.

describe('markup escaping', () => {
  it('escapes &, <, >, quotes and apostrophes, and leaves the rest', () => {
    expect(escapeMarkup(`<a href="x" onclick='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;')
    expect(escapeMarkup('Ñandú 🧳')).toBe('Ñandú 🧳')
    expect(escapeMarkup('&amp;')).toBe('&amp;amp;')
  })
})
