import { describe, expect, it } from 'vitest'
import { groupOf } from '../../../../mock/src/world/kernel/booking-access.ts'
import { invoiceDocument } from '../../../../mock/src/world/money/invoice-document.ts'
import { freshWorld } from '../world-fixture.ts'

// An invoice as the agency issues it, in Spanish: the agency, the buyer, the booking and the amount.

const world = freshWorld()
const booking = world.bookings.find((b) => b.id === 'bkg-sol-1001')!
const agency = world.agencies.find((a) => a.id === 'ag-sol')!
const ana = world.customers.find((c) => c.email === 'ana.garcia@example.com' && c.agencyId === 'ag-sol')!
const invoice = booking.invoices[0]!

const textOf = (document: ReturnType<typeof invoiceDocument>) => document.lines.map((line) => line.text).join('\n')

describe('an invoice document', () => {
  it('names the agency, the invoice, the booking, the buyer’s tax id and the amount in euros', () => {
    const document = invoiceDocument(agency, groupOf(world, booking), booking, invoice, ana)
    expect(document.title).toBe(`Factura ${invoice.number}`)
    const text = textOf(document)
    for (const part of [
      agency.name,
      `Factura ${invoice.number}`,
      `Reserva: ${booking.locator}`,
      `NIF: ${booking.buyer!.tax_id}`,
      'Importe:',
      '€',
      'IVA incluido',
    ])
      expect(text).toContain(part)
  })

  it('a company is invoiced by its name and CIF; a booking without a buyer by its reader', () => {
    const company = { ...booking, buyer: { ...booking.buyer!, type: 'company' as const, company_name: 'Colegio Sol SL', tax_id: 'B12345678' } }
    expect(textOf(invoiceDocument(agency, groupOf(world, booking), company, invoice, ana))).toMatch(/Cliente: Colegio Sol SL[\s\S]*CIF: B12345678/)
    expect(textOf(invoiceDocument(agency, groupOf(world, booking), { ...booking, buyer: null }, invoice, ana))).toContain('Cliente: Ana García')
  })
})
