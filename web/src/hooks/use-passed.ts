import { useEffect, useState } from 'react'

/**
 * Whether `instant` (ISO 8601) has passed, and true from the moment it does, without waiting for
 * anything else to re-render. A component showing a new instant is given it as its key, so it starts
 * over.
 */
export function usePassed(instant: string | null): boolean {
  const [passed, setPassed] = useState(() => instant !== null && Date.parse(instant) <= Date.now())
  useEffect(() => {
    if (instant === null || passed) return
    const timer = setTimeout(() => setPassed(true), Math.max(0, Date.parse(instant) - Date.now()))
    return () => clearTimeout(timer)
  }, [instant, passed])
  return passed
}
