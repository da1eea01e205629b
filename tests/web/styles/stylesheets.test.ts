// Rules every stylesheet of the portal keeps (web/src/**/*.css), read as the browser reads them.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import postcss, { AtRule, type Node, type Rule } from 'postcss'
import { describe, expect, it } from 'vitest'

const webSrc = fileURLToPath(new URL('../../../web/src', import.meta.url))
const stylesheets = readdirSync(webSrc, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'))

/** Each rule whose selector has `:hover` and is not inside `@media (hover: hover)`, as "file: selector". */
function hoverOutsideHoverMedia(file: string, css: string): string[] {
  const found: string[] = []
  const insideHoverMedia = (node: Node | undefined): boolean =>
    node !== undefined &&
    ((node instanceof AtRule && node.name === 'media' && /\(\s*hover\s*:\s*hover\s*\)/.test(node.params)) || insideHoverMedia(node.parent as Node | undefined))
  postcss.parse(css, { from: file }).walkRules((rule: Rule) => {
    if (rule.selector.includes(':hover') && !insideHoverMedia(rule.parent as Node | undefined)) found.push(`${file}: ${rule.selector.replace(/\s+/g, ' ')}`)
  })
  return found
}

describe('the stylesheets', () => {
  it('are found', () => {
    expect(stylesheets).toContain(path.join('styles', 'base.css'))
    expect(stylesheets.length).toBeGreaterThan(10)
  })

  // A phone has no hover: its browser applies :hover on a tap and keeps it after (a card left lifted, a button
  // darker), and the style change and its transitions are drawn in the tap's frames.
  it('a hover style applies only where a pointer hovers (@media (hover: hover))', () => {
    const outside = stylesheets.flatMap((file) => hoverOutsideHoverMedia(file, readFileSync(path.join(webSrc, file), 'utf8')))
    expect(outside).toEqual([])
  })

  it('the check finds a hover style left outside, and accepts one inside', () => {
    expect(hoverOutsideHoverMedia('x.css', '.card:hover { color: red }\n@media (min-width: 40rem) { a:hover { color: red } }')).toEqual([
      'x.css: .card:hover',
      'x.css: a:hover',
    ])
    expect(hoverOutsideHoverMedia('x.css', '@media (hover: hover) { .card:hover { color: red } }')).toEqual([])
  })
})
