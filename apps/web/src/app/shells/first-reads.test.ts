import { afterEach, describe, expect, it, vi } from 'vitest';
import { getWallet, walletQueryKey } from '../../shared/api/wallet';
import { saveToken } from '../../shared/storage';
import { queryClient } from '../query';
import { prefetchHomeReads } from './first-reads';

function answering() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ early: true })));
}

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
  localStorage.clear();
});

describe("home's first reads", () => {
  it('leave with the member area on /user/home, and home reads them instead of asking again', () => {
    saveToken('abc', true);
    const fetchMock = answering();
    prefetchHomeReads('/user/home');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/wallet', '/api/protection']);
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('Authorization')).toBe('Bearer abc');
    // Home's own read of the wallet, while the first is on its way: the same request, not a second.
    void queryClient.fetchQuery({ queryKey: walletQueryKey, queryFn: getWallet }).catch(() => undefined);
    expect(queryClient.getQueryState(walletQueryKey)?.fetchStatus).toBe('fetching');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are not sent on other screens, nor without a session', () => {
    const fetchMock = answering();
    prefetchHomeReads('/user/home');
    saveToken('abc', true);
    prefetchHomeReads('/user/profile');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
