// What the world's reads are given: the world, today (and now), and the scenarios switched on.
import type { ScenarioName } from './scenario-names.ts'
import type { World } from './types.ts'
import { utcDay } from '../../../core/calendar.ts'

export type ViewContext = { world: World; today: string; now: Date; scenarios: Set<ScenarioName> }

export const todayOf = (now: Date) => utcDay(now)
