import type { ContractIndex, OperationSpec } from './contract-index.ts';
import { toCurl, type RecordedBody, type RecordedFormField, type RecordedRequest } from './curl.ts';
import { describeFetchError } from '../mock-control.ts';
import type { CheckedResponse, ResponseChecker } from './response-checker.ts';
import type { Violation } from './violation.ts';

// Calls API operations by operationId: builds the URL from the contract's path
// template, adds the bearer token and the tenant header, records the exchange
// and runs the response checker on every answer.

export type PathParams = Readonly<Record<string, string | number>> | ReadonlyArray<string | number>;
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

export type FormField =
  | { name: string; value: string }
  | { name: string; fileName: string; contentType: string; data: Uint8Array };

export type CallOptions = {
  /** by name, or positionally in template order (robust to param renames) */
  path?: PathParams;
  query?: Readonly<Record<string, QueryValue>>;
  json?: unknown;
  form?: readonly FormField[];
  headers?: Readonly<Record<string, string>>;
  /** 'auto': send the session token when the operation's security has a bearer scheme */
  auth?: 'auto' | 'none' | { token: string };
  /** negative probe: excluded when judging whether anything was testable */
  probe?: boolean;
};

export type CallRecord = {
  operationId: string;
  method: string;
  url: string;
  status: number | undefined;
  statusKey: string | undefined;
  durationMs: number;
  curl: string;
  probe: boolean;
  violationCount: number;
  /** transport failure (refused, timeout), when there was no answer */
  error?: string;
};

export type CallOutcome = CheckedResponse & {
  ok: boolean;
  headers: Headers;
  bytes: Uint8Array;
  text(): string;
  record: CallRecord;
};

export type ApiSession = {
  token?: string;
  agencyId?: string;
};

export type ApiClient = {
  readonly baseUrl: string;
  readonly calls: readonly CallRecord[];
  call(operationId: string, options?: CallOptions): Promise<CallOutcome>;
  /** violations of all calls so far, in order */
  readonly violations: readonly Violation[];
};

export type ApiClientOptions = {
  contract: ContractIndex;
  checker: ResponseChecker;
  /** API root, base path included (see resolveApiBaseUrl) */
  baseUrl: string;
  /** read before every call, so steps that log in are picked up at once */
  getSession?: () => ApiSession;
  timeoutMs?: number;
  /** header carrying the tenant; default: the contract's apiKey scheme, else agencyId */
  tenantHeader?: string;
  fetch?: typeof fetch;
};

export class TransportError extends Error {
  override readonly name = 'TransportError';
  readonly record: CallRecord;

  constructor(message: string, record: CallRecord) {
    super(message);
    this.record = record;
  }
}

/**
 * `--base-url http://localhost:3333` and `--base-url http://localhost:3333/api/customer`
 * both work: a URL without a path gets the contract's server base path.
 */
export function resolveApiBaseUrl(given: string, basePath: string): string {
  const url = new URL(given);
  const trimmed = url.pathname.replace(/\/+$/, '');
  if (trimmed === '' && basePath !== '') url.pathname = basePath;
  return url.href.replace(/\/+$/, '');
}

const decoder = new TextDecoder('utf-8');

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tenantHeader = options.tenantHeader ?? options.contract.tenantHeader ?? 'agencyId';
  const getSession: () => ApiSession = options.getSession ?? (() => ({}));
  const calls: CallRecord[] = [];
  const violations: Violation[] = [];

  async function call(operationId: string, callOptions: CallOptions = {}): Promise<CallOutcome> {
    const operation = options.contract.operations.get(operationId);
    if (operation === undefined) throw new Error(`operation ${operationId} is not in the contract`);

    const url = buildUrl(options.baseUrl, operation, callOptions);
    const session = getSession();
    const headers: Record<string, string> = { accept: acceptFor(operation) };
    if (session.agencyId !== undefined) headers[tenantHeader] = session.agencyId;
    const token = tokenFor(operation, callOptions.auth ?? 'auto', session);
    if (token !== undefined) headers['Authorization'] = `Bearer ${token}`;

    let body: BodyInit | undefined;
    let recordedBody: RecordedBody | undefined;
    if (callOptions.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(callOptions.json);
      recordedBody = { kind: 'json', value: callOptions.json };
    } else if (callOptions.form !== undefined) {
      const form = new FormData();
      const fields: RecordedFormField[] = [];
      for (const field of callOptions.form) {
        if ('data' in field) {
          form.append(field.name, new Blob([field.data as Uint8Array<ArrayBuffer>], { type: field.contentType }), field.fileName);
          fields.push({ name: field.name, fileName: field.fileName, contentType: field.contentType });
        } else {
          form.append(field.name, field.value);
          fields.push({ name: field.name, value: field.value });
        }
      }
      body = form;
      recordedBody = { kind: 'form', fields };
    }
    Object.assign(headers, callOptions.headers);

    const request: RecordedRequest = { method: operation.method.toUpperCase(), url, headers, ...(recordedBody === undefined ? {} : { body: recordedBody }) };
    const curl = toCurl(request);
    const started = performance.now();
    let response: Response;
    try {
      response = await doFetch(url, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        // Never follow redirects: a 3xx must be checked, not chased, and a
        // redirect must not carry us to a third party (payment providers).
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = describeFetchError(error);
      const record: CallRecord = {
        operationId,
        method: request.method,
        url,
        status: undefined,
        statusKey: undefined,
        durationMs: Math.round(performance.now() - started),
        curl,
        probe: callOptions.probe === true,
        violationCount: 1,
        error: reason,
      };
      calls.push(record);
      throw new TransportError(`${request.method} ${url} failed: ${reason}`, record);
    }
    const checked = await options.checker.checkResponse(operationId, request, response);
    const record: CallRecord = {
      operationId,
      method: request.method,
      url,
      status: checked.status,
      statusKey: checked.statusKey,
      durationMs: Math.round(performance.now() - started),
      curl,
      probe: callOptions.probe === true,
      violationCount: checked.violations.length,
    };
    calls.push(record);
    violations.push(...checked.violations);
    const bytes = checked.body;
    return {
      ...checked,
      ok: response.status >= 200 && response.status < 300,
      headers: response.headers,
      bytes,
      text: () => decoder.decode(bytes),
      record,
    };
  }

  return { baseUrl: options.baseUrl, calls, call, violations };
}

function tokenFor(operation: OperationSpec, auth: NonNullable<CallOptions['auth']>, session: ApiSession): string | undefined {
  if (auth === 'none') return undefined;
  if (typeof auth === 'object') return auth.token;
  // Follow the contract: only operations whose security has a bearer scheme
  // get the token, so a "public" endpoint that secretly needs it shows up.
  return operation.bearer === 'none' ? undefined : session.token;
}

function acceptFor(operation: OperationSpec): string {
  const types = new Set<string>();
  for (const [key, response] of Object.entries(operation.responses)) {
    if (key.startsWith('2')) for (const media of response.content) types.add(media.mediaType);
  }
  types.add('application/json');
  return [...types].join(', ');
}

export function buildUrl(baseUrl: string, operation: OperationSpec, options: CallOptions): string {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  const given = options.path;
  const values = new Map<string, string>();
  if (Array.isArray(given)) {
    if (given.length !== names.length) {
      throw new Error(`${operation.operationId} takes ${names.length} path parameter(s) (${names.join(', ')}), got ${given.length}`);
    }
    names.forEach((name, index) => values.set(name, String(given[index])));
  } else if (given !== undefined) {
    for (const [name, value] of Object.entries(given as Record<string, string | number>)) values.set(name, String(value));
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values.get(name);
    if (value === undefined) throw new Error(`${operation.operationId}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const url = new URL(`${baseUrl}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else url.searchParams.append(key, String(value));
  }
  return url.href;
}

export function bodyText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
