import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { open, rename, unlink } from 'node:fs/promises'
import path from 'node:path'

import type { Store } from '../runtime.ts'
import type { World } from '../world/types.ts'
import { parseStoredWorld } from './world-shape.ts'

export const DEFAULT_DATA_DIR = '.mock-data'
export const WORLD_FILE = 'world.json'

export type FileStoreOptions = {
  /** Where problems with the stored state are reported; defaults to console.warn. */
  log?: (message: string) => void
}

export type FileStore = Store & {
  readonly dir: string
  readonly file: string
}

const TMP_PREFIX = `${WORLD_FILE}.tmp-`

/**
 * The HTTP mock's durable store: one JSON file, replaced atomically.
 *
 * A save writes a temporary file, fsyncs it, renames it over world.json and fsyncs the directory.
 * rename() is atomic on POSIX, so a reader (or a restart after SIGKILL or power loss) sees either
 * the previous complete file or the new complete one, never a torn mix. Saves are synchronous on
 * purpose: the server acknowledges a write only after save() returns, so an acknowledged write is
 * on disk.
 */
export const createFileStore = (dir: string = DEFAULT_DATA_DIR, options: FileStoreOptions = {}): FileStore => {
  const log = options.log ?? ((message: string) => console.warn(`[mock] ${message}`))
  const file = path.join(dir, WORLD_FILE)
  let counter = 0
  let dirReady = false

  const load = (): World | null => {
    removeStaleTmpFiles(dir, log)
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') log(`no stored state at ${file}; starting from the seed`)
      else log(`cannot read ${file} (${code ?? String(error)}); starting from the seed`)
      return null
    }
    const parsed = parseStoredWorld(text)
    if (parsed.ok) return parsed.world
    // Keep the unusable file for a post-mortem instead of silently overwriting it with the seed.
    const aside = `${file}.${parsed.problem}-${Date.now()}`
    try {
      renameSync(file, aside)
      log(`stored state ${file} is unusable (${parsed.problem}: ${parsed.detail}); moved it to ${aside} and starting from the seed`)
    } catch {
      log(`stored state ${file} is unusable (${parsed.problem}: ${parsed.detail}); starting from the seed`)
    }
    return null
  }

  const save = (world: World): void => {
    if (!dirReady) {
      mkdirSync(dir, { recursive: true })
      dirReady = true
    }
    // Indented: the file is small (a few hundred KB) and people read and diff it while debugging.
    const json = `${JSON.stringify(world, null, 2)}\n`
    counter += 1
    writeFileAtomically(file, path.join(dir, `${TMP_PREFIX}${process.pid}-${counter}`), json)
  }

  return { dir, file, load, save }
}

/**
 * Replaces `target` with `text` so that a reader, or a restart after SIGKILL or power loss, sees the
 * old file or the new one, never a mix: written to `tmp` (same directory) and fsynced, renamed over
 * the target (atomic on POSIX), then the directory fsynced.
 */
export const writeFileAtomically = (target: string, tmp: string, text: string): void => {
  try {
    const fd = openSync(tmp, 'w', 0o600)
    try {
      writeFileSync(fd, text)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, target)
  } catch (error) {
    try {
      unlinkSync(tmp)
    } catch {
      // Nothing to clean up, or cleanup is impossible; the original error is what matters.
    }
    throw error
  }
  fsyncDirectory(path.dirname(target))
}

/** The same, with the disk work off the event loop. */
export const writeFileAtomicallyAsync = async (target: string, tmp: string, text: string): Promise<void> => {
  try {
    const handle = await open(tmp, 'w', 0o600)
    try {
      await handle.writeFile(text)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(tmp, target)
  } catch (error) {
    await unlink(tmp).catch(() => undefined)
    throw error
  }
  fsyncDirectory(path.dirname(target))
}

// The rename itself lives in the directory entry; without this fsync a power loss right after an
// acknowledged write could bring back the previous file.
export const fsyncDirectory = (dir: string): void => {
  let fd: number | undefined
  try {
    fd = openSync(dir, 'r')
    fsyncSync(fd)
  } catch (error) {
    // Some platforms (Windows) cannot open or fsync a directory; the rename is still atomic there.
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

// Leftovers of writes interrupted by a kill. Files of a live process are kept: it may be mid-write.
export const removeStaleTmpFiles = (dir: string, log: (message: string) => void, prefix: string = TMP_PREFIX): void => {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue
    const pid = Number(name.slice(prefix.length).split('-')[0])
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) continue
    try {
      unlinkSync(path.join(dir, name))
      log(`removed ${name}, left over from an interrupted write`)
    } catch {
      // Another process may have removed it first.
    }
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
