import { RememberPage } from '@/features/auth/remember-page'

export const Component = RememberPage
