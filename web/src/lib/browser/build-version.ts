// SPEC §4: the config is re-read every 50 s; when its build differs, the page stores it and reloads.
export const BUILD_KEY = 'portal.build'
export const CONFIG_POLL_MS = 50_000

export type BuildCheck = 'first' | 'same' | 'reload'

/**
 * Compares the build the server reports with the one this page started on. The first answer
 * after a page load is the page's own build (it was just loaded): it is stored, never a reason to
 * reload, which also makes a reload loop impossible. A different build later means a new deploy:
 * store it and reload. Comparing against the page's own build (not only the stored one) keeps a
 * second open tab from missing the update after the first tab stored it.
 */
export function createBuildWatcher(storage: Pick<Storage, 'getItem' | 'setItem'> | null) {
  let pageBuild: string | null = null
  return (build: string): BuildCheck => {
    if (pageBuild === null) {
      pageBuild = build
      if (storage?.getItem(BUILD_KEY) !== build) storage?.setItem(BUILD_KEY, build)
      return 'first'
    }
    if (build === pageBuild) return 'same'
    storage?.setItem(BUILD_KEY, build)
    return 'reload'
  }
}
