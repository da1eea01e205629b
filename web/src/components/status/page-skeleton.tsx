import type { ReactNode } from 'react'
import { Spinner, type SpinnerProps } from '@/components/status/spinner'
import './page-skeleton.css'

/** Grey shapes standing for what a page draws once its data is in, each about its size. */
export type SkeletonPart = 'heading' | 'line' | 'short-line' | 'field' | 'tabs' | 'steps' | 'card' | 'hero'

export type PageSkeletonProps = Pick<SpinnerProps, 'label' | 'readsFromNetwork'> & {
  /** The page's own header where it needs no data (its title, drawn as the page draws it). */
  header?: ReactNode
  parts: readonly SkeletonPart[]
}

/** What a page's own skeleton takes: whether what it waits for is a read of the network (the spinner's rule). */
export type SkeletonProps = Pick<PageSkeletonProps, 'readsFromNetwork'>

/**
 * A page while its data (or, on a first load, its code) is on its way: its title where it needs no data, and
 * the shape of the rest. The production server draws it into the HTML (app/shell), so a first load paints the
 * page's title with the frame; the page draws the same while it waits for its reads. Announced once as loading.
 */
export function PageSkeleton({ header, parts, label, readsFromNetwork }: PageSkeletonProps) {
  return (
    // busy: what is here is about to be replaced (lib/focus-heading.ts waits for the page's own title)
    <div className="page-skeleton" aria-busy="true">
      {header}
      <Spinner label={label} readsFromNetwork={readsFromNetwork} unseen />
      <div className="page-skeleton__parts" aria-hidden="true">
        {parts.map((part, index) => (
          <SkeletonBar key={index} part={part} />
        ))}
      </div>
    </div>
  )
}

/** One shape, for a header that mixes the page's own text with what its data will say. */
export function SkeletonBar({ part }: { part: SkeletonPart | 'eyebrow' }) {
  return <div className={`skeleton skeleton--${part}`} aria-hidden="true" />
}
