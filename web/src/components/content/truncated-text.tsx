import { truncate } from '@/lib/i18n/format'

/**
 * SPEC §9: a name cut at 60 characters with an ellipsis where space is narrow (cards, menus). The whole
 * text stays available: screen readers read it instead of the cut one, a pointer shows it on hover, and
 * the place a tap leads to (the trip, the booking, the open menu) shows it in full.
 */
export function TruncatedText({ text, max }: { text: string; max?: number }) {
  const short = truncate(text, max)
  if (short === text) return <>{text}</>
  return (
    <span className="truncated-text" title={text}>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{text}</span>
    </span>
  )
}
