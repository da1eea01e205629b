import { describe, expect, it } from 'vitest'
import { renderTable } from '../../core/text-table.ts'

describe('a terminal table', () => {
  it('makes each column as wide as its widest cell, a dashed line under the header, no trailing spaces', () => {
    expect(
      renderTable(
        ['id', 'name'],
        [
          ['ag-sol', 'Viajes Sol'],
          ['x', ''],
        ],
      ),
    ).toBe(['id      name', '------  ----------', 'ag-sol  Viajes Sol', 'x'].join('\n') + '\n')
  })

  it('is the header and its line alone when there are no rows, and a missing cell is empty', () => {
    expect(renderTable(['route', 'views'], [])).toBe('route  views\n-----  -----\n')
    expect(renderTable(['a', 'b'], [['1']])).toBe('a  b\n-  -\n1\n')
  })
})
