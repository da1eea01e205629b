import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { MAINTENANCE_PATH } from '@/app/guards'
import { getGetConfigQueryOptions } from '@/lib/api/generated/endpoints/auth/auth'
import { CONFIG_POLL_MS, createBuildWatcher } from '@/lib/browser/build-version'

const localStore = () => {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/**
 * Re-reads the config every 50 s (SPEC §4, §9): a new build reloads the page, maintenance on sends
 * the page to /maintenance and off brings it back home. A failed read is only logged.
 */
const reloadPage = () => window.location.reload()

export function ConfigWatcher({ reload = reloadPage }: { reload?: () => void }) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const watchBuild = useRef(createBuildWatcher(localStore()))
  const config = useQuery({
    ...getGetConfigQueryOptions(),
    refetchInterval: CONFIG_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    retry: false,
  })

  useEffect(() => {
    if (config.error) console.warn('Could not read the portal configuration; carrying on.', config.error)
  }, [config.error, config.errorUpdatedAt])

  const data = config.data
  useEffect(() => {
    if (!data) return
    if (watchBuild.current(data.build) === 'reload') reload()
  }, [data, config.dataUpdatedAt, reload])

  useEffect(() => {
    if (!data) return
    const onMaintenancePage = pathname.replace(/\/+$/, '') === MAINTENANCE_PATH
    if (data.maintenance && !onMaintenancePage) void navigate(MAINTENANCE_PATH, { replace: true })
    else if (!data.maintenance && onMaintenancePage) void navigate('/', { replace: true })
  }, [data, pathname, navigate])

  return null
}
