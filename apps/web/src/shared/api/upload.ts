import { UPLOAD_TIMEOUT_MS } from '@wallet/contract';
import { API_BASE } from '../../env';
import { parseBody, startSchema } from '@wallet/client-kit';
import { ApiError, type RequestOptions, api } from './client';

// Beside client.ts rather than in it: only chat uploads, and what the first screen imports is
// downloaded with it.

/**
 * A multipart upload of one file as field `file` (SPEC §7: 300 s timeout). XMLHttpRequest,
 * because fetch cannot report upload progress; `onProgress` gets 0–1.
 */
export function uploadFile<T>(path: string, file: Blob, options: RequestOptions<T> & { onProgress?: (fraction: number) => void } = {}): Promise<T> {
  const schema = startSchema(options.schema);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(api.headers(options.headers))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => options.onProgress?.(1);
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      try {
        resolve(parseBody(schema, api.interpret(path, request.status, request.status >= 200 && request.status < 300, payload)));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = request.ontimeout = () => reject(new ApiError('NETWORK_ERROR', 0));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
