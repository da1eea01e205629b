import { describe, expect, it } from 'vitest'
import { formatAmount } from '../../../../core/money.ts'
import { renderPdf } from '../../../../mock/src/world/kernel/pdf.ts'

const text = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('')

describe('renderPdf', () => {
  const pdf = text(
    renderPdf({
      title: 'Factura F2026-0001',
      lines: [{ text: 'Viajes Sol', bold: true, size: 20 }, { text: 'Importe: 1.234,56 €' }, { text: 'Paréntesis (y \\ barra)' }],
    }),
  )

  it('is a PDF 1.4 file ending in %%EOF', () => {
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true)
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true)
  })

  it('startxref points at the xref table and each entry at its object', () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(pdf)![1])
    expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n')
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(startxref))!
    expect(first).toBe('0')
    const entries = pdf
      .slice(startxref)
      .split('\n')
      .slice(2, 2 + Number(count))
    expect(entries[0]).toBe('0000000000 65535 f ')
    entries.slice(1).forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/)
      const offset = Number(entry.slice(0, 10))
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true)
    })
    expect(pdf).toContain(`/Size ${count}`)
  })

  it('stream lengths are exact', () => {
    for (const match of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = match.index! + match[0].length
      expect(pdf.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream')
    }
  })

  it('writes text in WinAnsi with escapes', () => {
    expect(pdf).toContain('(Importe: 1.234,56 \\200)')
    expect(pdf).toContain('(Par\\351ntesis \\(y \\\\ barra\\))')
  })

  it('breaks onto more pages when the text is long', () => {
    const long = text(renderPdf({ title: 'x', lines: Array.from({ length: 80 }, (_, i) => ({ text: `Línea ${i}` })) }))
    expect(long).toMatch(/\/Count 2 >>/)
  })
})

describe('amounts in a PDF', () => {
  it('are written as the portal shows them, the no-break space and the euro sign in WinAnsi', () => {
    const pdf = text(renderPdf({ title: 'x', lines: [{ text: `Importe: ${formatAmount(123456)}` }] }))
    // octal escapes: 240 is the no-break space, 200 the euro sign
    expect(pdf).toContain('(Importe: 1.234,56\\240\\200)')
  })
})
