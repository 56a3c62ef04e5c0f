import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiNavigator } from '../../shared/api/client';
import { getWallet, walletQueryKey } from '../../shared/api/wallet';
import { agreementStatusQueryKey } from '../../shared/api/agreement/get-agreement-status';
import { activeConditionQueryKey } from '../../shared/api/promotions/get-active-condition';
import { protectionQueryKey } from '../../shared/api/protection/get-protection';
import { spinQueryKey } from '../../shared/api/spin';
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
/** What home draws first from, and the agreement's status it asks for next, in the order they are asked for. */
const HOME_READS = ['/api/wallet', '/api/protection', '/api/spinwheel/active', '/api/bonus/check/active', '/api/account/agreement'];
const VERSION = 'a'.repeat(64);
/** Every one of home's reads answered by the page, the wallet and the protection status as given. */
const pageAnswers = (wallet: EarlyAnswer | null, protection: EarlyAnswer | null): Record<string, EarlyAnswer | null> => ({
  '/api/wallet': wallet,
  '/api/protection': protection,
  '/api/spinwheel/active': answered(200, { isActive: true }),
  '/api/bonus/check/active': answered(200, { status: false, type: null, condition: null }),
  '/api/account/agreement': answered(200, { version: VERSION, accepted: true }),
});

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
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(HOME_READS);
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('Authorization')).toBe('Bearer abc');
    // Home's own read of the wallet, while the first is on its way: the same request, not a second.
    void queryClient.fetchQuery({ queryKey: walletQueryKey, queryFn: getWallet }).catch(() => undefined);
    expect(queryClient.getQueryState(walletQueryKey)?.fetchStatus).toBe('fetching');
    expect(fetchMock).toHaveBeenCalledTimes(HOME_READS.length);
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
    pageRead('abc', pageAnswers(answered(200, memberWallet({ amount: 1234.5 })), answered(404, { message: 'NO_DATA' })));
    const fetchMock = answering(memberWallet({ amount: 99 }));
    prefetchHomeReads('/user/home');
    await vi.waitFor(() => expect(queryClient.getQueryData(walletQueryKey)).toEqual(memberWallet({ amount: 1234.5 })));
    // A refusal is the error the app's own call would have given.
    await vi.waitFor(() => expect(queryClient.getQueryState(protectionQueryKey)?.error).toMatchObject({ code: 'NO_DATA', status: 404 }));
    await vi.waitFor(() => expect(queryClient.getQueryData([...spinQueryKey, 'active'])).toEqual({ isActive: true }));
    await vi.waitFor(() => expect(queryClient.getQueryData([...activeConditionQueryKey, 'th'])).toEqual({ status: false, type: null, condition: null }));
    await vi.waitFor(() => expect(queryClient.getQueryData(agreementStatusQueryKey)).toEqual({ version: VERSION, accepted: true }));
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
    pageRead('abc', pageAnswers(answered(401, { message: 'invalid-token' }), answered(401, { message: 'invalid-token' })));
    const fetchMock = answering();
    prefetchHomeReads('/user/home');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?redirect=/)));
    expect(readToken()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("ask for themselves when the page's reads were for another session, or never reached the server", () => {
    saveToken('abc', true);
    pageRead('someone-else', pageAnswers(answered(200, memberWallet()), answered(200, {})));
    const fetchMock = answering();
    prefetchHomeReads('/user/home');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(HOME_READS);
    queryClient.clear();
    fetchMock.mockClear();
    pageRead('abc', Object.fromEntries(HOME_READS.map((read) => [read, null])));
    prefetchHomeReads('/user/home');
    return vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(HOME_READS));
  });
});
