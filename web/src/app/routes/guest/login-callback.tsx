import { LoginCallbackPage } from '@/features/auth/login-callback-page'

export const Component = LoginCallbackPage
