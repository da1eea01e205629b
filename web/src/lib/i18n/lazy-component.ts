import { type ComponentType, lazy, type LazyExoticComponent } from 'react'
import { loadFullCatalog } from '@/lib/i18n/lingui'

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the code now (on hover, focus, or when the page is idle); never throws. */
  preload: () => void
}

/**
 * A component whose code loads the first time it renders (React.lazy), or earlier through
 * `preload()`, for parts of a page that are not on screen when it first paints (other tabs,
 * dialogs). Both share one request. A failed preload is not remembered (rendering tries again); a
 * failed render reaches the route's error boundary, which reloads the page after a deploy.
 * The messages of every lazy part come with it: a page's own part of the catalog holds only what its
 * route module imports statically (web/catalog-split.ts).
 *
 *   const RefundsTab = lazyComponent(() => import('./tabs/refunds-tab').then((m) => m.RefundsTab))
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null
  const get = () => {
    pending ??= Promise.all([load(), loadFullCatalog()]).then(
      ([component]) => ({ default: component }),
      (error: unknown) => {
        pending = null
        throw error
      },
    )
    return pending
  }
  const component = lazy(get) as PreloadableComponent<P>
  component.preload = () => {
    get().catch(() => undefined)
  }
  return component
}
