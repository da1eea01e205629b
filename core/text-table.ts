// A fixed-width table for a terminal: the CLI's listings and the scripts' reports print their rows the same way.

/** Columns as wide as their widest cell, two spaces apart, a dashed line under the header; trailing spaces trimmed. */
export function renderTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd()
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n') + '\n'
}
