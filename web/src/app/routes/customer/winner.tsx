import { WinnerPage } from '@/features/checkout/winner-page'

export const Component = WinnerPage
