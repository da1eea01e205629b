import { isIP } from 'node:net'

// Guards for --write runs: what they create is tagged so it can be found and
// cleaned up, and payment steps never reach a real payment provider.

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(host)
  return false
}

export type TargetDecision = { allowed: true } | { allowed: false; reason: string }

/**
 * A payment action URL may be followed only when it stays on this machine or
 * matches an --allow-provider URL (same origin, path prefix). Anything else
 * is refused.
 */
export function checkPaymentTarget(target: string, allowProviders: readonly string[]): TargetDecision {
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return { allowed: false, reason: `payment action URL ${JSON.stringify(target)} is not an absolute URL` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { allowed: false, reason: `payment action URL ${target} is not http(s)` }
  }
  if (isLoopbackHost(url.hostname)) return { allowed: true }
  for (const allowed of allowProviders) {
    const prefix = new URL(allowed)
    const prefixPath = prefix.pathname.endsWith('/') ? prefix.pathname : `${prefix.pathname}/`
    if (url.origin === prefix.origin && (url.pathname === prefix.pathname || url.pathname.startsWith(prefixPath) || prefix.pathname === '/')) {
      return { allowed: true }
    }
  }
  return {
    allowed: false,
    reason: `payment action URL ${url.origin}${url.pathname} is neither loopback nor under an --allow-provider URL`,
  }
}

/** `smoke-20261121T042300Z`: sortable, greppable, unique per run. */
export function smokeMarker(at: Date = new Date()): string {
  return `smoke-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`
}
