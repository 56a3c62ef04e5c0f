import { CLIENT_HEADER, REQUEST_TIMEOUT_MS } from '@wallet/contract';

/**
 * A failed call: `code` is the server's message (an error code, or raw text); `minimum` and
 * `decidedBy` are what some codes name besides (BONUS_DEPOSIT_MINIMUM's least deposit,
 * ALREADY_DECIDED's operator); `retryAfter` the answer's Retry-After header as sent (the seconds a
 * busy node asks to wait), when it had one.
 */
export class ApiError extends Error {
  // `declare`: set in the constructor alone, so the build writes no field declarations for them
  // (this class is in the login screen's first download).
  declare readonly code: string;
  declare readonly status: number;
  declare readonly minimum?: number;
  declare readonly decidedBy: string | null;
  declare readonly retryAfter?: string | null;
  /** Player protection: the limit that refused the call (deposit_day…), and when its period resets or the restriction ends (epoch ms). */
  declare readonly limit?: string;
  declare readonly until?: number;

  constructor(code: string, status: number, payload?: unknown, retryAfter?: string | null) {
    super(code);
    this.code = code;
    this.status = status;
    this.name = 'ApiError';
    const { minimum, decidedBy, limit, until } = fieldsOf(payload);
    // Number.isFinite is false for anything but a finite number: no typeof check needed.
    if (Number.isFinite(minimum)) this.minimum = minimum as number;
    this.decidedBy = typeof decidedBy === 'string' ? decidedBy : null;
    this.retryAfter = retryAfter;
    if (typeof limit === 'string') this.limit = limit;
    if (Number.isFinite(until)) this.until = until as number;
  }
}

/** An answer's fields; none when it is not an object (a text, nothing). */
const fieldsOf = (payload: unknown): Record<string, unknown> => Object(payload);

/**
 * What checks an answer and gives it back as the app reads it: the contract's schema, or anything
 * with its `parse` (the member app checks answers on a worker thread, so `parse` may be async).
 */
export interface AnswerParser<T> {
  parse(body: unknown): T | Promise<T>;
}

/**
 * The answer's parser, or a loader of it: a call on the member app's first screen loads its
 * parser beside the answer, so zod is not in the first download.
 */
export type SchemaOption<T> = AnswerParser<T> | (() => Promise<AnswerParser<T>>);

export interface RequestOptions<T> {
  /** JSON, or a FormData sent as it is (multipart). */
  body?: unknown;
  schema?: SchemaOption<T>;
  timeoutMs?: number;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** More headers (the chat guest id). */
  headers?: Record<string, string>;
}

export interface ClientSetup {
  /** Put before every path (the member app's API origin); none for the same origin. */
  baseUrl?: string;
  /** The session's bearer token, read at each call. */
  token: () => string | null;
  /**
   * The app's session rules: every answer passes here first, with the server's `message` (an
   * error code, or raw text) and the token the call carried; it may redirect and throw.
   */
  onAnswer?: (message: string | undefined, status: number, path: string, token: string | null) => void;
  /** Whether the server was reached (a call the app cancelled says nothing of it). */
  onReachable?: (reachable: boolean) => void;
}

/** Starts loading a lazy schema (beside the request), and keeps a failed load from going unhandled until it is awaited. */
export function startSchema<T>(schema: SchemaOption<T> | undefined): AnswerParser<T> | Promise<AnswerParser<T>> | undefined {
  if (typeof schema !== 'function') return schema;
  const loading = schema();
  loading.catch(() => undefined);
  return loading;
}

export async function parseBody<T>(schema: ReturnType<typeof startSchema<T>>, body: unknown): Promise<T> {
  const resolved = await schema;
  return resolved ? await resolved.parse(body) : (body as T);
}

/** One app's API client: the contract's client header, its bearer token, the timeout, errors as ApiError, answers parsed by their schema. */
export function createApiClient({ baseUrl = '', token, onAnswer, onReachable }: ClientSetup) {
  function headers(extra?: Record<string, string>): Record<string, string> {
    const carried = token();
    return { [CLIENT_HEADER.name]: CLIENT_HEADER.value, ...(carried ? { Authorization: `Bearer ${carried}` } : {}), ...extra };
  }

  /** The rules every answer goes through: the app's session rules, then a refusal becomes an ApiError. */
  function interpret(path: string, status: number, ok: boolean, payload: unknown, carried = token(), retryAfter?: string | null): unknown {
    const { message } = fieldsOf(payload);
    const code = message === undefined ? undefined : String(message);
    onAnswer?.(code, status, path, carried);
    if (!ok) throw new ApiError(code ?? 'INTERNAL_SERVER_ERROR', status, payload, retryAfter);
    return payload;
  }

  async function request<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { body, signal } = options;
    const carried = token();
    const form = body instanceof FormData;
    const requestHeaders = headers(options.headers);
    if (body !== undefined && !form) requestHeaders['Content-Type'] = 'application/json';
    if (options.idempotencyKey) requestHeaders['Idempotency-Key'] = options.idempotencyKey;
    const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const schema = startSchema(options.schema);

    let response: Response;
    try {
      response = await fetch(baseUrl + path, {
        method,
        headers: requestHeaders,
        body: form ? body : body === undefined ? null : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch {
      // A call the app cancelled says nothing about the network.
      if (!signal?.aborted) onReachable?.(false);
      throw new ApiError('NETWORK_ERROR', 0);
    }
    onReachable?.(true);
    const payload: unknown = await response.json().catch(() => undefined);
    return parseBody(schema, interpret(path, response.status, response.ok, payload, carried, response.headers.get('retry-after')));
  }

  type Options<T> = Omit<RequestOptions<T>, 'body'>;
  const withBody =
    (method: string) =>
    <T>(path: string, body?: unknown, options?: Options<T>) =>
      request<T>(method, path, { ...options, body });
  return {
    headers,
    interpret,
    get: <T>(path: string, options?: Options<T>) => request<T>('GET', path, options),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    /** A body only where the server identifies what goes by more than the path (a push subscription's endpoint). */
    delete: <T>(path: string, options?: Options<T> & { body?: unknown }) => request<T>('DELETE', path, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
