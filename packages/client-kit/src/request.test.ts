import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './request';

function answer(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
}
afterEach(() => vi.restoreAllMocks());

describe('the request core', () => {
  it('sends the client header, the token when there is one, and the base URL', async () => {
    let token: string | null = null;
    const api = createApiClient({ baseUrl: 'https://api.example', token: () => token });
    const fetchMock = answer(200, {});
    await api.get('/api/a');
    token = 'abc';
    await api.post('/api/b', { x: 1 }, { idempotencyKey: 'k1' });
    const [first, second] = fetchMock.mock.calls;
    expect(first![0]).toBe('https://api.example/api/a');
    expect(new Headers(first![1]!.headers).get('X-Client')).toBeTruthy();
    expect(new Headers(first![1]!.headers).get('Authorization')).toBeNull();
    expect(new Headers(second![1]!.headers).get('Authorization')).toBe('Bearer abc');
    expect(new Headers(second![1]!.headers).get('Idempotency-Key')).toBe('k1');
    expect(new Headers(second![1]!.headers).get('Content-Type')).toBe('application/json');
  });

  it('parses the answer with its schema, eager or loaded on demand', async () => {
    const api = createApiClient({ token: () => null });
    const schema = z.object({ n: z.number() });
    answer(200, { n: 1, extra: true });
    await expect(api.get('/api/n', { schema })).resolves.toEqual({ n: 1 });
    answer(200, { n: 'one' });
    await expect(api.get('/api/n', { schema: async () => schema })).rejects.toThrow();
  });

  it('turns a refusal into an ApiError with its code and the figures it names', async () => {
    const api = createApiClient({ token: () => null });
    answer(409, { message: 'ALREADY_DECIDED', decidedBy: 'chai' });
    await expect(api.post('/api/x')).rejects.toMatchObject({ code: 'ALREADY_DECIDED', status: 409, decidedBy: 'chai' });
    answer(422, { message: 'BONUS_DEPOSIT_MINIMUM', minimum: 100 });
    await expect(api.post('/api/x')).rejects.toMatchObject({ code: 'BONUS_DEPOSIT_MINIMUM', minimum: 100 });
    answer(500, 'not json');
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });

  it("keeps a busy node's Retry-After on its refusal", async () => {
    const api = createApiClient({ token: () => null });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ message: 'BUSY' }), { status: 503, headers: { 'Retry-After': '2' } }));
    await expect(api.post('/api/x')).rejects.toMatchObject({ code: 'BUSY', status: 503, retryAfter: '2' });
    answer(503, { message: 'SERVICE_UNAVAILABLE' });
    const error = await api.post('/api/x').catch((refusal: unknown) => refusal);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfter).toBeNull();
  });

  it('lets the app see every answer first, and says whether the server was reached', async () => {
    const onAnswer = vi.fn();
    const onReachable = vi.fn();
    const api = createApiClient({ token: () => 't', onAnswer, onReachable });
    answer(401, { message: 'invalid-token' });
    await expect(api.get('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(onAnswer).toHaveBeenCalledWith('invalid-token', 401, '/api/me', 't');
    expect(onReachable).toHaveBeenLastCalledWith(true);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await expect(api.get('/api/me')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(onReachable).toHaveBeenLastCalledWith(false);
  });

  it('sends a FormData as it is', async () => {
    const api = createApiClient({ token: () => null });
    const fetchMock = answer(200, {});
    const form = new FormData();
    await api.post('/api/upload', form);
    expect(fetchMock.mock.calls[0]![1]!.body).toBe(form);
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('Content-Type')).toBeNull();
  });
});
