import { TravelGroupDetailPage } from '@/features/travel-groups/travel-group-detail-page'

export const Component = TravelGroupDetailPage
