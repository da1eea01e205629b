// What `npm run serve` reads from its environment (docs/deployment.md), checked before the server starts: a value it
// cannot use stops it with a line that names the variable, rather than a server that quietly trusts too much or too little.
import { API_PATH } from '../../contract/generated/api-operations.ts'
import { parseTrustedProxies, type TrustedProxies } from '../../core/client-address.ts'

export type ServerEnvironment = {
  port: number
  host: string
  /** the customer API, where agencies are looked up and /api/customer goes */
  apiUrl: string
  /** where checkout's form sends the payer (the card provider's origins); undefined: the API's origin */
  paymentOrigins: string[] | undefined
  /** the pages' vitals: the file and the share of page views that send them; null: none (RUM_FILE=off) */
  rum: { file: string; sample: number } | null
  trustedProxies: TrustedProxies
}

/** A variable it cannot use; the message names it. */
export class ServerEnvironmentError extends Error {
  override readonly name = 'ServerEnvironmentError'
}

export function parseServerEnvironment(env: Readonly<Record<string, string | undefined>>): ServerEnvironment {
  const port = Number(env['PORT'] ?? 4173)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new ServerEnvironmentError(`PORT must be a port number, got '${env['PORT']}'`)
  const sample = Number(env['RUM_SAMPLE'] ?? 1)
  if (!(sample > 0 && sample <= 1))
    throw new ServerEnvironmentError(`RUM_SAMPLE must be a share of page views above 0 and up to 1 (0.1: one in ten), got '${env['RUM_SAMPLE']}'`)
  let trustedProxies: TrustedProxies
  try {
    trustedProxies = parseTrustedProxies(env['TRUSTED_PROXIES'])
  } catch (error) {
    throw new ServerEnvironmentError((error as Error).message)
  }
  const rumFile = env['RUM_FILE'] ?? 'rum.jsonl'
  return {
    port,
    host: env['HOST'] ?? '127.0.0.1',
    apiUrl: env['API_URL'] ?? `http://localhost:3333${API_PATH}`,
    // space-separated origins
    paymentOrigins: env['PAYMENT_ORIGINS']?.split(/\s+/).filter(Boolean),
    rum: rumFile === 'off' ? null : { file: rumFile, sample },
    trustedProxies,
  }
}
