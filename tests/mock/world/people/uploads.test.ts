import { describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES, ownUpload, sniffUploadType, storeUpload } from '../../../../mock/src/world/people/uploads.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// Scans a customer uploads: PDF, JPEG or PNG as their bytes say, up to 5 MB, readable only by them.

const pdf = new TextEncoder().encode('%PDF-1.4\n%scan\n')
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])

describe('uploads', () => {
  it('know a file by its bytes, not its name or declared type', () => {
    expect(sniffUploadType(pdf)).toBe('application/pdf')
    expect(sniffUploadType(png)).toBe('image/png')
    expect(sniffUploadType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffUploadType(new TextEncoder().encode('MZ\x90\x00 an .exe'))).toBeNull()
  })

  it('store a PDF as its owner’s, and give its bytes back to that customer only', () => {
    const world = freshWorld()
    const ana = worldContext(world)
    const stored = storeUpload(ana, pdf, 'application/pdf')
    expect(stored).toMatchObject({ size: pdf.length, content_type: 'application/pdf' })
    expect(stored.name).toMatch(/\.pdf$/)
    expect(ownUpload(ana, stored.name).bytes).toEqual(pdf)
    const marta = worldContext(world, { email: 'marta.lopez@example.com' })
    expect(refusal(() => ownUpload(marta, stored.name))).toEqual({ status: 404, code: 'not_found' })
    expect(refusal(() => ownUpload(worldContext(world, { agencyId: 'ag-norte' }), stored.name))?.status).toBe(404)
  })

  it('refuse an empty file, one over 5 MB, an unknown kind, and a PNG declared as a PDF, on the file field', () => {
    const ana = worldContext(freshWorld())
    expect(refusal(() => storeUpload(ana, new Uint8Array(), 'application/pdf'))).toEqual({ status: 422, code: 'validation_error' })
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set(pdf)
    expect(refusal(() => storeUpload(ana, big, 'application/pdf'))).toEqual({ status: 422, code: 'validation_error' })
    expect(refusal(() => storeUpload(ana, new TextEncoder().encode('hello'), 'application/pdf'))).toEqual({ status: 422, code: 'validation_error' })
    expect(refusal(() => storeUpload(ana, png, 'application/pdf'))).toEqual({ status: 422, code: 'validation_error' })
    expect(ana.world.files).toHaveLength(0)
  })

  it('keep the store bounded: past 200 files the oldest go', () => {
    const world = freshWorld()
    const ana = worldContext(world)
    const first = storeUpload(ana, pdf, 'application/pdf')
    for (let i = 0; i < 200; i += 1) storeUpload(ana, pdf, 'application/pdf')
    expect(world.files).toHaveLength(200)
    expect(refusal(() => ownUpload(ana, first.name))?.status).toBe(404)
  })
})
