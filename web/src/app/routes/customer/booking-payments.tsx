import { BookingPaymentsPage } from '@/features/payments/booking-payments-page'

export const Component = BookingPaymentsPage
