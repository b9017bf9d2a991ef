import type { Logger } from 'pino';
import { pathOf, type EndpointContract, type InputOf, type ResponseOf } from '../../common/contracts/endpoint';
import type { ApiTransport } from './api-transport.server';

export type ApiResult<Data> =
  | { ok: true; status: number; message: string; data: Data }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]> };

export interface ApiRequest {
  /** Each value is sent as its text; undefined, null and blank ones are left out. */
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  token?: string | null;
  idempotencyKey?: string;
  /** Abandons the call (a refresh that timed out). */
  signal?: AbortSignal;
  /** Asks for a file (a PDF, an export): a success answers it as an ApiFile. */
  file?: boolean;
  /**
   * The address the browser reached this server at, for an answer that prints links to it (a
   * document's verification link). The in-process API reads it from the request's address.
   */
  origin?: string;
}

/** A file the API answered, its bytes still coming (an export is made as it is sent), its type and the name a browser saves it under. */
export interface ApiFile {
  body: ReadableStream<Uint8Array>;
  type: string;
  disposition: string | null;
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Whatever carries a loader's calls: the signed-in user's client, or `anonymousApi` for sign-in and refresh. */
export interface ApiClient {
  call<Data>(method: ApiMethod, path: string, request?: Omit<ApiRequest, 'token'>): Promise<ApiResult<Data>>;
}

/** Calls made without a user's token (signing in, refreshing, signing out). */
export function anonymousApi(transport: ApiTransport): ApiClient {
  return { call: (method, path, request) => callApi(transport, method, path, request) };
}

/** Beside a call's input: a header such as If-Match, an Idempotency-Key, a signal that abandons it. */
export type CallOptions = Pick<ApiRequest, 'headers' | 'idempotencyKey' | 'signal' | 'origin'>;

/** The version the screen showed, sent as If-Match so that a change made since is refused (412); none sends no header. */
export function ifMatch(version?: number): Pick<CallOptions, 'headers'> {
  return version === undefined ? {} : { headers: { 'If-Match': `"${version}"` } };
}

type CallArguments<Contract> =
  Record<never, never> extends InputOf<Contract> ? [input?: InputOf<Contract> & CallOptions] : [input: InputOf<Contract> & CallOptions];

/**
 * Calls one endpoint of a contract in common/contracts: its input and its answer are typed by the
 * contract's schemas, so an answer the API changes fails the type check here too.
 */
export function callEndpoint<Contract extends EndpointContract>(
  api: ApiClient,
  endpoint: Contract,
  ...[input]: CallArguments<Contract>
): Promise<ApiResult<ResponseOf<Contract>>> {
  const { params, query, body, ...options } = (input ?? {}) as CallOptions & {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const method = endpoint.method.toUpperCase() as ApiMethod;
  return api.call<ResponseOf<Contract>>(method, pathOf(endpoint, params), { ...options, query, body });
}

/** Calls an endpoint that produces a file (its contract's `produces`), for the browser at `origin`. */
export function callFile<Contract extends EndpointContract & { produces: string }>(
  api: ApiClient,
  endpoint: Contract,
  input: InputOf<Contract> & { origin: string },
): Promise<ApiResult<ApiFile>> {
  const { params, query, body, origin } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    origin: string;
  };
  const method = endpoint.method.toUpperCase() as ApiMethod;
  return api.call<ApiFile>(method, pathOf(endpoint, params), { query, body, origin, file: true });
}

/** A file the API answered, handed on to the browser as it comes. */
export function fileResponse(file: ApiFile, headers?: Headers) {
  const response = new Response(file.body, { headers });
  response.headers.set('Content-Type', file.type);
  if (file.disposition) response.headers.set('Content-Disposition', file.disposition);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/** Any origin works: the in-process API takes it as the browser's, and the HTTP transport replaces it. */
const INTERNAL_ORIGIN = 'http://api.internal';

/** The one way loaders and actions call /api/v1; every answer keeps its HTTP status. */
export async function callApi<Data>(
  transport: ApiTransport,
  method: ApiMethod,
  path: string,
  request: ApiRequest = {},
): Promise<ApiResult<Data>> {
  const url = new URL(`/api/v1${path}`, request.origin ?? INTERNAL_ORIGIN);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  const headers = new Headers(request.headers);
  headers.set('Accept', request.file ? '*/*' : 'application/json');
  if (request.token) headers.set('Authorization', `Bearer ${request.token}`);
  if (request.idempotencyKey) headers.set('Idempotency-Key', request.idempotencyKey);
  let body: string | undefined;
  if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
    // Declared, the API judges the length from the header instead of counting a stream.
    headers.set('Content-Length', String(Buffer.byteLength(body)));
  }
  const response = await transport(new Request(url, { method, headers, body, signal: request.signal }));
  const type = response.headers.get('Content-Type') ?? '';
  if (request.file && response.ok && response.body && !type.includes('application/json')) {
    const file: ApiFile = {
      body: response.body,
      type,
      disposition: response.headers.get('Content-Disposition'),
    };
    return { ok: true, status: response.status, message: '', data: file as Data };
  }
  const payload = (await response.json().catch(() => null)) as {
    message?: string;
    data?: Data;
    errors?: Record<string, string[]>;
  } | null;
  if (response.ok) {
    return { ok: true, status: response.status, message: payload?.message ?? '', data: payload?.data as Data };
  }
  return {
    ok: false,
    status: response.status,
    message: payload?.message || 'Something went wrong.',
    errors: payload?.errors,
  };
}

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The API, reached on behalf of this request's browser (its address goes along). */
    api: ApiTransport;
    /** The host's structured log, for what the web tier decides on its own (a session it ends). */
    log: Logger;
  }
}

/** The server's own words for a refusal; a crash (or a silent answer) gets the screen's message. */
export function failureMessage(result: { status: number; message: string }, fallback: string) {
  return result.status >= 500 || !result.message ? fallback : result.message;
}
