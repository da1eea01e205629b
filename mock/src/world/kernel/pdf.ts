// A tiny PDF 1.4 writer for the mock's documents (invoices, parental authorizations): text lines on
// A4 pages with the standard Helvetica fonts, so no font has to be embedded. Works in the browser too
// (no node:buffer): the file is built as a byte string and turned into a Uint8Array at the end.

export type PdfLine = {
  text: string
  /** font size in points; 11 by default */
  size?: number
  bold?: boolean
  /** extra space before the line, in points */
  gap?: number
}

export type PdfDocument = { title: string; lines: PdfLine[] }

const PAGE_WIDTH = 595
const PAGE_HEIGHT = 842
const MARGIN = 56

/** Windows-1252 bytes for the few characters above Latin-1 a document may carry (WinAnsiEncoding). */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
}

/** Text as WinAnsi bytes (one char per byte); what the standard fonts cannot show becomes '?'. */
const winAnsi = (text: string): string => {
  let out = ''
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!
    if (WIN_ANSI_EXTRA[ch] !== undefined) out += String.fromCharCode(WIN_ANSI_EXTRA[ch])
    else if (code === 0x09) out += ' '
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) out += ch
    else out += '?'
  }
  return out
}

/** A literal string: backslash and parentheses escaped, bytes above 0x7e as octal so the file stays 7-bit. */
const literal = (bytes: string): string => {
  let out = '('
  for (const ch of bytes) {
    const code = ch.charCodeAt(0)
    if (ch === '\\' || ch === '(' || ch === ')') out += `\\${ch}`
    else if (code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`
    else out += ch
  }
  return `${out})`
}

/** A text string for the document info: UTF-16BE with a byte-order mark, as hex. */
const textString = (text: string): string => {
  let hex = 'FEFF'
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase()
  return `<${hex}>`
}

/** Helvetica is about half an em wide on average: wrap long lines so they stay on the page. */
const wrap = (text: string, size: number): string[] => {
  const max = Math.max(10, Math.floor((PAGE_WIDTH - 2 * MARGIN) / (size * 0.5)))
  if (text.length <= max) return [text]
  const words = text.split(' ')
  const lines: string[] = []
  let current = ''
  for (const word of words) {
    if (current && `${current} ${word}`.length > max) {
      lines.push(current)
      current = word
    } else current = current ? `${current} ${word}` : word
  }
  if (current) lines.push(current)
  return lines.flatMap((l) => (l.length > max ? (l.match(new RegExp(`.{1,${max}}`, 'g')) ?? [l]) : [l]))
}

/** Content streams, one per page. */
const layout = (lines: PdfLine[]): string[] => {
  const pages: string[] = []
  let ops: string[] = []
  let y = PAGE_HEIGHT - MARGIN
  for (const line of lines) {
    const size = line.size ?? 11
    for (const [index, piece] of wrap(line.text, size).entries()) {
      const advance = size * 1.4 + (index === 0 ? (line.gap ?? 0) : 0)
      if (y - advance < MARGIN) {
        pages.push(ops.join('\n'))
        ops = []
        y = PAGE_HEIGHT - MARGIN
      }
      y -= advance
      ops.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y.toFixed(2)} Td ${literal(winAnsi(piece))} Tj ET`)
    }
  }
  pages.push(ops.join('\n'))
  return pages
}

/** Builds the file: objects in order, then the cross-reference table with the byte offset of each. */
export const renderPdf = (doc: PdfDocument): Uint8Array => {
  const streams = layout(doc.lines)
  // 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page
  const pageIds = streams.map((_, i) => 6 + i * 2)
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${textString(doc.title)} /Producer (travel-portal mock) >>`,
  ]
  for (const [i, stream] of streams.entries()) {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    )
    // the stream text is 7-bit (see literal), so its length in characters is its length in bytes
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`)
  }
  // the second line marks the file as binary for transfer tools, as the PDF spec recommends
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  for (const [i, body] of objects.entries()) {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  }
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  const bytes = new Uint8Array(out.length)
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff
  return bytes
}

/** 2026-11-21 → 21/11/2026 */
export const formatDate = (iso: string): string => {
  const [y, m, d] = iso.slice(0, 10).split('-')
  return `${d}/${m}/${y}`
}

export const pdfResponse = (bytes: Uint8Array, filename: string): Response =>
  new Response(bytes as unknown as BodyInit, {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${filename}"`, 'Content-Length': String(bytes.length) },
  })
