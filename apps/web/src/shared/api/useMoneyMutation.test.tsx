import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { useMoneyMutation } from './useMoneyMutation';

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
