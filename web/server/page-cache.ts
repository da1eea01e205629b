// A page's HTML is a function of its agency, its route, its language and the build (and the agency's
// config: maintenance, build): nothing personal is in it (signed-in data stays in API calls). So it is
// made once per such key and kept, compressed ahead (gzip and Brotli), with its CSP and an ETag, in a
// bounded LRU like the agencies' (the host comes from the request: anyone can make up new keys). Every
// later request for it is a lookup and a write, as for a static file.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { LRUCache } from 'lru-cache'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

export type ContentEncoding = 'br' | 'gzip' | 'identity'

export type CachedPage = {
  bodies: Record<ContentEncoding, Buffer>
  /** weak: the same page whichever encoding carries it */
  etag: string
  csp: string
}

/** The content codings an Accept-Encoding allows (`*` stands for gzip here; a `;q=0` refuses one). */
export const acceptedEncodings = (acceptEncoding: string | undefined): ReadonlySet<string> => {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part !== '' && !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  )
  if (accepted.has('*')) accepted.add('gzip')
  return accepted
}

/** What a page request takes: Brotli, else gzip, else the bytes as they are. */
export const pickEncoding = (acceptEncoding: string | undefined): ContentEncoding => {
  const accepted = acceptedEncodings(acceptEncoding)
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity'
}

/** Whether the client's If-None-Match names this page (a list, `*` or a weak tag, as RFC 9110 compares them). */
export const matchesEtag = (ifNoneMatch: string | undefined, etag: string): boolean => {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

export async function compressPage(html: string, csp: string): Promise<CachedPage> {
  const identity = Buffer.from(html, 'utf8')
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ])
  const digest = createHash('sha256').update(identity).update(csp).digest('base64url').slice(0, 22)
  return { bodies: { identity, gzip: gz, br }, etag: `W/"${digest}"`, csp }
}

export type PageCache = {
  /** The page for `key`, made (once, however many ask at the same time) by `make` when it is not kept. */
  get(key: string, make: () => Promise<{ html: string; csp: string }>): Promise<CachedPage>
  readonly size: number
}

export function createPageCache(maxPages: number): PageCache {
  const pages = new LRUCache<string, Promise<CachedPage>>({ max: maxPages })
  return {
    get(key, make) {
      const kept = pages.get(key)
      if (kept) return kept
      const made = make().then(({ html, csp }) => compressPage(html, csp))
      pages.set(key, made)
      // a page that could not be compressed is not kept: the next request tries again
      made.catch(() => pages.delete(key))
      return made
    },
    get size() {
      return pages.size
    },
  }
}
