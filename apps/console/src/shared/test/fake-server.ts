import { vi } from 'vitest';

/** A call the screen made: its method, path, JSON body and the Idempotency-Key it carried, if any. */
export interface SentCall {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey?: string;
}

/**
 * Stands in for the server: every `fetch` the screen makes is recorded and answered by `answer`
 * (a JSON value, or a Response of its own). Answers the list of calls, in the order made.
 */
export function fakeServer(answer: (call: SentCall) => unknown): SentCall[] {
  const sent: SentCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const idempotencyKey = new Headers(init?.headers).get('idempotency-key');
    const call: SentCall = {
      method: init?.method ?? 'GET',
      path: new URL(String(input), 'http://localhost').pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    };
    sent.push(call);
    const answered = answer(call);
    return answered instanceof Response ? answered : new Response(JSON.stringify(answered));
  });
  return sent;
}
