import { vi } from 'vitest';

type Answer = { status?: number; body: unknown; delayMs?: number };
type Route = Answer | ((init: RequestInit) => Answer);

/**
 * Stubs fetch with answers per "METHOD /path" (query strings ignored); anything else is a 404.
 * A delay keeps a call in flight, so a second tap lands while the first is still pending.
 */
export function stubFetch(routes: Record<string, Route>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const route = routes[`${init.method ?? 'GET'} ${path}`];
    const answer = typeof route === 'function' ? route(init) : (route ?? { status: 404, body: { message: 'NO_DATA' } });
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
}

/** The calls made to one "METHOD /path". */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, route: string) {
  const [method, path] = route.split(' ');
  return fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path);
}
