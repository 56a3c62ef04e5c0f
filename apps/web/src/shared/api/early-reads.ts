import { API_BASE } from '../../env';

/** A read public/early-reads.js sent as the page opened, and the session it carried. */
export interface EarlyRead {
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __earlyReads?: Record<string, EarlyRead>;
  }
}

/**
 * The answer to a read sent before the app's code arrived, for the first call of that read: only
 * with the session it was sent with, on the API's own origin, and only while the app has sent
 * nothing but reads (anything else may change what it says).
 */
export function takeEarlyRead(method: string, path: string, token: string | null): Promise<Response> | undefined {
  const reads = window.__earlyReads;
  if (!reads) return undefined;
  if (method !== 'GET') {
    delete window.__earlyReads;
    return undefined;
  }
  const read = reads[path];
  if (!read) return undefined;
  delete reads[path];
  return read.token === token && API_BASE === '' ? read.response : undefined;
}
