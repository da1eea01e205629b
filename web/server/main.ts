// `npm run serve`: the production portal on PORT (default 4173), branded per host from API_URL.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { API_PATH } from '../../contract/generated/api-operations.ts'
import { trackForGracefulClose } from '../../core/graceful-close.ts'
import { createPortalServer, type PortalServerOptions } from './portal-server.ts'

const port = Number(process.env.PORT ?? 4173)
const host = process.env.HOST ?? '127.0.0.1'
const apiUrl = process.env.API_URL ?? `http://localhost:3333${API_PATH}`
const distDir = fileURLToPath(new URL('../dist', import.meta.url))
// Where checkout's form sends the payer (the card provider's origins, space-separated); by default the
// API's origin, where the mock serves its test provider.
const paymentOrigins = process.env.PAYMENT_ORIGINS?.split(/\s+/).filter(Boolean)

// The page's frame from the app's own layouts, built beside the server (web/shell.vite.config.ts).
const shellModule = fileURLToPath(new URL('../dist-shell/render-shell.js', import.meta.url))
const renderShell = existsSync(shellModule)
  ? ((await import(pathToFileURL(shellModule).href)) as { renderShell: NonNullable<PortalServerOptions['renderShell']> }).renderShell
  : undefined

// The pages' Core Web Vitals, one JSON line per page view (web/server/rum-beacon.ts, docs/deployment.md): into
// RUM_FILE (default rum.jsonl in the working directory); RUM_FILE=off, and the pages send none.
const rumFile = process.env.RUM_FILE ?? 'rum.jsonl'
const rum = rumFile === 'off' ? {} : { rum: { file: rumFile } }

const server = createPortalServer({
  distDir,
  apiUrl,
  ...(paymentOrigins?.length ? { paymentOrigins } : {}),
  ...(renderShell ? { renderShell } : {}),
  ...rum,
})
server.listen(port, host, () => console.log(`Portal on http://${host === '127.0.0.1' ? 'localhost' : host}:${port} (API ${apiUrl})`))
// Stopped (a deploy, Ctrl-C): answers in flight get 10 s, and sockets browsers keep open do not hold it up.
const closeGracefully = trackForGracefulClose(server, 10_000)
const stop = () => void closeGracefully().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
