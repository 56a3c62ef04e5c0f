import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PushSubscriptionDetails, WebPushError, createHttpWebPush, webPushVapid } from '../src/adapters/web-push.js';
import { loadConfig } from '../src/config.js';
import { type TestServer, startTestServer } from './harness.js';

// The web push adapter against the sandbox push service, over real HTTP: the sandbox plays the
// member's browser too, so it decrypts what it is sent with the subscription's own private key.
let server: TestServer;
const vapid = { subject: 'mailto:ops@example.com', ...webpush.generateVAPIDKeys() };
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => server.api('PUT', '/sandbox/push/faults', { body: {} }));
afterAll(() => server.close());

const push = () => createHttpWebPush({ vapid, timeoutMs: 5_000 });
const subscribe = async (): Promise<PushSubscriptionDetails & { id: string }> => (await server.api('POST', '/sandbox/push/subscriptions')).body;
const inbox = async (id: string) => (await server.api('GET', `/sandbox/push/messages?subscription=${id}`)).body.messages as Array<Record<string, unknown>>;

/** A push request made by hand, as the adapter would make it, with parts to spoil. */
function pushRequest(subscription: PushSubscriptionDetails, overrides: { authorization?: string; body?: Buffer } = {}) {
  const details = webpush.generateRequestDetails(subscription, JSON.stringify({ kind: 'test' }), { vapidDetails: vapid, contentEncoding: 'aes128gcm', TTL: 60 });
  return fetch(subscription.endpoint, {
    method: 'POST',
    headers: { ttl: '60', 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream', authorization: overrides.authorization ?? details.headers.Authorization! },
    body: overrides.body ?? details.body,
  });
}

describe('web push through the sandbox push service', () => {
  it('delivers an encrypted payload the browser reads back exactly, with its TTL, urgency and topic', async () => {
    const subscription = await subscribe();
    expect(subscription.endpoint).toBe(`${server.url}/sandbox/push/send/${subscription.id}`);
    const payload = { kind: 'DEPOSIT_CREDITED', amount: '1,500.00 ฿', depositId: 'D-42' };
    expect(await push().send(subscription, payload, { ttlSeconds: 3_600, urgency: 'high', topic: 'deposit-D42' })).toEqual({ status: 'delivered' });
    expect(await push().send(subscription, { kind: 'SECOND' }, { ttlSeconds: 0 })).toEqual({ status: 'delivered' });
    const [second, first] = await inbox(subscription.id);
    expect(first).toMatchObject({ payload, ttl: 3_600, urgency: 'high', topic: 'deposit-D42' });
    // The library says `normal` when the caller says nothing.
    expect(second).toMatchObject({ payload: { kind: 'SECOND' }, ttl: 0, urgency: 'normal', topic: null });
  });

  it('sends ciphertext, never the payload in the clear', async () => {
    const subscription = await subscribe();
    const details = webpush.generateRequestDetails(subscription, JSON.stringify({ secret: 'member-balance-9999' }), { vapidDetails: vapid, contentEncoding: 'aes128gcm', TTL: 60 });
    expect(details.body?.toString('latin1')).not.toContain('member-balance-9999');
  });

  it('refuses a JWT signed by another key than the header’s k', async () => {
    const subscription = await subscribe();
    const other = webpush.generateVAPIDKeys();
    const signedByOther = webpush.getVapidHeaders(new URL(server.url).origin, vapid.subject, other.publicKey, other.privateKey, 'aes128gcm').Authorization;
    const claimingOurs = signedByOther.replace(/k=[\w-]+/, `k=${vapid.publicKey}`);
    expect((await pushRequest(subscription, { authorization: claimingOurs })).status).toBe(401);
    expect((await pushRequest(subscription, { authorization: 'WebPush nonsense' })).status).toBe(401);
    expect(await inbox(subscription.id)).toEqual([]);
  });

  it('refuses an expired JWT, one living over 24 hours, and one for another push service', async () => {
    const subscription = await subscribe();
    const origin = new URL(server.url).origin;
    const sign = (audience: string, expiration: number) => webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration).Authorization;
    const nowSeconds = Math.floor(Date.now() / 1000);
    // The library refuses to sign past 24 h: that header is made by hand below.
    expect((await pushRequest(subscription, { authorization: sign(origin, nowSeconds - 60) })).status).toBe(403);
    expect((await pushRequest(subscription, { authorization: sign('https://fcm.googleapis.com', nowSeconds + 600) })).status).toBe(403);
    expect((await pushRequest(subscription, { authorization: handSigned(origin, nowSeconds + 25 * 3600) })).status).toBe(403);
    expect((await pushRequest(subscription, { authorization: handSigned(origin, nowSeconds + 600) })).status).toBe(201);
    expect(await inbox(subscription.id)).toHaveLength(1);
  });

  it('answers 400 to a tampered ciphertext and keeps nothing', async () => {
    const subscription = await subscribe();
    const details = webpush.generateRequestDetails(subscription, JSON.stringify({ kind: 'test' }), { vapidDetails: vapid, contentEncoding: 'aes128gcm', TTL: 60 });
    const tampered = Buffer.from(details.body!);
    tampered[tampered.length - 5]! ^= 0x01;
    expect((await pushRequest(subscription, { body: tampered })).status).toBe(400);
    // Encrypted for another browser's keys: it does not decrypt with this one's.
    const stranger = await subscribe();
    const forStranger = webpush.generateRequestDetails(stranger, JSON.stringify({ kind: 'test' }), { vapidDetails: vapid, contentEncoding: 'aes128gcm', TTL: 60 });
    expect((await pushRequest(subscription, { body: forStranger.body! })).status).toBe(400);
    expect(await inbox(subscription.id)).toEqual([]);
  });

  it('says gone when the subscription expired (410) or never existed (404)', async () => {
    const subscription = await subscribe();
    await server.api('PUT', '/sandbox/push/faults', { body: { gone: [subscription.id] } });
    expect(await push().send(subscription, { kind: 'x' }, { ttlSeconds: 60 })).toEqual({ status: 'gone' });
    const unknown = { ...subscription, endpoint: `${server.url}/sandbox/push/send/no-such-subscription` };
    expect(await push().send(unknown, { kind: 'x' }, { ttlSeconds: 60 })).toEqual({ status: 'gone' });
    expect(await inbox(subscription.id)).toEqual([]);
  });

  it('throws a retryable error when the service is down, throttling, slow or unreachable', async () => {
    const subscription = await subscribe();
    await server.api('PUT', '/sandbox/push/faults', { body: { unavailable: true } });
    await expect(push().send(subscription, { kind: 'x' }, { ttlSeconds: 60 })).rejects.toMatchObject({ retryable: true, status: 503 });
    await server.api('PUT', '/sandbox/push/faults', { body: { rateLimited: true } });
    const throttled = await push().send(subscription, { kind: 'x' }, { ttlSeconds: 60 }).catch((error: unknown) => error);
    expect(throttled).toBeInstanceOf(WebPushError);
    expect(throttled).toMatchObject({ retryable: true, status: 429, retryAfterSeconds: 30 });
    await server.api('PUT', '/sandbox/push/faults', { body: { slowMs: 1_000 } });
    await expect(createHttpWebPush({ vapid, timeoutMs: 200 }).send(subscription, { kind: 'x' }, { ttlSeconds: 60 })).rejects.toMatchObject({ retryable: true, status: null });
    const nowhere = { ...subscription, endpoint: 'http://127.0.0.1:1/push' };
    await expect(push().send(nowhere, { kind: 'x' }, { ttlSeconds: 60 })).rejects.toMatchObject({ retryable: true, status: null });
  });

  it('throws a non-retryable error when the service refuses the request itself (400-class)', async () => {
    const subscription = await subscribe();
    // Keys the service does not accept: our signature is refused, and would be on every retry.
    const signedWrong = createHttpWebPush({ vapid: { ...vapid, publicKey: webpush.generateVAPIDKeys().publicKey }, timeoutMs: 5_000 });
    await expect(signedWrong.send(subscription, { kind: 'x' }, { ttlSeconds: 60 })).rejects.toMatchObject({ retryable: false, status: 401 });
    // The push service refuses to keep a message past four weeks.
    await expect(push().send(subscription, { kind: 'x' }, { ttlSeconds: 60 * 24 * 3600 })).rejects.toMatchObject({ retryable: false, status: 400 });
    await expect(push().send({ ...subscription, keys: { ...subscription.keys, p256dh: 'short' } }, { kind: 'x' }, { ttlSeconds: 60 })).rejects.toMatchObject({ retryable: false, status: null });
  });
});

describe('the VAPID keys from configuration', () => {
  it('with sandboxes on and none set, are generated once into DATA_DIR and kept across restarts', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-vapid-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const first = webPushVapid(config);
    expect(first).toMatchObject({ subject: expect.stringMatching(/^mailto:/), publicKey: expect.stringMatching(/^[\w-]{87}$/) });
    expect(webPushVapid(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }))).toEqual(first);
    expect(fs.existsSync(path.join(dataDir, 'web-push-vapid.json'))).toBe(true);
  });

  it('set, are used as they are; with sandboxes off and none set, web push is not configured', () => {
    const keys = webpush.generateVAPIDKeys();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-vapid-'));
    expect(webPushVapid(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: keys.privateKey, WEB_PUSH_SUBJECT: 'https://wallet.example.com/contact' }))).toEqual({
      subject: 'https://wallet.example.com/contact',
      ...keys,
    });
    const realServices = { SMS_URL: 'https://sms.example', PROVIDER_URL: 'https://p.example', GATEWAY_URL: 'https://g.example', TRUEMONEY_URL: 'https://t.example', SLIP_VERIFIER_URL: 'https://s.example', BANK_STATEMENT_URL: 'https://b.example' };
    expect(webPushVapid(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SANDBOXES: 'false', ...realServices }))).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/both/);
    expect(() => loadConfig({ NODE_ENV: 'test', WEB_PUSH_SUBJECT: 'http://insecure.example' })).toThrow(/WEB_PUSH_SUBJECT/);
  });
});

/** A VAPID header signed without the library, which will not sign a JWT living over 24 hours. */
function handSigned(audience: string, expiration: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode({ aud: audience, exp: expiration, sub: vapid.subject })}`;
  const publicKey = Buffer.from(vapid.publicKey, 'base64url');
  const privateKey = crypto.createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', x: publicKey.subarray(1, 33).toString('base64url'), y: publicKey.subarray(33).toString('base64url'), d: vapid.privateKey },
    format: 'jwk',
  });
  const signature = crypto.sign('sha256', Buffer.from(unsigned), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${unsigned}.${signature}, k=${vapid.publicKey}`;
}
