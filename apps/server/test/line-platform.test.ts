import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LineMessage, LineError, createLineMessaging, lineSignature, lineSignatureValid, verifyLineIdToken } from '../src/adapters/line.js';
import { SANDBOX_LINE_CHANNELS, loadConfig } from '../src/config.js';
import { signIdToken } from '../src/sandbox/line.sandbox.js';
import { type TestServer, startTestServer } from './harness.js';

// The LINE adapter against the sandbox LINE platform, over real HTTP: channel tokens, pushes with
// retry keys, LINE's message checks, friendship, and faults.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.api('PUT', '/sandbox/line/faults', { body: {} });
});
afterAll(() => server.close());

const messaging = (overrides: { timeoutMs?: number; channelSecret?: string } = {}) =>
  createLineMessaging({
    apiUrl: () => `${server.url}/sandbox/line`,
    accessUrl: () => `${server.url}/sandbox/line`,
    ...SANDBOX_LINE_CHANNELS,
    timeoutMs: 5_000,
    now: server.clock.now,
    ...overrides,
  });
const hello: LineMessage[] = [{ type: 'text', text: 'สวัสดี' }];

async function lineUser(friendship: 'following' | 'none' | 'blocked' = 'following'): Promise<string> {
  const { userId } = (await server.api('POST', '/sandbox/line/users', { body: { displayName: 'Somchai' } })).body as { userId: string };
  if (friendship === 'following') await server.api('POST', `/sandbox/line/users/${userId}/follow`);
  if (friendship === 'blocked') await server.api('POST', `/sandbox/line/users/${userId}/block`);
  return userId;
}
const inbox = async (userId: string) => (await server.api('GET', `/sandbox/line/users/${userId}/messages`)).body.messages as Array<{ retryKey: string; messages: LineMessage[] }>;

async function channelToken(): Promise<string> {
  const answer = await fetch(`${server.url}/sandbox/line/oauth2/v3/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: SANDBOX_LINE_CHANNELS.channelId, client_secret: SANDBOX_LINE_CHANNELS.channelSecret }),
  });
  const body = (await answer.json()) as { access_token: string; expires_in: number; token_type: string };
  expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
  return body.access_token;
}
const pushAs = (token: string, body: unknown, retryKey?: string) =>
  fetch(`${server.url}/sandbox/line/v2/bot/message/push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(retryKey ? { 'x-line-retry-key': retryKey } : {}) },
    body: JSON.stringify(body),
  });
const tokenRequests = (spy: { mock: { calls: Array<Parameters<typeof fetch>> } }) => spy.mock.calls.filter(([url]) => String(url).endsWith('/oauth2/v3/token')).length;

describe('pushing through the sandbox LINE platform', () => {
  it('delivers to a friend once, even when sent again with the same retry key', async () => {
    const userId = await lineUser();
    const retryKey = crypto.randomUUID();
    expect(await messaging().push(userId, hello, retryKey)).toEqual({ status: 'sent' });
    // A resend after a crash, from a fresh process (another token): LINE answers 409, which is a send.
    expect(await messaging().push(userId, hello, retryKey)).toEqual({ status: 'sent' });
    const received = await inbox(userId);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ retryKey, messages: hello });
    const again = await pushAs(await channelToken(), { to: userId, messages: hello }, retryKey);
    expect(again.status).toBe(409);
    expect(again.headers.get('x-line-accepted-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps its channel token and renews it before it expires (15 minutes)', async () => {
    const userId = await lineUser();
    const line = messaging();
    const fetches = vi.spyOn(globalThis, 'fetch');
    await line.push(userId, hello, crypto.randomUUID());
    await line.push(userId, hello, crypto.randomUUID());
    expect(tokenRequests(fetches)).toBe(1);
    server.clock.advance(14 * 60_000);
    await line.push(userId, hello, crypto.randomUUID());
    expect(tokenRequests(fetches)).toBe(2);
    expect(await inbox(userId)).toHaveLength(3);
  });

  it('refuses an expired or forged token (401); the adapter renews a token refused under it and sends once', async () => {
    const userId = await lineUser();
    const token = await channelToken();
    expect((await pushAs(token, { to: userId, messages: hello })).status).toBe(200);
    server.clock.advance(16 * 60_000);
    expect((await pushAs(token, { to: userId, messages: hello })).status).toBe(401);
    expect((await pushAs(`${token.slice(0, -2)}xx`, { to: userId, messages: hello })).status).toBe(401);

    const line = messaging();
    await line.push(userId, hello, crypto.randomUUID());
    await server.api('PUT', '/sandbox/line/faults', { body: { expireTokens: true } });
    const fetches = vi.spyOn(globalThis, 'fetch');
    expect(await line.push(userId, hello, crypto.randomUUID())).toEqual({ status: 'sent' });
    expect(tokenRequests(fetches)).toBe(1);
    expect(await inbox(userId)).toHaveLength(3);
  });

  it('refuses wrong channel credentials at the token endpoint, not worth retrying', async () => {
    const userId = await lineUser();
    await expect(messaging({ channelSecret: 'not-the-channel-secret' }).push(userId, hello, crypto.randomUUID())).rejects.toMatchObject({ retryable: false, status: 400 });
  });

  it('checks messages as LINE does: 1 to 5, text up to 5,000, flex with altText up to 400, a U+32-hex userId', async () => {
    const userId = await lineUser();
    const token = await channelToken();
    const refused = async (body: unknown) => {
      const answer = await pushAs(token, body);
      expect(answer.status).toBe(400);
      return ((await answer.json()) as { details: Array<{ property: string }> }).details.map((detail) => detail.property);
    };
    expect(await refused({ to: userId, messages: [] })).toEqual(['messages']);
    expect(await refused({ to: userId, messages: Array.from({ length: 6 }, () => hello[0]) })).toEqual(['messages']);
    expect(await refused({ to: userId, messages: [{ type: 'text', text: 'x'.repeat(5001) }] })).toEqual(['messages[0].text']);
    expect(await refused({ to: userId, messages: [{ type: 'flex', contents: { type: 'bubble' } }] })).toEqual(['messages[0].altText']);
    expect(await refused({ to: userId, messages: [{ type: 'flex', altText: 'x'.repeat(401), contents: { type: 'bubble' } }] })).toEqual(['messages[0].altText']);
    expect(await refused({ to: 'U123', messages: hello })).toEqual(['to']);
    expect((await pushAs(token, { to: userId, messages: [{ type: 'text', text: 'x'.repeat(5000) }] })).status).toBe(200);
    expect((await pushAs(token, { to: userId, messages: hello }, 'not-a-uuid')).status).toBe(400);
    // Our adapter gets a message LINE refuses as a failure not worth retrying.
    await expect(messaging().push(userId, [{ type: 'text', text: '' }], crypto.randomUUID())).rejects.toMatchObject({ retryable: false, status: 400 });
  });

  it('says unreachable for a user who blocked or removed the Official Account, or whom LINE does not know', async () => {
    const blocked = await lineUser('blocked');
    expect(await messaging().push(blocked, hello, crypto.randomUUID())).toMatchObject({ status: 'unreachable' });
    const stranger = await lineUser('none');
    expect(await messaging().push(stranger, hello, crypto.randomUUID())).toMatchObject({ status: 'unreachable' });
    expect(await messaging().push(`U${crypto.randomBytes(16).toString('hex')}`, hello, crypto.randomUUID())).toMatchObject({ status: 'unreachable' });
    expect(await inbox(blocked)).toEqual([]);
  });

  it('throws retryable errors when LINE is throttling (Retry-After kept), down, slow or unreachable', async () => {
    const userId = await lineUser();
    await server.api('PUT', '/sandbox/line/faults', { body: { rateLimited: true } });
    const throttled = await messaging().push(userId, hello, crypto.randomUUID()).catch((error: unknown) => error);
    expect(throttled).toBeInstanceOf(LineError);
    expect(throttled).toMatchObject({ retryable: true, status: 429, retryAfterSeconds: 30 });
    await server.api('PUT', '/sandbox/line/faults', { body: { unavailable: true } });
    await expect(messaging().push(userId, hello, crypto.randomUUID())).rejects.toMatchObject({ retryable: true, status: 500 });
    await server.api('PUT', '/sandbox/line/faults', { body: { slowMs: 1_000 } });
    await expect(messaging({ timeoutMs: 200 }).push(userId, hello, crypto.randomUUID())).rejects.toMatchObject({ retryable: true, status: null });
    const nowhere = createLineMessaging({ apiUrl: () => 'http://127.0.0.1:1', accessUrl: () => 'http://127.0.0.1:1', ...SANDBOX_LINE_CHANNELS, timeoutMs: 1_000, now: server.clock.now });
    await expect(nowhere.push(userId, hello, crypto.randomUUID())).rejects.toMatchObject({ retryable: true, status: null });
  });
});

describe('LINE signatures', () => {
  const secret = SANDBOX_LINE_CHANNELS.loginChannelSecret;
  const nowSeconds = 1_900_000_000;
  const claims = { iss: 'https://access.line.me', sub: `U${'a'.repeat(32)}`, aud: SANDBOX_LINE_CHANNELS.loginChannelId, exp: nowSeconds + 600, iat: nowSeconds, nonce: 'n-1', name: 'Somchai' };
  const expected = { channelId: SANDBOX_LINE_CHANNELS.loginChannelId, channelSecret: secret, nonce: 'n-1', nowSeconds };

  it('accept an id_token signed with the Login channel secret, for our channel, unexpired, with our nonce', () => {
    expect(verifyLineIdToken(signIdToken(claims, secret), expected)).toEqual({ sub: claims.sub, name: 'Somchai' });
    expect(verifyLineIdToken(signIdToken(claims, 'another-channel-secret'), expected)).toBeNull();
    expect(verifyLineIdToken(signIdToken({ ...claims, aud: '1234567890' }, secret), expected)).toBeNull();
    expect(verifyLineIdToken(signIdToken({ ...claims, iss: 'https://evil.example' }, secret), expected)).toBeNull();
    expect(verifyLineIdToken(signIdToken({ ...claims, exp: nowSeconds - 1 }, secret), expected)).toBeNull();
    expect(verifyLineIdToken(signIdToken({ ...claims, nonce: 'n-2' }, secret), expected)).toBeNull();
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(verifyLineIdToken(unsigned, expected)).toBeNull();
  });

  it('check a webhook body against x-line-signature', () => {
    const body = '{"destination":"U0","events":[]}';
    expect(lineSignatureValid(body, 'channel-secret-1234', lineSignature(body, 'channel-secret-1234'))).toBe(true);
    expect(lineSignatureValid(`${body} `, 'channel-secret-1234', lineSignature(body, 'channel-secret-1234'))).toBe(false);
    expect(lineSignatureValid(body, 'channel-secret-1234', undefined)).toBe(false);
    expect(lineSignatureValid(body, 'channel-secret-1234', 'short')).toBe(false);
  });
});

describe('the LINE settings', () => {
  const realServices = { SMS_URL: 'https://sms.example', PROVIDER_URL: 'https://p.example', GATEWAY_URL: 'https://g.example', TRUEMONEY_URL: 'https://t.example', SLIP_VERIFIER_URL: 'https://s.example', BANK_STATEMENT_URL: 'https://b.example' };
  const channels = { LINE_CHANNEL_ID: '1650000001', LINE_CHANNEL_SECRET: 'a'.repeat(32), LINE_LOGIN_CHANNEL_ID: '1650000002', LINE_LOGIN_CHANNEL_SECRET: 'b'.repeat(32) };

  it('with sandboxes on and none set, are the sandbox LINE platform’s channels at this server', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).line).toMatchObject({ apiUrl: undefined, accessUrl: undefined, ...SANDBOX_LINE_CHANNELS });
  });

  it('with sandboxes off, are LINE’s when all set, and no LINE channel when none is', () => {
    expect(loadConfig({ NODE_ENV: 'test', SANDBOXES: 'false', ...realServices }).line).toBeNull();
    const real = loadConfig({ NODE_ENV: 'test', SANDBOXES: 'false', ...realServices, ...channels, LINE_API_URL: 'https://api.line.me', LINE_ACCESS_URL: 'https://access.line.me', APP_URL: 'https://wallet.example/' });
    expect(real.line).toMatchObject({ apiUrl: 'https://api.line.me', channelId: '1650000001', loginChannelId: '1650000002' });
    expect(real.appUrl).toBe('https://wallet.example');
    expect(() => loadConfig({ NODE_ENV: 'test', SANDBOXES: 'false', ...realServices, ...channels })).toThrow(/LINE_API_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', LINE_CHANNEL_ID: '1650000001' })).toThrow(/LINE_CHANNEL_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'test', LINE_API_URL: 'https://api.line.me' })).toThrow(/LINE_ACCESS_URL/);
  });
});
