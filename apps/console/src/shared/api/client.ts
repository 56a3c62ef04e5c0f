import { ApiError, type RequestOptions, createApiClient } from '@wallet/client-kit';
import { UPLOAD_TIMEOUT_MS } from '@wallet/contract';
import type { z } from 'zod';

export { ApiError } from '@wallet/client-kit';

const TOKEN_KEY = 'console.token';

/** The operator's token lives for the browser tab only: a desk shared by a shift is not left signed in. */
export const readToken = () => sessionStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string) => sessionStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => sessionStorage.removeItem(TOKEN_KEY);

let onSignedOut: () => void = () => window.location.assign('/admin/');
/** The app says where to go when the server ends the session (expired, revoked, disabled). */
export function setSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

const client = createApiClient({
  token: readToken,
  onAnswer(_message, status, path, token) {
    if (status === 401 && token && path !== '/api/admin/login') {
      clearToken();
      onSignedOut();
    }
  },
});

/** A call's options: the contract's schema of its answer is not optional. */
type Call<T> = Omit<RequestOptions<T>, 'body' | 'schema'> & { schema: z.ZodType<T> };

/**
 * The console's calls: every answer is parsed by the contract's schema of it, so a screen never
 * works from a shape the server did not promise (docs/adr/0335-one-amount-input-and-every-console-answer-parsed.md).
 */
export const api = {
  headers: client.headers,
  get: <T>(path: string, options: Call<T>) => client.get(path, options),
  post: <T>(path: string, body: unknown, options: Call<T>) => client.post(path, body, options),
  put: <T>(path: string, body: unknown, options: Call<T>) => client.put(path, body, options),
  patch: <T>(path: string, body: unknown, options: Call<T>) => client.patch(path, body, options),
  delete: <T>(path: string, options: Call<T>) => client.delete(path, options),
};

/** Downloads a file the server streams, a CSV or an attachment (the bearer token cannot go in a link). */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const response = await fetch(path, { headers: api.headers() });
  if (!response.ok) throw new ApiError('INTERNAL_SERVER_ERROR', response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/** A multipart upload (banner pictures): the same token, session and error handling as every call. */
export function uploadForm<T>(path: string, form: FormData, schema: z.ZodType<T>): Promise<T> {
  return api.post(path, form, { schema, timeoutMs: UPLOAD_TIMEOUT_MS });
}
