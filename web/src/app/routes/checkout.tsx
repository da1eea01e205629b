import { CheckoutPage } from '@/features/checkout/checkout-page'

export const Component = CheckoutPage
