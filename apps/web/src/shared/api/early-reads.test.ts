import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../storage';
import { api } from './client';
import { takeEarlyRead } from './early-reads';

const EARLY_SCRIPT = fs.readFileSync(path.resolve(__dirname, '../../../public/early-reads.js'), 'utf8');

/** Runs public/early-reads.js as the page would, at `pathname`, with fetch stubbed. */
function openPage(pathname: string) {
  window.history.replaceState(null, '', pathname);
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ early: true })));
  new Function(EARLY_SCRIPT)();
  return fetchMock;
}

afterEach(() => {
  delete window.__earlyReads;
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('home\'s early reads', () => {
  it('are sent on /user/home with the session and the headers the app itself sends', async () => {
    saveToken('abc', true);
    const fetchMock = openPage('/user/home');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/wallet', '/api/protection']);
    const sent = new Headers(fetchMock.mock.calls[0]![1]!.headers);
    const app = new Headers(api.headers());
    expect(sent.get('X-Client')).toBe(app.get('X-Client'));
    expect(sent.get('Authorization')).toBe(app.get('Authorization'));
    // A session kept for this visit only (not remembered) is found too.
    localStorage.clear();
    saveToken('visit', false);
    openPage('/user/home');
    expect(window.__earlyReads?.['/api/wallet']?.token).toBe('visit');
  });

  it('are not sent elsewhere, nor without a session', () => {
    saveToken('abc', true);
    expect(openPage('/user/profile')).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    localStorage.clear();
    expect(openPage('/user/home')).not.toHaveBeenCalled();
  });

  it('answer the first call of their read only, and only for the session they carried', async () => {
    saveToken('abc', true);
    const fetchMock = openPage('/user/home');
    await expect(api.get('/api/wallet')).resolves.toEqual({ early: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await api.get('/api/wallet');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(takeEarlyRead('GET', '/api/protection', 'someone-else')).toBeUndefined();
    expect(takeEarlyRead('GET', '/api/protection', 'abc')).toBeUndefined();
  });

  it('are dropped once the app sends anything but a read: it may change what they say', () => {
    saveToken('abc', true);
    openPage('/user/home');
    expect(takeEarlyRead('POST', '/api/wallet/transfer', 'abc')).toBeUndefined();
    expect(takeEarlyRead('GET', '/api/wallet', 'abc')).toBeUndefined();
    expect(window.__earlyReads).toBeUndefined();
  });
});
