// /travelgroup/:id/success — the booking is made; under it, joining a group of friends (features never
// import each other: the composition happens here).
import { useParams } from 'react-router'
import { CheckoutSuccessPage } from '@/features/checkout/success-page'
import { GroupJoin } from '@/features/invitation/group-join'

export function Component() {
  const { id = '' } = useParams()
  return (
    <CheckoutSuccessPage
      after={(booking) => (booking.group ? null : <GroupJoin travelGroupId={id} initialGroupId="" initialCode="" bookingId={booking.id} remembered />)}
    />
  )
}
