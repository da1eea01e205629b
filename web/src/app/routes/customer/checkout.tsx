// /travelgroup/:id/checkout — its first reads are declared with the page (config/routes.universal.ts).
import { CheckoutPage } from '@/features/checkout/checkout-page'

export const Component = CheckoutPage
