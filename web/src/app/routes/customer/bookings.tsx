import { BookingsPage } from '@/features/bookings/bookings-page'

export const Component = BookingsPage
