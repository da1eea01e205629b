// What the HTTP server hands a route() handler on its direct route (dispatch.ts) instead of a Fetch
// Request: building one (undici validates every header, wraps the body in a stream) costs more than
// most handlers. Handlers read `method`, `url`, `headers.get()` and `text()`, which this answers from
// the IncomingMessage as Request would; anything else (formData for uploads, arrayBuffer, clone,
// signal…) is answered by a real Request, built on first use.
import type { IncomingMessage } from 'node:http';

const BOM = '\uFEFF';

export type LightRequestInit = {
  method: string;
  url: string;
  req: IncomingMessage;
  /** header names the handlers must not see (hop-by-hop) */
  hidden: ReadonlySet<string>;
  body: Buffer;
  /** the equivalent Fetch Request */
  real: () => Request;
};

export const createLightRequest = (init: LightRequestInit): Request => {
  let real: Request | undefined;
  const realRequest = () => (real ??= init.real());
  const { req, hidden } = init;

  const get = (name: string): string | null => {
    const key = name.toLowerCase();
    if (hidden.has(key) || key.startsWith(':')) return null;
    // headersDistinct keeps every value of a repeated header, joined as Headers.get joins them.
    const values = req.headersDistinct[key];
    return values === undefined ? null : values.join(', ');
  };
  const headers = fallback({ get, has: (name: string) => get(name) !== null }, () => realRequest().headers);

  const light = {
    method: init.method,
    url: init.url,
    headers,
    async text(): Promise<string> {
      // UTF-8 decoding as Body.text() does it: one leading byte-order mark is dropped.
      const text = init.body.toString('utf8');
      return text.startsWith(BOM) ? text.slice(1) : text;
    },
  };

  return fallback(light, realRequest) as unknown as Request;
};

/** `own`, with every other property read from `other()` (methods bound to it). */
const fallback = <T extends object>(own: T, other: () => object): T =>
  new Proxy(own, {
    get(target, prop) {
      if (prop in target) return (target as Record<string | symbol, unknown>)[prop];
      const source = other();
      const value = (source as Record<string | symbol, unknown>)[prop];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
