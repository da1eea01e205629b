// `npm run serve`: the production portal on PORT (default 4173), branded per host from API_URL; every variable it
// reads is in web/server/server-environment.ts and docs/deployment.md.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { trackForGracefulClose } from '../../core/graceful-close.ts'
import { createPortalServer, type PortalServerOptions } from './portal-server.ts'
import { parseServerEnvironment, ServerEnvironmentError, type ServerEnvironment } from './server-environment.ts'

let env: ServerEnvironment
try {
  env = parseServerEnvironment(process.env)
} catch (error) {
  if (!(error instanceof ServerEnvironmentError)) throw error
  console.error(error.message)
  process.exit(2)
}
const distDir = fileURLToPath(new URL('../dist', import.meta.url))

// The page's frame from the app's own layouts, built beside the server (web/shell.vite.config.ts).
const shellModule = fileURLToPath(new URL('../dist-shell/render-shell.js', import.meta.url))
const renderShell = existsSync(shellModule)
  ? ((await import(pathToFileURL(shellModule).href)) as { renderShell: NonNullable<PortalServerOptions['renderShell']> }).renderShell
  : undefined

const server = createPortalServer({
  distDir,
  apiUrl: env.apiUrl,
  ...(env.paymentOrigins?.length ? { paymentOrigins: env.paymentOrigins } : {}),
  ...(renderShell ? { renderShell } : {}),
  // the pages' Core Web Vitals, one JSON line per page view (web/server/rum-beacon.ts)
  ...(env.rum === null ? {} : { rum: env.rum }),
  trustedProxies: env.trustedProxies,
})
server.listen(env.port, env.host, () =>
  console.log(
    `Portal on http://${env.host === '127.0.0.1' ? 'localhost' : env.host}:${env.port} (API ${env.apiUrl}; ` +
      `${env.trustedProxies.list.length === 0 ? 'no proxy trusted' : `proxies trusted: ${env.trustedProxies.list.join(', ')}`})`,
  ),
)
// Stopped (a deploy, Ctrl-C): answers in flight get 10 s, and sockets browsers keep open do not hold it up.
const closeGracefully = trackForGracefulClose(server, 10_000)
const stop = () => void closeGracefully().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
