import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, loginResponse } from '@wallet/contract';
import { saveToken } from '../storage';
import { ApiError, api, setApiNavigator } from './client';
import { errorText } from './messages';

const navigate = vi.fn();
function answer(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

beforeEach(() => setApiNavigator(navigate));
afterEach(() => {
  vi.restoreAllMocks();
  navigate.mockReset();
});

describe('API client', () => {
  it('always sends the wallet-user client header, and the bearer token when stored', async () => {
    const fetchMock = answer(200, { ok: true });
    await api.get('/api/lookup/info');
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('X-Client')).toBe('wallet-user');
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('Authorization')).toBeNull();
    saveToken('abc', false);
    await api.get('/api/lookup/info');
    expect(new Headers(fetchMock.mock.calls[1]![1]!.headers).get('Authorization')).toBe('Bearer abc');
  });

  it('parses the answer with a schema loaded on demand, and does not wait for it on a refusal', async () => {
    const loadSchema = vi.fn(async () => loginResponse);
    answer(200, { token: 't0k3n', extra: 'dropped' });
    await expect(api.post('/api/login', {}, { schema: loadSchema })).resolves.toEqual({ token: 't0k3n' });
    answer(200, { nothing: true });
    await expect(api.post('/api/login', {}, { schema: loadSchema })).rejects.toThrow();
    answer(401, { message: 'WRONG_CREDENTIAL' });
    await expect(api.post('/api/login', {}, { schema: () => Promise.reject(new Error('offline')) })).rejects.toMatchObject({ code: 'WRONG_CREDENTIAL' });
  });

  it('sends the browser to /terminated when the site is gone', async () => {
    answer(410, { message: 'gone' });
    await expect(api.get('/api/lookup/banks')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/terminated');
  });

  it.each(['invalid-token', 'ไม่สามารถยืนยันตัวตนได้'])('clears the session and goes to /login on %s', async (message) => {
    saveToken('abc', true);
    answer(401, { message });
    await expect(api.get('/api/account/profile')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate.mock.calls[0]![0]).toMatch(/^\/login/);
  });

  it('changes nothing on an answer that a session is over when the device no longer holds that session', async () => {
    saveToken('abc', true);
    let release: (response: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (release = resolve)));
    const inFlight = api.get('/api/figures/reality-check/summary');
    // The member signs in again (or out) while the call is on its way.
    saveToken('def', true);
    release(new Response(JSON.stringify({ message: 'invalid-token' }), { status: 401 }));
    await expect(inFlight).rejects.toMatchObject({ code: 'invalid-token' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('def');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends a blocked member’s session back to login, where the login answer itself says why', async () => {
    saveToken('abc', true);
    answer(403, { message: 'INACTIVE_USER' });
    await expect(api.get('/api/wallet')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/));
    navigate.mockReset();
    vi.restoreAllMocks();
    answer(403, { message: 'INACTIVE_USER' });
    await expect(api.post('/api/login', { username: '0812345678', password: 'secret-pass' })).rejects.toMatchObject({ code: 'INACTIVE_USER' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('translates known codes and shows unknown messages raw', async () => {
    await i18n.changeLanguage('en');
    answer(401, { message: 'WRONG_CREDENTIAL' });
    const known = await api.post('/api/login', {}).catch((error: unknown) => error);
    expect(errorText(i18n.t, known)).toBe('Phone number or password is incorrect.');
    answer(400, { message: 'Something the server said' });
    const raw = await api.post('/api/login', {}).catch((error: unknown) => error);
    expect(errorText(i18n.t, raw)).toBe('Something the server said');
    await i18n.changeLanguage('th');
  });
});

describe('token storage', () => {
  it('keeps the token in localStorage with remember-me and in sessionStorage without', () => {
    saveToken('remembered', true);
    expect(localStorage.getItem('token')).toBe('remembered');
    saveToken('session-only', false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('session-only');
  });
});
