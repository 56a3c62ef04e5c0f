import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './client';
import { errorText } from './messages';
import { BUSY_WAIT_CAP_MS, MONEY_TRIES, useMoneyMutation } from './useMoneyMutation';

function setup(mutationFn: (amount: number, key: string) => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useMoneyMutation({ mutationFn }), { wrapper }).result;
}

/** A server call the test settles by hand. */
function controlledCall() {
  const calls: Array<{ amount: number; key: string; resolve: (value: string) => void; reject: (error: unknown) => void }> = [];
  const mutationFn = vi.fn(
    (amount: number, key: string) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ amount, key, resolve, reject });
      }),
  );
  return { calls, mutationFn };
}

describe('a money call belongs to the member intent, not to the tap', () => {
  it('sends once for two taps while the first is in flight, and both taps get its answer', async () => {
    const { calls, mutationFn } = controlledCall();
    const result = setup(mutationFn);
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result.current.mutateAsync(100);
      second = result.current.mutateAsync(100);
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.resolve('done');
    await expect(first).resolves.toBe('done');
    await expect(second).resolves.toBe('done');
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });

  it('keeps the key for a retry after no answer came, and takes a new one after an answer', async () => {
    const { calls, mutationFn } = controlledCall();
    const result = setup(mutationFn);
    const attempt = async (amount: number, settle: (call: (typeof calls)[number]) => void) => {
      let promise!: Promise<string>;
      act(() => {
        promise = result.current.mutateAsync(amount);
      });
      const index = calls.length;
      await vi.waitFor(() => expect(calls).toHaveLength(index + 1));
      settle(calls[index]!);
      await promise.catch(() => undefined);
      return calls[index]!.key;
    };
    const lost = await attempt(100, (call) => call.reject(new ApiError('NETWORK_ERROR', 0)));
    const retried = await attempt(100, (call) => call.resolve('done'));
    expect(retried).toBe(lost);
    const next = await attempt(100, (call) => call.reject(new ApiError('MONEY_NOT_ENOUGH', 422)));
    expect(next).not.toBe(retried);
    const afterRefusal = await attempt(100, (call) => call.reject(new ApiError('NETWORK_ERROR', 0)));
    expect(afterRefusal).not.toBe(next);
    const changedAmount = await attempt(200, (call) => call.resolve('done'));
    expect(changedAmount).not.toBe(afterRefusal);
  });
});

describe('a money call a busy node refused', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** The server's answers in turn (the last one repeats), as fetch resolves them; each call's Idempotency-Key is kept. */
  function serverAnswers(...answers: Array<{ status: number; body: unknown; retryAfter?: string }>) {
    const keys: Array<string | null> = [];
    let index = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key'));
      const { status, body, retryAfter } = answers[Math.min(index++, answers.length - 1)]!;
      return new Response(JSON.stringify(body), { status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} });
    });
    return keys;
  }
  /** Moves the fake clock, letting every promise and render it sets off settle. */
  const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const BUSY = { status: 503, body: { message: 'BUSY' }, retryAfter: '2' };
  const transfer = () => setup((amount, key) => api.post<string>('/api/wallet/transfer', { amount }, { idempotencyKey: key }));

  it('is sent again after Retry-After with the same Idempotency-Key, saying meanwhile that it is trying again', async () => {
    vi.useFakeTimers();
    const keys = serverAnswers(BUSY, BUSY, { status: 200, body: 'done' });
    const result = transfer();
    let call!: Promise<string>;
    act(() => {
      call = result.current.mutateAsync(100);
    });
    await elapse(0);
    expect(keys).toHaveLength(1);
    expect(result.current.retrying).toBe(true);
    // Not before the two seconds the node asked for.
    await elapse(1_900);
    expect(keys).toHaveLength(1);
    await elapse(100);
    expect(keys).toHaveLength(2);
    await elapse(2_000);
    await expect(call).resolves.toBe('done');
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(result.current.retrying).toBe(false);
  });

  it(`stops after ${MONEY_TRIES} tries with a translated busy message, and keeps the key for the member's next try`, async () => {
    vi.useFakeTimers();
    // Retry-After over the cap: the app waits no longer than the cap.
    const keys = serverAnswers({ ...BUSY, retryAfter: '120' });
    const result = transfer();
    let call!: Promise<string>;
    act(() => {
      call = result.current.mutateAsync(100);
    });
    const refused = call.catch((error: unknown) => error);
    await elapse(0);
    expect(keys).toHaveLength(1);
    await elapse(BUSY_WAIT_CAP_MS - 100);
    expect(keys).toHaveLength(1);
    await elapse(100 + BUSY_WAIT_CAP_MS);
    const error = await refused;
    expect(keys).toHaveLength(MONEY_TRIES);
    expect(new Set(keys).size).toBe(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'BUSY', status: 503 });
    expect(result.current.retrying).toBe(false);
    vi.useRealTimers();
    const texts = new Set<string>();
    for (const language of ['th', 'lo', 'en']) {
      await i18n.changeLanguage(language);
      const text = errorText(i18n.t, error);
      expect(text, language).not.toBe('BUSY');
      expect(i18n.t('shared.busyRetrying'), language).not.toBe('shared.busyRetrying');
      texts.add(text);
    }
    expect(texts.size).toBe(3);
    await i18n.changeLanguage('th');
    // Nothing was done: the member's next tap is the same intent, under the same key.
    const again = serverAnswers({ status: 200, body: 'done' });
    let second!: Promise<string>;
    act(() => {
      second = result.current.mutateAsync(100);
    });
    await expect(second).resolves.toBe('done');
    expect(again).toEqual([keys[0]]);
  });

  it('never sends a refusal (4xx) again', async () => {
    const keys = serverAnswers({ status: 422, body: { message: 'MONEY_NOT_ENOUGH' }, retryAfter: '1' }, { status: 200, body: 'done' });
    const result = transfer();
    let call!: Promise<string>;
    act(() => {
      call = result.current.mutateAsync(100);
    });
    await expect(call).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH', status: 422 });
    expect(keys).toHaveLength(1);
    expect(result.current.retrying).toBe(false);
  });

  it("takes a new key after the server's own failure (502, the provider refused), as after any verdict", async () => {
    const failed = serverAnswers({ status: 502, body: { message: 'TRANSFER_FAIL' } });
    const result = transfer();
    let call!: Promise<string>;
    act(() => {
      call = result.current.mutateAsync(100);
    });
    await expect(call).rejects.toMatchObject({ code: 'TRANSFER_FAIL', status: 502 });
    expect(failed).toHaveLength(1);
    const next = serverAnswers({ status: 200, body: 'done' });
    act(() => {
      call = result.current.mutateAsync(100);
    });
    await expect(call).resolves.toBe('done');
    expect(next).toHaveLength(1);
    expect(next[0]).not.toBe(failed[0]);
  });
});
