// @vitest-environment jsdom
// (jsdom, not happy-dom: DOMPurify needs a faithful HTML parser; happy-dom drops valid headings.)
// HTML from the API (descriptions, conditions, invitation texts) goes through SafeHtml only: hostile
// markup must come out harmless while the formatting survives.
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SafeHtml } from '@/components/content/safe-html'
import { sanitizeHtml } from '@/lib/browser/sanitize-html'

const hostile = [
  '<p>Hola <strong>viajero</strong></p>',
  '<script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 2">',
  '<a href="javascript:window.__pwned = 3">enlace</a>',
  '<a href="https://example.com/condiciones" onclick="window.__pwned = 4">condiciones</a>',
  '<div style="background:url(javascript:alert(1))">estilo</div>',
  '<style>body { background: url(https://evil.example/x) }</style>',
  '<iframe src="https://evil.example"></iframe>',
  '<form action="https://evil.example"><input name="card"><button>Pagar</button></form>',
  '<svg><script>window.__pwned = 5</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
].join('')

describe('SafeHtml with hostile HTML', () => {
  it('keeps text and formatting, drops scripts, handlers, javascript: links, styles, frames and forms', () => {
    const { container } = render(<SafeHtml html={hostile} />)
    const root = container.firstElementChild as HTMLElement
    expect(root.querySelector('strong')?.textContent).toBe('viajero')
    expect(root.querySelector('script, style, iframe, form, input, button, img, svg, math')).toBeNull()
    const html = root.innerHTML.toLowerCase()
    for (const bad of ['onerror', 'onclick', 'javascript:', 'style=', 'url(', '__pwned']) expect(html).not.toContain(bad)
    const links = [...root.querySelectorAll('a')]
    expect(links.map((a) => a.textContent)).toEqual(['enlace', 'condiciones'])
    expect(links[0]!.getAttribute('href')).toBeNull()
    expect(links[1]!.getAttribute('href')).toBe('https://example.com/condiciones')
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('empty or missing HTML renders nothing', () => {
    expect(sanitizeHtml(null)).toBe('')
    expect(sanitizeHtml(undefined)).toBe('')
    expect(sanitizeHtml('')).toBe('')
  })

  it('plain prose is left as it is', () => {
    const prose = '<h2>Condiciones generales</h2><p>El depósito de 100,00 € no es reembolsable.</p><ul><li>Uno</li></ul>'
    expect(sanitizeHtml(prose)).toBe(prose)
  })

  it('keeps the same rules on every call, not only the first', () => {
    for (let call = 0; call < 3; call += 1) {
      expect(sanitizeHtml('<p onclick="steal()">Hola</p><script>steal()</script><img src="https://evil.example/x">')).toBe('<p>Hola</p>')
      expect(sanitizeHtml('<h3>Día 1</h3><p><a href="https://example.com">Plan</a></p>')).toBe('<h3>Día 1</h3><p><a href="https://example.com">Plan</a></p>')
    }
  })
})
