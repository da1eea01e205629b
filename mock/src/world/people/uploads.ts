// Scans a customer uploads (DNI, passport): what is accepted (PDF, JPEG or PNG, as the bytes say, up to
// 5 MB), how the store stays bounded, and who may read one back.
import type { UploadedFile } from '../../../../contract/generated/model/index.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { FileRecord } from '../kernel/types.ts'
import type { WorldContext } from '../kernel/world-context.ts'

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
// Oldest files are dropped past these limits, so uploads cannot grow the persisted world without bound.
const MAX_STORED_FILES = 200
const MAX_STORED_BASE64_CHARS = 40 * 1024 * 1024

type UploadType = FileRecord['content_type']

const EXTENSIONS: Record<UploadType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b)

/** What the bytes really are: the declared type alone is whatever the browser guessed from the file name. */
export const sniffUploadType = (bytes: Uint8Array): UploadType | null => {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf' // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  return null
}

// btoa/atob rather than Buffer: the mock also runs in the browser's service worker.
// Chunked, because spreading megabytes into String.fromCharCode overflows the call stack.
const toBase64 = (bytes: Uint8Array) => {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

const fromBase64 = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))

const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')

export const fileFieldError = (code: string, message: string) => fail(422, 'validation_error', message, [{ field: 'file', code, message }])

/** Stores a customer's upload once its bytes are a PDF, JPEG or PNG of the type it declares. */
export const storeUpload = (ctx: WorldContext, bytes: Uint8Array, declaredType: string): UploadedFile => {
  const me = ctx.me()
  if (bytes.length === 0) fileFieldError('required', 'The file is empty.')
  if (bytes.length > MAX_UPLOAD_BYTES) fileFieldError('max_size', 'The file is larger than 5 MB.')
  const sniffed = sniffUploadType(bytes)
  if (!sniffed) fileFieldError('file_type', 'Only PDF, JPEG or PNG files can be uploaded.')
  // Both must agree: a renamed file (an .exe called scan.pdf, or a PNG sent as a PDF) is refused.
  const declared = declaredType.toLowerCase().split(';')[0]!.trim()
  if (declared !== sniffed) fileFieldError('file_type', `The file's content (${sniffed}) does not match its declared type (${declared || 'none'}).`)
  const contentType = sniffed!
  const record: FileRecord = {
    name: `f-${ctx.id('f').split('-')[1]}${randomHex(4)}.${EXTENSIONS[contentType]}`,
    agencyId: ctx.agency.id,
    customerId: me.id,
    content_type: contentType,
    size: bytes.length,
    base64: toBase64(bytes),
  }
  // The store stays bounded: the oldest uploads go past a number of files or of stored bytes.
  ctx.insert('files', record)
  const files = ctx.world.files
  let keepFrom = Math.max(0, files.length - MAX_STORED_FILES)
  let stored = files.slice(keepFrom).reduce((sum, f) => sum + f.base64.length, 0)
  while (stored > MAX_STORED_BASE64_CHARS && keepFrom < files.length - 1) stored -= files[keepFrom++]!.base64.length
  ctx.remove('files', files.slice(0, keepFrom))
  return { name: record.name, size: record.size, content_type: record.content_type }
}

/** One of the customer's own uploads and its bytes; someone else's answers exactly like a missing one. */
export const ownUpload = (ctx: WorldContext, name: string | undefined): { file: FileRecord; bytes: Uint8Array } => {
  const me = ctx.me()
  const file = ctx.world.files.find((f) => f.name === name && f.agencyId === ctx.agency.id && f.customerId === me.id) ?? fail(404, 'not_found', 'No such file.')
  return { file, bytes: fromBase64(file.base64) }
}
