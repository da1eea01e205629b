// What each page draws on a first load until the router has run its guards and the page's code is in: its title
// where it needs no data and the shape of the rest (each page draws the same while its reads are on their way).
// In the first bundle, so small: the pages' skeletons are a few elements each. A page not named here draws a
// heading's and a card's shape.
import { type ComponentType, createElement } from 'react'
import { PageSkeleton, type SkeletonProps } from '@/components/status/page-skeleton'
import { FaqSkeleton, LegalSkeleton } from '@/features/agency/agency-skeletons'
import { BookingSkeleton } from '@/features/booking/booking-skeleton'
import { BookingsSkeleton } from '@/features/bookings/bookings-skeleton'
import { CheckoutSkeleton } from '@/features/checkout/checkout-skeleton'
import { TravelGroupSkeleton, TravelGroupsSkeleton } from '@/features/travel-groups/travel-groups-skeletons'

const SKELETONS = new Map<string, ComponentType<SkeletonProps>>([
  ['bookings', BookingsSkeleton],
  ['booking', BookingSkeleton],
  ['checkout', CheckoutSkeleton],
  ['travel-groups', TravelGroupsSkeleton],
  ['travel-group', TravelGroupSkeleton],
  ['faq', FaqSkeleton],
  ['legal', LegalSkeleton],
])

function AnyPageSkeleton({ readsFromNetwork }: SkeletonProps) {
  return <PageSkeleton parts={['heading', 'card']} readsFromNetwork={readsFromNetwork} />
}

/** The first-load skeleton of the page whose route id is `page` (app/router.tsx gives each page its name as id). */
export function FirstLoadSkeleton({ page }: { page: string | undefined }) {
  // the page's code may come from the service worker's cache: not a read of the network
  return createElement((page !== undefined && SKELETONS.get(page)) || AnyPageSkeleton, { readsFromNetwork: false })
}
