// The mock as a real HTTP server (npm run mock): node:http in front of the same MSW handlers that
// run in Vitest and in the service worker. @mswjs/http-middleware does not support msw 3, so the
// adapter is here: IncomingMessage → Fetch Request → msw getResponse() → ServerResponse.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

import { getResponse, type RequestHandler } from 'msw';

import { isJournalRead, journalFor, maskBody, maskUrl, type Journal } from './journal.ts';
import { createMockHandlers } from './mock-handlers.ts';
import { createRuntime, type Runtime, type Store } from './runtime.ts';
import { createFileStore, DEFAULT_DATA_DIR } from './store/file-store.ts';

export const DEFAULT_PORT = 3333;
export const DEFAULT_HOST = '127.0.0.1';
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export type MockServerOptions = {
  /** 0 picks a free port (tests) */
  port?: number;
  host?: string;
  seed?: number;
  /** ignore the stored state and start (and store) the seeded world */
  fresh?: boolean;
  dataDir?: string;
  /** no per-request log lines */
  quiet?: boolean;
  /** the runtime's clock, for tests that need a fixed today */
  now?: () => Date;
  /** handlers consulted before the mock's own (tests inject failures this way) */
  extraHandlers?: (rt: Runtime) => RequestHandler[];
  maxBodyBytes?: number;
  /** where log lines go; console.log by default */
  log?: (line: string) => void;
};

/** Where the world came from at start-up. */
export type MockStateSource = 'restored' | 'seeded' | 'fresh';

export type MockServer = {
  url: string;
  port: number;
  host: string;
  dataDir: string;
  state: MockStateSource;
  runtime: Runtime;
  close(): Promise<void>;
};

// ── CORS ──

const ALLOWED_HEADERS = 'Authorization, agencyId, Content-Type, Accept-Language, Accept';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
// Blob downloads read the file name; Retry-After comes with 503s.
const EXPOSED_HEADERS = 'Content-Disposition, Retry-After';

/** A portal origin: any port on localhost, 127.0.0.1 or *.localhost, a host of a tenant, or a configured origin. */
export const isPortalOrigin = (origin: string, rt: Runtime): boolean => {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const hostname = url.hostname.toLowerCase();
  if (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost')) return true;
  if (rt.options.portalOrigins.includes(url.origin)) return true;
  const host = url.host.toLowerCase();
  return rt.world.agencies.some((agency) => agency.hosts.includes(host) || agency.hosts.includes(hostname));
};

const corsHeadersFor = (origin: string | undefined, rt: Runtime): Record<string, string> => {
  // Vary always: a cache must not serve one origin's answer (with or without CORS) to another.
  if (origin === undefined || !isPortalOrigin(origin, rt)) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    Vary: 'Origin',
  };
};

// ── request conversion ──

// Connection-level headers describe the hop to this server, not the request the handlers see.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'expect']);

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type BodyRead = { kind: 'ok'; body: Buffer } | { kind: 'too-large' } | { kind: 'aborted' };

const readBody = (req: IncomingMessage, maxBytes: number): Promise<BodyRead> =>
  new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      // Answer at once; node:http discards the rest of the body after the response ends.
      resolve({ kind: 'too-large' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return; // over the cap: keep draining so the client can read the 413
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        settle({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => settle({ kind: 'ok', body: Buffer.concat(chunks, size) }));
    req.on('aborted', () => settle({ kind: 'aborted' }));
    req.on('error', () => settle({ kind: 'aborted' }));
  });

const toFetchRequest = (req: IncomingMessage, origin: string, body: Buffer, signal: AbortSignal): Request => {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (name.startsWith(':') || HOP_BY_HOP.has(name) || values === undefined) continue;
    for (const value of values) headers.append(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
  // String concatenation, not new URL(path, base): a path like //evil/x must stay a path.
  return new Request(`${origin}${req.url ?? '/'}`, { method, headers, body: hasBody ? (body as Uint8Array<ArrayBuffer>) : null, signal });
};

const requestOrigin = (req: IncomingMessage, fallbackHost: string): string => {
  const host = req.headers.host;
  if (host !== undefined && /^[a-z0-9.\-[\]:]+$/i.test(host)) return `http://${host}`;
  return `http://${fallbackHost}`;
};

// ── response writing ──

const jsonError = (status: number, code: string, message: string): Response =>
  new Response(JSON.stringify({ code, message }), { status, headers: { 'Content-Type': 'application/json' } });

const writeResponse = async (res: ServerResponse, response: Response, extraHeaders: Record<string, string>, isHead: boolean): Promise<void> => {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  for (const [name, value] of Object.entries(extraHeaders)) headers[name.toLowerCase()] = value;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (response.body === null || isHead) {
    res.end();
    return;
  }
  // Bytes as they are (binary-safe): blobs, PDFs and images go through untouched.
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
};

const sendJson = (res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string>) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...extraHeaders, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const urlHost = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

// ── the server ──

export const startMockServer = async (opts: MockServerOptions = {}): Promise<MockServer> => {
  const port = opts.port ?? DEFAULT_PORT;
  const host = opts.host ?? DEFAULT_HOST;
  const dataDir = opts.dataDir ?? DEFAULT_DATA_DIR;
  const maxBodyBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  const log = opts.log ?? ((line: string) => console.log(line));
  const logError = (line: string, error?: unknown) => {
    log(`[mock] ${line}${error === undefined ? '' : `: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`}`);
  };

  // Filled in once the port is ours (see below); until then requests get a 503.
  let live: { rt: Runtime; journal: Journal } | null = null;
  let handlers: RequestHandler[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let closing = false;
  // Set once listening (port 0 becomes the real port); only used when a request has no Host header.
  let fallbackHost = `${urlHost(host)}:${port}`;

  const handle = async (req: IncomingMessage, res: ServerResponse, rt: Runtime, journal: Journal): Promise<void> => {
    const started = performance.now();
    const time = new Date().toISOString();
    const method = (req.method ?? 'GET').toUpperCase();
    const rawPath = req.url ?? '/';
    const pathname = rawPath.split('?')[0] ?? '/';
    const agencyHeader = req.headers['agencyid'];
    const agency = typeof agencyHeader === 'string' && agencyHeader !== '' ? agencyHeader : null;
    const origin = req.headers.origin;
    const cors = corsHeadersFor(origin, rt);
    let journalBody: string | undefined;

    const done = (status: number) => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      if (!isJournalRead(method, pathname)) {
        journal.record({ time, method, path: maskUrl(rawPath), status, agency, durationMs, ...(journalBody === undefined ? {} : { body: journalBody }) });
      }
      if (!opts.quiet) log(`${method} ${maskUrl(rawPath)} → ${status === 0 ? 'dropped' : status} ${durationMs}ms`);
    };

    if (method === 'OPTIONS') {
      const preflight = req.headers['access-control-request-method'] !== undefined;
      const headers: Record<string, string> = preflight && 'Access-Control-Allow-Origin' in cors
        ? { ...cors, 'Access-Control-Allow-Methods': ALLOWED_METHODS, 'Access-Control-Allow-Headers': ALLOWED_HEADERS, 'Access-Control-Max-Age': '600' }
        : { ...cors, Allow: ALLOWED_METHODS };
      // Chrome's Private Network Access asks before a public page may call localhost.
      if (preflight && 'Access-Control-Allow-Origin' in cors && req.headers['access-control-request-private-network'] === 'true') {
        headers['Access-Control-Allow-Private-Network'] = 'true';
      }
      res.writeHead(204, headers);
      res.end();
      done(204);
      return;
    }

    const read = await readBody(req, maxBodyBytes);
    if (read.kind === 'aborted') return;
    if (read.kind === 'too-large') {
      sendJson(res, 413, { code: 'bad_request', message: `The body is larger than ${Math.round(maxBodyBytes / 1024 / 1024)} MB.` }, cors);
      done(413);
      return;
    }
    journalBody = maskBody(read.body.toString('utf8'), req.headers['content-type'] ?? null);

    // Aborted when the client goes away, so handlers that honour the signal can stop early.
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const request = toFetchRequest(req, requestOrigin(req, fallbackHost), read.body, abort.signal);

    let response: Response;
    try {
      response = (await getResponse(handlers, request, { quiet: true })) ?? jsonError(404, 'not_found', `The mock has no route for ${method} ${pathname}.`);
    } catch (error) {
      logError(`handler failed for ${method} ${maskUrl(rawPath)}`, error);
      response = jsonError(500, 'service_unavailable', 'The mock failed to handle this request.');
    }

    if (response.type === 'error' || response.status === 0) {
      // HttpResponse.error(): the flaky scenario's dropped connection. No bytes, just a reset.
      req.socket.destroy();
      done(0);
      return;
    }

    if (WRITE_METHODS.has(method) && response.status < 500) {
      try {
        // Before the answer: a write the client saw acknowledged is on disk.
        rt.save();
      } catch (error) {
        logError('could not persist the world', error);
        // The change stays in memory (and is saved with the next write) but is not acknowledged.
        response = jsonError(503, 'service_unavailable', 'The mock could not store the change.');
      }
    }

    try {
      await writeResponse(res, response, cors, method === 'HEAD');
    } catch (error) {
      // Usually the client hung up mid-body; nothing more to send.
      if (!res.headersSent) sendJson(res, 500, { code: 'service_unavailable', message: 'The mock could not send its answer.' }, cors);
      else res.destroy();
      if (!isClientGone(error)) logError(`could not write the answer to ${method} ${maskUrl(rawPath)}`, error);
    }
    done(response.status);
  };

  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    inFlight += 1;
    res.on('close', () => {
      inFlight -= 1;
    });
    if (closing) res.setHeader('Connection', 'close');
    if (live === null) {
      sendJson(res, 503, { code: 'service_unavailable', message: 'The mock is starting.' }, {});
      return;
    }
    handle(req, res, live.rt, live.journal).catch((error: unknown) => {
      logError('unexpected failure', error);
      if (!res.headersSent) sendJson(res, 500, { code: 'service_unavailable', message: 'The mock failed unexpectedly.' }, {});
      else res.destroy();
    });
  });

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Malformed HTTP or a reset connection: answer if still possible, never let it reach the process.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json\r\n\r\n{"code":"bad_request","message":"Malformed HTTP request."}');
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} on ${host} is already in use (is another mock running?)`, { cause: error })
          : error,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  // After start-up a server error is logged, never thrown: the mock must keep serving.
  server.on('error', (error) => logError('server error', error));

  // The state is loaded only now that the port is ours: a second mock started by mistake on the
  // same data directory fails on the port before it can touch (or, with --fresh, replace) the store.
  let runtime: Runtime;
  let state: MockStateSource;
  try {
    const fileStore = createFileStore(dataDir, { log: (line) => log(`[mock] ${line}`) });
    let restored = false;
    const store: Store = {
      load: () => {
        const world = fileStore.load();
        restored = world !== null;
        return world;
      },
      save: (world) => fileStore.save(world),
    };
    // With fresh it does not even read the old world; a world it had to seed, it stores at once.
    runtime = createRuntime({ seed: opts.seed, store, now: opts.now, fresh: opts.fresh === true });
    state = opts.fresh === true ? 'fresh' : restored ? 'restored' : 'seeded';
    if (state === 'restored' && opts.seed !== undefined && opts.seed !== runtime.world.seed) {
      log(`[mock] kept the stored world (seed ${runtime.world.seed}); --seed ${opts.seed} applies with --fresh`);
    }
    handlers = [...(opts.extraHandlers?.(runtime) ?? []), ...createMockHandlers(runtime)];
    live = { rt: runtime, journal: journalFor(runtime) };
  } catch (error) {
    server.close();
    throw error;
  }
  const actualPort = (server.address() as AddressInfo).port;
  fallbackHost = `${urlHost(host)}:${actualPort}`;
  const url = `http://${urlHost(host)}:${actualPort}`;

  let closed: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      closing = true;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Let answers in flight finish (a slow-scenario delay is 1.5 s), then cut whatever is left.
      const deadline = Date.now() + 2_000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const socket of sockets) socket.destroy();
      await stopped;
    })();
    return closed;
  };

  return { url, port: actualPort, host, dataDir, state, runtime, close };
};

const isClientGone = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE';
};
