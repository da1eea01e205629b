// The early-reads script (web/src/lib/api/early-reads-script.ts) compiled into one small classic
// script, and the Vite plugin that writes it to dist/.vite/early-reads.js for the production server
// to put into each page's HTML (web/server/portal-server.ts). Compiled from the app's own modules,
// so the script cannot drift from how the app reads the session and the language.
import { join } from 'node:path'
import { build, type Plugin, type Rolldown } from 'vite'

const SOURCE = join(import.meta.dirname, 'src/lib/api/early-reads-script.ts')

export const compileEarlyReadsScript = async (): Promise<string> => {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      // a classic script: no module wrapper, no exports, no global of its own
      rolldownOptions: { input: SOURCE, output: { format: 'iife' } },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error('The early-reads script did not compile')
  const code = chunk.code.trim()
  // it goes into the HTML as is: nothing in it may end its <script> element
  if (code.includes('</')) throw new Error('The compiled early-reads script contains "</"')
  return code
}

/** Writes .vite/early-reads.js next to the manifest. */
export const earlyReadsScriptPlugin = (): Plugin => ({
  name: 'portal-early-reads-script',
  apply: 'build',
  async generateBundle() {
    this.emitFile({ type: 'asset', fileName: '.vite/early-reads.js', source: await compileEarlyReadsScript() })
  },
})
