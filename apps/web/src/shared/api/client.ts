import { CLIENT_HEADER, REQUEST_TIMEOUT_MS } from '@wallet/contract';
import type { z } from 'zod';
import { API_BASE } from '../../env';
import { clearSession, readToken } from '../storage';
import { markReachable } from './reachability';

/** A failed call: `code` is the server's message (an error code, or raw text); `minimum` a figure some codes name. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly minimum?: number,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** SPEC §8: this Thai text ('cannot verify identity') also means the session is over. */
const THAI_CANNOT_VERIFY_IDENTITY = 'ไม่สามารถยืนยันตัวตนได้';

type Navigate = (path: string) => void;
let navigate: Navigate = (path) => window.location.assign(path);

/** The router registers itself so redirects stay inside the SPA. */
export function setApiNavigator(next: Navigate): void {
  navigate = next;
}

export interface RequestOptions<T> {
  body?: unknown;
  /**
   * The contract's schema for the answer, or a loader of it: calls on the first screen's path
   * (login) load theirs with the answer, so zod is not in the app's first download (issue 16 §3).
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  timeoutMs?: number;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** More headers (the chat guest id). */
  headers?: Record<string, string>;
}

export function authHeaders(token: string | null | undefined): Record<string, string> {
  const headers: Record<string, string> = { [CLIENT_HEADER.name]: CLIENT_HEADER.value };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The rules every answer goes through (SPEC §7, §8): gone, a dead session, errors; then the body is parsed. */
export function interpretAnswer(status: number, ok: boolean, payload: unknown): unknown {
  const message = typeof payload === 'object' && payload && 'message' in payload ? String(payload.message) : undefined;
  if (message === 'gone') {
    navigate('/terminated');
    throw new ApiError('gone', status);
  }
  // A blocked member's session is refused on every call: back to login, which says why (the
  // login call itself carries no session, and shows the message in place).
  const blockedSession = message === 'INACTIVE_USER' && readToken() !== null;
  if ((message === 'invalid-token' || message === THAI_CANNOT_VERIFY_IDENTITY || blockedSession)) {
    clearSession();
    navigate(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
    throw new ApiError(message, status);
  }
  if (!ok) throw new ApiError(message ?? 'INTERNAL_SERVER_ERROR', status, minimumIn(payload));
  return payload;
}

/** The figure an error answer names besides its code (BONUS_DEPOSIT_MINIMUM's least deposit). */
function minimumIn(payload: unknown): number | undefined {
  const minimum = typeof payload === 'object' && payload && 'minimum' in payload ? payload.minimum : undefined;
  return typeof minimum === 'number' && Number.isFinite(minimum) ? minimum : undefined;
}

type SchemaOption<T> = RequestOptions<T>['schema'];

/** Starts loading a lazy schema (beside the request), and keeps a failed load from going unhandled until it is awaited. */
export function startSchema<T>(schema: SchemaOption<T>): z.ZodType<T> | Promise<z.ZodType<T>> | undefined {
  if (typeof schema !== 'function') return schema;
  const loading = schema();
  loading.catch(() => undefined);
  return loading;
}

export async function parseBody<T>(schema: ReturnType<typeof startSchema<T>>, body: unknown): Promise<T> {
  const resolved = await schema;
  return resolved ? resolved.parse(body) : (body as T);
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers = { ...authHeaders(readToken()), ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const schema = startSchema(options.schema);

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch {
    // A call the app cancelled says nothing about the network.
    if (!options.signal?.aborted) markReachable(false);
    throw new ApiError('NETWORK_ERROR', 0);
  }
  markReachable(true);
  const payload: unknown = await response.json().catch(() => undefined);
  return parseBody(schema, interpretAnswer(response.status, response.ok, payload));
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('DELETE', path, options),
};
