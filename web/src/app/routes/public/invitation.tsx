import { InvitationPage } from '@/features/invitation/invitation-page'

export const Component = InvitationPage
