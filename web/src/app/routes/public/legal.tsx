import { LegalPage } from '@/features/agency/legal-page'

export const Component = LegalPage
