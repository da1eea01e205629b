import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/api/api-error'

/** Retry only what may heal by itself (no answer, 503); a 4xx will answer the same again. */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && isApiError(error) && (error.status === 0 || error.status === 503)

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })

/** The app's one query client (router guards read the config through it). */
export const queryClient = createQueryClient()
