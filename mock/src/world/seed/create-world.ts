// Builds the mock world from a seed: the same seed on the same day gives the same world.
// Fixed demo content (tenants, logins, the bookings QA relies on) plus faker-made fellow travellers.
import type { Faker } from '@faker-js/faker'
// The Spanish entry point: a Faker over the es, en and base definitions, as `new Faker({ locale: [es, en,
// base] })` would be, without loading the other seventy locales (about 100 ms of the mock's start-up).
import { faker as spanishFaker } from '@faker-js/faker/locale/es'
import { utcDay } from '../../../../core/calendar.ts'
import type { AgencyRecord, TravelGroupRecord, World } from '../kernel/types.ts'
import { makeAgencies, servicesFor } from './agencies.ts'
import { type GroupSpec, groupSpecs } from './group-specs.ts'
import { makeGroup } from './catalogue.ts'
import { makeIds, seedFellowTravellers } from './bookings.ts'
import { seedSolDemo } from './sol-demo.ts'
import { seedNorteDemo } from './norte-demo.ts'

/** The one Faker, reseeded: the same values as a new instance with that seed (worlds are built one at a time). */
const seededFaker = (seed: number): Faker => {
  spanishFaker.seed(seed)
  return spanishFaker
}

/** Demo content for a tenant added at run time (control API or CLI): services and two travel groups. */
export const seedAgencyContent = (world: World, agency: AgencyRecord, today: Date = new Date(world.seededAt)) => {
  const ids = makeIds(world)
  if (!world.services.some((s) => s.agencyId === agency.id)) world.services.push(...servicesFor(agency.id))
  const specs: GroupSpec[] = groupSpecs[agency.id] ?? [
    {
      key: 'a',
      name: 'Viaje de estudios a Berlín',
      destination: 'Berlín',
      en: { name: 'School trip to Berlin', destination: 'Berlin' },
      code: 'BER27',
      startInDays: 120,
      nights: 5,
      service: 'int',
      basePrice: 99000,
      capacity: 40,
    },
    {
      key: 'b',
      name: 'Granada y la Alhambra',
      destination: 'Granada',
      en: { name: 'Granada and the Alhambra', destination: 'Granada' },
      code: 'GRA27',
      startInDays: 50,
      nights: 3,
      service: 'nac',
      basePrice: 42000,
      capacity: 30,
    },
  ]
  const faker = seededFaker(world.seed + agency.id.length * 7919)
  const made = new Map<string, TravelGroupRecord>()
  for (const spec of specs) {
    const group = makeGroup(agency.id, spec, today)
    if (world.travelGroups.some((g) => g.id === group.id)) continue
    world.travelGroups.push(group)
    made.set(group.id, group)
    seedFellowTravellers(world, group, faker, ids, faker.number.int({ min: 8, max: 16 }), today)
  }
  return made
}

export const createWorld = (seed: number, now: Date = new Date()): World => {
  const today = new Date(`${utcDay(now)}T00:00:00Z`)
  const world: World = {
    version: 3,
    seed,
    seededAt: today.toISOString(),
    counter: 1000,
    agencies: makeAgencies(),
    customers: [],
    sessions: [],
    links: [],
    services: [],
    travelGroups: [],
    bookings: [],
    payments: [],
    locks: [],
    bookingGroups: [],
    roomingLists: [],
    files: [],
    invitations: [],
    outbox: [],
    scenarios: [],
  }
  const faker = seededFaker(seed)
  const ids = makeIds(world)
  const groups = new Map<string, TravelGroupRecord>()
  for (const agency of world.agencies) {
    world.services.push(...servicesFor(agency.id))
    for (const spec of groupSpecs[agency.id] ?? []) {
      const group = makeGroup(agency.id, spec, today)
      world.travelGroups.push(group)
      groups.set(group.id, group)
      seedFellowTravellers(world, group, faker, ids, faker.number.int({ min: 8, max: 16 }), today)
    }
  }
  seedSolDemo(world, groups, faker, ids, today)
  seedNorteDemo(world, groups, ids, today)
  return world
}
