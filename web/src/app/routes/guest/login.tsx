import { LoginPage } from '@/features/auth/login-page'

export const Component = LoginPage
