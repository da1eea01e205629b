// `npm run serve`: the production portal on PORT (default 4173), branded per host from API_URL.
import { fileURLToPath } from 'node:url'
import { API_PATH } from '../../contract/generated/api-operations.ts'
import { createPortalServer } from './portal-server.ts'

const port = Number(process.env.PORT ?? 4173)
const host = process.env.HOST ?? '127.0.0.1'
const apiUrl = process.env.API_URL ?? `http://localhost:3333${API_PATH}`
const distDir = fileURLToPath(new URL('../dist', import.meta.url))
// Where checkout's form sends the payer (the card provider's origins, space-separated); by default the
// API's origin, where the mock serves its test provider.
const paymentOrigins = process.env.PAYMENT_ORIGINS?.split(/\s+/).filter(Boolean)

const server = createPortalServer({ distDir, apiUrl, ...(paymentOrigins?.length ? { paymentOrigins } : {}) })
server.listen(port, host, () => console.log(`Portal on http://${host === '127.0.0.1' ? 'localhost' : host}:${port} (API ${apiUrl})`))
const stop = () => server.close(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
