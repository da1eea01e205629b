import { describe, expect, it } from 'vitest'
import { escapeMarkup } from '../../../../core/markup.ts'
import { brandVariablesCss, contrastRatio, inlineJson, sanitizeTenantCss, textOn } from '../../../../web/src/lib/domain/branding.universal.ts'

describe('text colour by contrast', () => {
  it.each([
    ['#ffffff', '#111827'],
    ['#fff7ed', '#111827'],
    ['#fbbf24', '#111827'],
    ['#c2410c', '#ffffff'],
    ['#1e3a5f', '#ffffff'],
    ['#0f766e', '#ffffff'],
    ['#000000', '#ffffff'],
  ])('on %s the text is %s', (bg, text) => {
    expect(textOn(bg)).toBe(text)
    expect(contrastRatio(bg, text)).toBeGreaterThanOrEqual(4.5)
  })

  it('writes every brand variable with its text colour', () => {
    expect(brandVariablesCss({ color1: '#C2410C', color3: '#fbbf24', color4: '#fff7ed' })).toBe(
      ':root{--brand-1:#c2410c;--on-brand-1:#ffffff;--brand-3:#fbbf24;--on-brand-3:#111827;--brand-4:#fff7ed;--on-brand-4:#111827;}',
    )
  })

  it('falls back to defaults for malformed colours (they could smuggle CSS)', () => {
    const css = brandVariablesCss({ color1: 'red;}body{background:url(http://evil)}', color3: '#123', color4: undefined })
    expect(css).not.toContain('evil')
    expect(css).toContain('--brand-1:#2563eb')
  })
})

describe('tenant CSS is inert', () => {
  it('keeps ordinary styling', () => {
    expect(sanitizeTenantCss('.site-header { letter-spacing: .02em; color: #333 }')).toBe('.site-header { letter-spacing: .02em; color: #333 }')
  })

  it.each([
    ['body{background:url(https://evil.example/x.png)}', 'url('],
    ['body{background:URL ("https://evil.example/x.png")}', 'evil.example/x.png")'],
    ['@import "https://evil.example/a.css";', '@import'],
    ['@import url(//evil.example/a.css);', '@import'],
    ['body{background:u\\72 l(https://evil.example)}', 'url('],
    ['div{background-image:image-set("https://evil.example/a.png" 1x)}', 'image-set('],
    ['div{width:expression(alert(1))}', 'expression('],
    ['a{behavior:url(x.htc)}', 'behavior:'],
    ['div{-moz-binding:url(evil.xml#x)}', '-moz-binding'],
    ['@font-face{font-family:x;src:url(https://evil.example/f.woff)}', '@font-face'],
    ['</style><script>alert(1)</script>', '</style'],
  ])('neutralizes %s', (css, forbidden) => {
    const out = sanitizeTenantCss(css)
    expect(out.toLowerCase()).not.toContain(forbidden.toLowerCase().startsWith('evil') ? 'url(' : forbidden.toLowerCase())
    expect(out).not.toMatch(/url\s*\(/i)
    expect(out).not.toContain('<')
  })
})

describe('escaping for the served HTML', () => {
  it('escapes text', () => expect(escapeMarkup(`<b>"Sol" & 'Mar'</b>`)).toBe('&lt;b&gt;&quot;Sol&quot; &amp; &#39;Mar&#39;&lt;/b&gt;'))
  it('keeps inline JSON inside its script', () => expect(inlineJson({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>'))
})
