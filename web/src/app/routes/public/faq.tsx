import { FaqPage } from '@/features/agency/faq-page'

export const Component = FaqPage
