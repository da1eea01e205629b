// A travel group's prices for the pricing tests (core/pricing.ts and the checkout's preview of it).
import type { PriceList } from '../../core/pricing.ts'

export const prices: PriceList = {
  packs: [
    { id: 'p1', name: 'Pack básico', price: 95000 },
    { id: 'p2', name: 'Pack completo', price: 125000 },
  ],
  hosting_rooms: [
    { id: 'h1', name: 'Individual', capacity: 1, price: 15000 },
    { id: 'h2', name: 'Doble', capacity: 2, price: 6000 },
    { id: 'h3', name: 'Triple', capacity: 3, price: 3000 },
    { id: 'h4', name: 'Cuádruple', capacity: 4, price: 0 },
  ],
  extras: [
    { id: 'e1', name: 'Excursión', price: 4500 },
    { id: 'e2', name: 'Espectáculo', price: 6500 },
  ],
  insurances: [
    { id: 'i1', name: 'Cancelación', price: 3500 },
    { id: 'i2', name: 'Ampliado', price: 5900 },
  ],
  management_fee: 1500,
  booking_penalty: { amount: 3000, limit_date: '2026-11-06' },
}
