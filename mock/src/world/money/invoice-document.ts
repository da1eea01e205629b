// An invoice of a booking as a PDF document's lines (pdf.ts renders them): the agency, the buyer, the
// booking and the amount, in Spanish as the agency issues it.
import { formatAmount } from '../../../../core/money.ts'
import { fullName } from '../../../../core/person-name.ts'
import { formatDate, type PdfDocument } from '../kernel/pdf.ts'
import type { Invoice } from '../../../../contract/generated/model/index.ts'
import type { AgencyRecord, BookingRecord, CustomerRecord, TravelGroupRecord } from '../kernel/types.ts'

/** Who the invoice is made out to: the company, the buyer, or the reader when the booking has no buyer yet. */
const clientName = (booking: BookingRecord, reader: CustomerRecord): string => {
  const b = booking.buyer
  if (b) return b.type === 'company' && b.company_name ? b.company_name : fullName(b)
  return fullName(reader) || reader.email
}

export const invoiceDocument = (
  agency: AgencyRecord,
  group: TravelGroupRecord,
  booking: BookingRecord,
  invoice: Invoice,
  reader: CustomerRecord,
): PdfDocument => {
  const buyer = booking.buyer
  return {
    title: `Factura ${invoice.number}`,
    lines: [
      { text: agency.name, size: 20, bold: true },
      { text: `${agency.email} · ${agency.phone}`, size: 9 },
      { text: `Factura ${invoice.number}`, size: 15, bold: true, gap: 24 },
      { text: `Fecha: ${formatDate(invoice.issued_at)}` },
      { text: `Reserva: ${booking.locator} · ${group.name}` },
      { text: `Cliente: ${clientName(booking, reader)}`, gap: 12 },
      ...(buyer
        ? [
            { text: `${buyer.type === 'company' ? 'CIF' : 'NIF'}: ${buyer.tax_id}` },
            { text: `${buyer.address}, ${buyer.zip} ${buyer.city} (${buyer.country})` },
          ]
        : []),
      { text: `Concepto: pago de la reserva ${booking.locator}`, gap: 12 },
      { text: `Importe: ${formatAmount(invoice.amount)}`, size: 13, bold: true, gap: 6 },
      { text: 'IVA incluido. Régimen especial de las agencias de viajes.', size: 8, gap: 24 },
    ],
  }
}
