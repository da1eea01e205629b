// Whether a list shows what a write just made or changed, as the item's own read does. A backend that caches
// a list (My bookings) per customer for minutes answers every item schema-valid, and still misses the booking
// just made or shows a canceled one as confirmed. Which lists show a read: those whose items link to it
// (`$response.body#/data/0/id` → getBooking's id), and those the read's `x-lists` names.
import type { ContractIndex, OperationSpec } from './contract-index.ts'
import { getAtPointer } from './json-pointer.ts'

/** A list's items that link to a read of each: where the items are, and which field of an item is the read's parameter. */
export type ItemLink = { list: OperationSpec; read: OperationSpec; itemsPointer: string; field: string; parameter: string }

/** The links from a list's items to the read of each (`$response.body#/data/0/id` → getBooking's id). */
export function itemLinksOf(contract: ContractIndex, list: OperationSpec): ItemLink[] {
  return (list.responses['200']?.links ?? []).flatMap((link) => {
    const read = contract.operations.get(link.operationId)
    const pathParameters = read?.parameters.filter((parameter) => parameter.in === 'path') ?? []
    if (read === undefined || read.method !== 'get' || pathParameters.length !== 1) return []
    return Object.entries(link.parameters).flatMap(([parameter, expression]) => {
      const match = /^\$response\.body#((?:\/[A-Za-z_]+)*)\/0\/([A-Za-z_]+)$/.exec(expression)
      return match === null ? [] : [{ list, read, itemsPointer: match[1] as string, field: match[2] as string, parameter: parameter.replace(/^path\./, '') }]
    })
  })
}

/** The lists (GETs without path parameters) whose items link to `read`, and those `read`'s x-lists names. */
export function listsShowing(contract: ContractIndex, read: OperationSpec): ItemLink[] {
  const found = [...contract.operations.values()]
    .filter((list) => list.method === 'get' && !list.path.includes('{'))
    .flatMap((list) => itemLinksOf(contract, list))
    .filter((link) => link.read === read)
  for (const name of read.lists) {
    const list = contract.operations.get(name)
    if (list === undefined || found.some((item) => item.list === list)) continue
    const parameter = read.parameters.find((candidate) => candidate.in === 'path')?.name
    if (parameter !== undefined) found.push({ list, read, itemsPointer: '', field: 'id', parameter })
  }
  return found
}

/** The items of a list answer at its pointer; a bare array, or the first array among data/items/results. */
function itemsOf(json: unknown, pointer: string): unknown[] {
  const at = getAtPointer(json, pointer)
  if (Array.isArray(at)) return at
  if (at !== null && typeof at === 'object') {
    for (const key of ['data', 'items', 'results']) {
      const inner = (at as Record<string, unknown>)[key]
      if (Array.isArray(inner)) return inner
    }
  }
  return []
}

/** Whether a list answer says it is one page of more: a total beyond the items it has, or pages after this one. */
function morePages(json: unknown, count: number): boolean {
  const numbers = (value: unknown): Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  for (const meta of [numbers(json), numbers(numbers(json)['meta'])]) {
    const total = meta['total'] ?? meta['total_items'] ?? meta['count']
    if (typeof total === 'number' && total > count) return true
    const page = meta['page'] ?? meta['current_page']
    const pages = meta['pages'] ?? meta['total_pages'] ?? meta['last_page']
    if (typeof page === 'number' && typeof pages === 'number' && page < pages) return true
  }
  return false
}

const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value)

export type ListAgreement =
  /** not there; `paged` when the answer is one page of more (it may be on another page: not a finding) */
  { shown: false; paged: boolean } | { shown: true; differences: Array<{ field: string; listed: unknown; read: unknown }> }

/** Whether the list shows the item `id` (at its field), and which fields it shows otherwise than the read. */
export function listAgreement(listJson: unknown, of: ItemLink, id: string, readJson: unknown): ListAgreement {
  const item = itemsOf(listJson, of.itemsPointer).find(
    (candidate) => candidate !== null && typeof candidate === 'object' && String((candidate as Record<string, unknown>)[of.field]) === id,
  )
  if (item === undefined) return { shown: false, paged: morePages(listJson, itemsOf(listJson, of.itemsPointer).length) }
  const read = readJson !== null && typeof readJson === 'object' && !Array.isArray(readJson) ? (readJson as Record<string, unknown>) : {}
  const differences = Object.entries(item as Record<string, unknown>)
    .filter(([field, listed]) => isScalar(listed) && Object.hasOwn(read, field) && isScalar(read[field]) && read[field] !== listed)
    .map(([field, listed]) => ({ field, listed, read: read[field] }))
  return { shown: true, differences }
}
