import { PasswordPage } from '@/features/auth/password-page'

export const Component = PasswordPage
