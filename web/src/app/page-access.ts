import type { PageAccess } from '@/config/routes.universal'

const ACCESSES: readonly string[] = ['guest', 'customer', 'public'] satisfies PageAccess[]

/**
 * Which kind of page the matched routes (their ids) are: app/router.tsx gives each group of pages its access as id.
 * The layout asks it (a customer's page is drawn signed in until the browser can tell), and start-up
 * checks it against the frame the server drew before hydrating that frame.
 */
export const pageAccessOf = (routeIds: readonly (string | undefined)[]): PageAccess | undefined =>
  routeIds.find((id): id is PageAccess => id !== undefined && ACCESSES.includes(id))

/**
 * Which page a frame is drawn for: the page the matched routes end in (app/router.tsx names each page's route by
 * its page). Each page's frame is its own (its layout, its first-load skeleton); the server writes it on #root
 * and start-up hydrates only a frame of the page the router matched.
 */
export const framedPageOf = (routeIds: readonly (string | undefined)[]): string | undefined => routeIds.at(-1)
