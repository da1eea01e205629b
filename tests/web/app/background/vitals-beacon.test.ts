import { describe, expect, it } from 'vitest'
import { routeTemplateOf } from '@/app/background/vitals-beacon'

// A beacon says which page by its route template, never its address.

describe('the vitals beacon', () => {
  it('names the page the matched routes end in by its template, and nothing for a route that is not a page', () => {
    expect(routeTemplateOf(['root', '0-1', 'customer', 'booking'])).toBe('/booking/:id')
    expect(routeTemplateOf(['root', '0-1', 'customer', 'bookings'])).toBe('/')
    expect(routeTemplateOf(['root', '0-0', 'guest', 'login'])).toBe('/auth/login')
    expect(routeTemplateOf(['root'])).toBeUndefined()
    expect(routeTemplateOf([])).toBeUndefined()
  })
})
