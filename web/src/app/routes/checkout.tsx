// /travelgroup/:id/checkout — its data is asked for by the router (app/route-prefetch.ts).
import { CheckoutPage } from '@/features/checkout/checkout-page'

export const Component = CheckoutPage
