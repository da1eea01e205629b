// The browser suite's portal, as travellers get it: the production build (built once per run: the specs
// that start servers of their own find it done) served by the production server on the suite's port,
// in front of the suite's mock. Run by tests/playwright.config.ts's webServer; stops with it.
import { buildOnce, startProductionServer } from './production-server'

const port = Number(process.env.PORT ?? 5173)
await buildOnce()
const server = await startProductionServer(port)
process.stdout.write(`built portal on http://localhost:${port}\n`)
const stop = () => void server.stop().then(() => process.exit(0))
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
