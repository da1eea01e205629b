// Where the portal calls the API: the app's client and the service worker (which keeps the booking's
// files for offline reading) both ask here.

import { API_PATH } from '@contract/generated/api-operations'

// The development default of SPEC §9 (the mock's); production builds set VITE_API_URL.
const DEFAULT_API_URL = `http://localhost:3333${API_PATH}`

/** The API's base address, without a trailing slash (a path such as "/api/customer" in production). */
export const apiBaseUrl = (): string => {
  const fromEnv = (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_API_URL
  return (fromEnv || DEFAULT_API_URL).replace(/\/$/, '')
}
