import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_HEADER, STORAGE_KEYS, formatMoney } from '@wallet/contract';
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

  it("build the number format of the member's language while the app's code is on its way, that of the build's language when none was chosen", async () => {
    vi.useFakeTimers();
    const Original = Intl.NumberFormat;
    const built = vi.fn((locale: string, options: Intl.NumberFormatOptions) => new Original(locale, options));
    // A constructor stand-in (called with `new`), which records what the page built.
    Intl.NumberFormat = function (locale: string, options: Intl.NumberFormatOptions) {
      return built(locale, options);
    } as unknown as typeof Intl.NumberFormat;
    try {
      vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
      localStorage.setItem(STORAGE_KEYS.token, 'abc');
      document.documentElement.lang = 'th';
      runPageScript();
      expect(built).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(built).toHaveBeenLastCalledWith('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      // The locales are formatMoney's: a Lao or English reader's amounts are grouped as en-US.
      localStorage.setItem(STORAGE_KEYS.locale, 'lo');
      runPageScript();
      vi.runAllTimers();
      expect(built).toHaveBeenLastCalledWith('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(formatMoney(1234.5, 'lo')).toBe(new Original('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5));
    } finally {
      Intl.NumberFormat = Original;
      vi.useRealTimers();
    }
  });
});
