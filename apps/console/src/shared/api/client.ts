import { CLIENT_HEADER, REQUEST_TIMEOUT_MS } from '@wallet/contract';
import type { z } from 'zod';

const TOKEN_KEY = 'console.token';

/** A failed call: `code` is the server's message (an error code); `decidedBy` comes with ALREADY_DECIDED. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly decidedBy: string | null = null,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** The operator's token lives for the browser tab only: a desk shared by a shift is not left signed in. */
export const readToken = () => sessionStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string) => sessionStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => sessionStorage.removeItem(TOKEN_KEY);

let onSignedOut: () => void = () => window.location.assign('/admin/');
/** The app says where to go when the server ends the session (expired, revoked, disabled). */
export function setSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

interface Options<T> {
  body?: unknown;
  schema?: z.ZodType<T>;
  idempotencyKey?: string;
}

async function request<T>(method: string, path: string, options: Options<T> = {}): Promise<T> {
  const headers: Record<string, string> = { [CLIENT_HEADER.name]: CLIENT_HEADER.value };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 0);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  const message = typeof payload === 'object' && payload && 'message' in payload ? String(payload.message) : undefined;
  if (response.status === 401 && token && path !== '/api/admin/login') {
    clearToken();
    onSignedOut();
  }
  const decidedBy = typeof payload === 'object' && payload && 'decidedBy' in payload && typeof payload.decidedBy === 'string' ? payload.decidedBy : null;
  if (!response.ok) throw new ApiError(message ?? 'INTERNAL_SERVER_ERROR', response.status, decidedBy);
  return options.schema ? options.schema.parse(payload) : (payload as T);
}

export const api = {
  get: <T>(path: string, options?: Options<T>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<Options<T>, 'body'>) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<Options<T>, 'body'>) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<Options<T>, 'body'>) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Options<T>) => request<T>('DELETE', path, options),
};

/** Downloads a CSV the server streams (the bearer token cannot go in a link). */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${readToken() ?? ''}`, [CLIENT_HEADER.name]: CLIENT_HEADER.value } });
  if (!response.ok) throw new ApiError('INTERNAL_SERVER_ERROR', response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/** A multipart upload (banner pictures): the same token and error handling as every call. */
export async function uploadForm<T>(path: string, form: FormData, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(path, { method: 'POST', headers: { Authorization: `Bearer ${readToken() ?? ''}`, [CLIENT_HEADER.name]: CLIENT_HEADER.value }, body: form }).catch(() => {
    throw new ApiError('NETWORK_ERROR', 0);
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(typeof payload === 'object' && payload && 'message' in payload ? String(payload.message) : 'INTERNAL_SERVER_ERROR', response.status);
  return schema.parse(payload);
}
