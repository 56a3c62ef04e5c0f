import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_HEADER, STORAGE_KEYS } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** public/early-reads.js as /user/home's page runs it (a classic script, sent as written). */
const runPageScript = () => new Function(fs.readFileSync(path.resolve(__dirname, '../../../public/early-reads.js'), 'utf8'))();

afterEach(() => {
  vi.restoreAllMocks();
  delete window.earlyReads;
  localStorage.clear();
  sessionStorage.clear();
});

describe("/user/home's page's early reads", () => {
  it("ask for what home draws first from, and the agreement's status, as the app's client would, with the session kept on the device", async () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'abc');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ message: 'BUSY' }), { status: 503, headers: { 'retry-after': '2' } }));
    runPageScript();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/wallet', '/api/protection', '/api/spinwheel/active', '/api/bonus/check/active', '/api/account/agreement']);
    const headers = new Headers(fetchMock.mock.calls[0]![1]!.headers);
    expect(headers.get(CLIENT_HEADER.name)).toBe(CLIENT_HEADER.value);
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(window.earlyReads?.token).toBe('abc');
    await expect(window.earlyReads?.answers['/api/wallet']).resolves.toEqual({ status: 503, ok: false, payload: { message: 'BUSY' }, retryAfter: '2' });
  });

  it('keep a call that reached no server as none, for the app to make', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    runPageScript();
    await expect(window.earlyReads?.answers['/api/protection']).resolves.toBeNull();
  });

  it('ask nothing without a session', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    runPageScript();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.earlyReads).toEqual({ token: null, answers: {}, worker: null });
  });
});
