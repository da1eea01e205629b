import { brotliCompressSync, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib'
import type { Plugin } from 'vite'

const HINT = '//# allFunctionsCalledOnLoad\n'

/** The settings the build's `.gz` and `.br` copies are made with (vite.config.ts), to make a hinted chunk's again. */
export type Compression = { gzip: ZlibOptions; brotli: BrotliOptions }

/**
 * Marks every chunk for eager compilation (V8's explicit compile hints, Chrome 136+; other engines read a
 * comment): V8 compiles every function of a file whose first line is this comment while the file streams in,
 * on a background thread, instead of on the main thread the first time each function is called. Every chunk,
 * because each is loaded only when its code is about to run: the first bundle at start, the others when their
 * page, step, tab or dialog is opened. Decision 031.
 *
 * Written last: Vite puts its `__vite__mapDeps` line at the top of a chunk in its own generateBundle, and the
 * comment only counts on the first line. The pre-compressed copies, made before, are made again.
 */
export const compileHintsPlugin = (compression: Compression): Plugin => ({
  name: 'portal-compile-hints',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue
        const code = HINT + file.code
        file.code = code
        const map = bundle[`${file.fileName}.map`]
        // one line more at the top: every mapping moves down a line
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const parsed = JSON.parse(map.source) as { mappings: string }
          parsed.mappings = `;${parsed.mappings}`
          map.source = JSON.stringify(parsed)
        }
        const gz = bundle[`${file.fileName}.gz`]
        if (gz?.type === 'asset') gz.source = gzipSync(code, compression.gzip)
        const br = bundle[`${file.fileName}.br`]
        if (br?.type === 'asset') br.source = brotliCompressSync(code, compression.brotli)
      }
    },
  },
})
