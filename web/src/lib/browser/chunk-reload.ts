// A page built by an older deploy asks for a code chunk that no longer exists: reload to get the
// new build, but at most once per 60 s so a truly broken chunk cannot loop (SPEC §8).
export const CHUNK_RELOAD_KEY = 'portal.chunkReloadAt'
export const CHUNK_RELOAD_WINDOW_MS = 60_000

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { name, message } = error as { name?: unknown; message?: unknown }
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_ERROR.test(message))
}

type Deps = { now?: number; storage?: Pick<Storage, 'getItem' | 'setItem'> | null; reload?: () => void }

/** Reloads unless it already did so within the last 60 s; tells whether it reloaded. */
export function reloadAfterChunkError({ now = Date.now(), storage = safeSession(), reload = () => location.reload() }: Deps = {}): boolean {
  const last = Number(storage?.getItem(CHUNK_RELOAD_KEY) ?? 0)
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_WINDOW_MS) return false
  storage?.setItem(CHUNK_RELOAD_KEY, String(now))
  reload()
  return true
}

function safeSession(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}
