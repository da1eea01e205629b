import { AutologinPage } from '@/features/auth/autologin-page'

export const Component = AutologinPage
