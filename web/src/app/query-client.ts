import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/api/api-error'

/** Retry only what may heal by itself (no answer, 503); a 4xx will answer the same again. */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && isApiError(error) && (error.status === 0 || error.status === 503)

/**
 * How long a read nobody shows stays in memory: long, because the cache is what gets saved for reading
 * offline (app/offline-queries.ts), and a booking dropped from memory would be dropped from there too.
 * Under setTimeout's limit of 24.8 days.
 */
export const UNUSED_READ_KEPT_MS = 7 * 24 * 60 * 60 * 1000

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, gcTime: UNUSED_READ_KEPT_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })

/** The app's one query client (router guards read the config through it). */
export const queryClient = createQueryClient()
