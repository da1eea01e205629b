import { TravelGroupListPage } from '@/features/travel-groups/travel-group-list-page'

export const Component = TravelGroupListPage
