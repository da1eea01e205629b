import { describe, expect, it, vi } from 'vitest'

const loadRouteCatalog = vi.fn(async (_route: string) => undefined)
vi.mock('@/lib/i18n/lingui', () => ({ loadRouteCatalog: (route: string) => loadRouteCatalog(route) }))

const { page } = await import('@/app/lazy-messages')

// A lazy route's code and its part of the catalog, asked for together, in a task after the one that navigated: Vite's
// preload of the chunk's files (a link added to the document per file) is then not part of a tap's own handling.
describe('a lazy page', () => {
  it('asks for its code and its messages after the navigating task, and gives its component', async () => {
    const Component = () => null
    const load = vi.fn(async () => ({ Component }))
    const lazy = page('booking', load).Component()
    // the task that navigated goes on without them
    expect(load).not.toHaveBeenCalled()
    expect(loadRouteCatalog).not.toHaveBeenCalled()
    await expect(lazy).resolves.toBe(Component)
    expect(load).toHaveBeenCalledTimes(1)
    expect(loadRouteCatalog).toHaveBeenCalledWith('booking')
  })

  it('a failed load reaches the router (its error boundary reloads after a deploy)', async () => {
    const failed = new TypeError('Failed to fetch dynamically imported module')
    await expect(page('checkout', () => Promise.reject(failed)).Component()).rejects.toBe(failed)
  })
})
