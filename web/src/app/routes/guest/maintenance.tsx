import { MaintenancePage } from '@/features/maintenance/maintenance-page'

export const Component = MaintenancePage
