// The named behaviours QA switches at run time: their names, kept apart from the world's types that store them.
/** Named behaviours QA switches at run time (globally or for one agency). */
export const SCENARIOS = [
  { name: 'default', description: 'Normal behaviour.' },
  { name: 'maintenance', description: 'GET /auth/config reports maintenance: true.' },
  { name: 'new-build', description: 'GET /auth/config reports a new build number, forcing portals to reload.' },
  { name: 'sold-out', description: 'Every travel group has no seats left: lock and checkout give cant_lock_enough_seats.' },
  { name: 'pack-full', description: 'Every pack is full: lock, checkout and set-pack give travel_group_pack_full.' },
  { name: 'expired-passport', description: 'Every passport on file reads as expired; saving one gives passport_expired.' },
  { name: 'expired-dni', description: 'Every DNI on file reads as expired; saving one gives dni_expired.' },
  { name: 'payment-fails', description: 'The card provider declines every payment.' },
  { name: 'term-expired', description: 'Paying a pending term gives payment_term_limit_date_excedeed; extras and insurance are past their limit dates.' },
  { name: 'no-bookings', description: 'GET /booking answers an empty list.' },
  { name: 'minor-buyer', description: 'Checkout rejects the buyer as a minor.' },
  { name: 'rooming-confirmed', description: 'Every rooming list is confirmed: updates give rooming_list_already_confirmed.' },
  { name: 'already-traveled', description: 'Cancelling gives booking_already_traveled, as if the trip had taken place.' },
  { name: 'slow', description: 'Every API answer is delayed by 1.5 s.' },
  { name: 'flaky', description: 'About one API call in four fails: a 503 or a dropped connection.' },
  { name: 'unavailable', description: 'Every API call answers 503 service_unavailable with Retry-After, as in an outage.' },
] as const

export type ScenarioName = (typeof SCENARIOS)[number]['name']

const names = new Set<string>(SCENARIOS.map((s) => s.name))
export const isScenarioName = (value: string): value is ScenarioName => names.has(value)
