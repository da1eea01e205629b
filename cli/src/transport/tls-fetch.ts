import { readFile } from 'node:fs/promises'
import { rootCertificates } from 'node:tls'

import { UsageError } from '../base/exit-codes.ts'

// TLS as real set-ups have it: a staging API behind a company CA (--ca-cert) or a self-signed
// certificate someone chose to trust for now (--insecure). Node's own fetch takes no CA per call, so
// these runs go through undici's fetch with an agent of their own; nothing process-wide changes.

export type TlsOptions = { caCert?: string; insecure?: boolean }

/** A fetch that trusts --ca-cert (besides the system's CAs) or, with --insecure, any certificate; undefined when neither is asked for. */
export async function tlsFetch(options: TlsOptions): Promise<typeof fetch | undefined> {
  if (options.caCert === undefined && options.insecure !== true) return undefined
  let ca: string | undefined
  if (options.caCert !== undefined) {
    try {
      ca = await readFile(options.caCert, 'utf8')
    } catch (error) {
      throw new UsageError(`cannot read --ca-cert ${options.caCert}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----')) throw new UsageError(`--ca-cert ${options.caCert} holds no PEM certificate`)
  }
  // undici is loaded only for the runs that ask for it (it is most of the package's size)
  const { Agent, fetch: undiciFetch } = await import('undici')
  const agent = new Agent({ connect: { ...(ca === undefined ? {} : { ca: [...rootCertificates, ca] }), rejectUnauthorized: options.insecure !== true } })
  return ((input: string | URL, init?: RequestInit) => undiciFetch(input, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch
}
