import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiNavigator } from '../../shared/api/client';
import { getWallet, walletQueryKey } from '../../shared/api/wallet';
import { protectionQueryKey } from '../../shared/api/protection/get-protection';
import { readToken, saveToken } from '../../shared/storage';
import { memberWallet } from '../../test/member-wallet';
import { queryClient } from '../query';
import { prefetchHomeReads } from './first-reads';

function answering(body: unknown = { early: true }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body)));
}

/** What /user/home's page read before the app's code arrived (public/early-reads.js). */
function pageRead(token: string, answers: Record<string, EarlyAnswer | null>) {
  window.earlyReads = { token, answers: Object.fromEntries(Object.entries(answers).map(([path, answer]) => [path, Promise.resolve(answer)])), worker: null };
}
const answered = (status: number, payload: unknown): EarlyAnswer => ({ status, ok: status < 300, payload, retryAfter: null });

afterEach(() => {
  vi.restoreAllMocks();
  delete window.earlyReads;
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

  it("take the answers /user/home's page read for this session, checked as any answer, and read again from the server", async () => {
    saveToken('abc', true);
    pageRead('abc', { '/api/wallet': answered(200, memberWallet({ amount: 1234.5 })), '/api/protection': answered(404, { message: 'NO_DATA' }) });
    const fetchMock = answering(memberWallet({ amount: 99 }));
    prefetchHomeReads('/user/home');
    await vi.waitFor(() => expect(queryClient.getQueryData(walletQueryKey)).toEqual(memberWallet({ amount: 1234.5 })));
    // A refusal is the error the app's own call would have given.
    await vi.waitFor(() => expect(queryClient.getQueryState(protectionQueryKey)?.error).toMatchObject({ code: 'NO_DATA', status: 404 }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.earlyReads?.answers).toEqual({});
    // Read again (home's refresh, a retry): the server is asked.
    await queryClient.refetchQueries({ queryKey: walletQueryKey });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/wallet']);
    expect(queryClient.getQueryData(walletQueryKey)).toEqual(memberWallet({ amount: 99 }));
  });

  it("put the page's answers through the session rules: a session ended on the server signs the member out", async () => {
    saveToken('abc', true);
    const navigate = vi.fn();
    setApiNavigator(navigate);
    pageRead('abc', { '/api/wallet': answered(401, { message: 'invalid-token' }), '/api/protection': answered(401, { message: 'invalid-token' }) });
    const fetchMock = answering();
    prefetchHomeReads('/user/home');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?redirect=/)));
    expect(readToken()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("ask for themselves when the page's reads were for another session, or never reached the server", () => {
    saveToken('abc', true);
    pageRead('someone-else', { '/api/wallet': answered(200, memberWallet()), '/api/protection': answered(200, {}) });
    const fetchMock = answering();
    prefetchHomeReads('/user/home');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/wallet', '/api/protection']);
    queryClient.clear();
    fetchMock.mockClear();
    pageRead('abc', { '/api/wallet': null, '/api/protection': null });
    prefetchHomeReads('/user/home');
    return vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/wallet', '/api/protection']));
  });
});
