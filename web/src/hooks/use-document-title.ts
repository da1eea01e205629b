import { useEffect } from 'react'
import { getCurrentAgency } from '@/lib/domain/agency'

/** "Page · Agency" in the tab and in history entries. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    const agency = getCurrentAgency()?.name
    document.title = [title, agency].filter(Boolean).join(' · ') || document.title
  }, [title])
}
