import { PaymentResultPage } from '@/features/payments/payment-result-page'

export const Component = PaymentResultPage
