import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { MAINTENANCE_PATH } from '@/app/guards'
import { getGetConfigQueryOptions } from '@/lib/api/generated/endpoints/auth/auth'
import { CONFIG_POLL_MS, createBuildWatcher } from '@/lib/browser/build-version'
import { runSoonWhenIdle } from '@/lib/browser/main-thread.universal'

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
/** The page's build is recorded this long after the first answer, when the browser is idle (or a second later). */
const FIRST_BUILD_AFTER_MS = 1_000

export function ConfigWatcher({ reload = reloadPage }: { reload?: () => void }) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  // Made on the first answer, a second later when the browser is idle: that answer is this page's own build
  // (recorded, never a reason to reload), and local storage's first use in a page is a synchronous call to the
  // browser process, which at load holds the main thread up to tens of milliseconds (decision 047).
  const watchBuild = useRef<ReturnType<typeof createBuildWatcher> | null>(null)
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
    const watch = watchBuild.current
    if (watch === null)
      return runSoonWhenIdle(
        () => {
          watchBuild.current ??= createBuildWatcher(localStore())
          watchBuild.current(data.build)
        },
        FIRST_BUILD_AFTER_MS,
        FIRST_BUILD_AFTER_MS,
      )
    if (watch(data.build) === 'reload') reload()
  }, [data, config.dataUpdatedAt, reload])

  useEffect(() => {
    if (!data) return
    const onMaintenancePage = pathname.replace(/\/+$/, '') === MAINTENANCE_PATH
    if (data.maintenance && !onMaintenancePage) void navigate(MAINTENANCE_PATH, { replace: true })
    else if (!data.maintenance && onMaintenancePage) void navigate('/', { replace: true })
  }, [data, pathname, navigate])

  return null
}
