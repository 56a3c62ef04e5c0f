import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LineMessage, lineSignature } from '../src/adapters/line.js';
import { SANDBOX_LINE_CHANNELS } from '../src/config.js';
import { ChannelError, type NoticeChannel, type RenderedNotice } from '../src/modules/notices/channel.js';
import { type TestServer, registerMember, startTestServer } from './harness.js';

// A member links LINE through the sandbox's LINE Login over real HTTP, LINE's webhook keeps whether
// they follow the Official Account, and the LINE channel pushes notices to their LINE app.
let server: TestServer;
let channel: NoticeChannel;
beforeAll(async () => {
  server = await startTestServer({ env: { LINE_TIMEOUT_MS: '500' } });
  channel = server.app.lineNotices.channel!;
});
afterEach(() => server.api('PUT', '/sandbox/line/faults', { body: {} }));
afterAll(() => server.close());

type Member = { id: string; token: string };
type Consent = { userId?: string; newName?: string; addFriend?: boolean; decision?: 'allow' | 'cancel' };

/** What the member's browser does: our link URL, LINE's consent page, the redirect back, our callback. */
async function walkLineLogin(member: Member, consent: Consent) {
  const start = await server.api('GET', '/api/notices/line/link', { token: member.token });
  expect(start.status).toBe(200);
  const authorize = new URL(start.body.url as string);
  expect(authorize.searchParams.get('scope')).toBe('profile openid');
  expect(authorize.searchParams.get('client_id')).toBe(SANDBOX_LINE_CHANNELS.loginChannelId);
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Log in with LINE (sandbox)');
  const form = new URLSearchParams({
    client_id: authorize.searchParams.get('client_id')!,
    redirect_uri: authorize.searchParams.get('redirect_uri')!,
    state: authorize.searchParams.get('state')!,
    nonce: authorize.searchParams.get('nonce')!,
    scope: authorize.searchParams.get('scope')!,
    user_id: consent.userId ?? 'new',
    display_name: consent.newName ?? '',
    decision: consent.decision ?? 'allow',
    ...(consent.addFriend === false ? {} : { add_friend: 'on' }),
  });
  const consented = await fetch(`${server.url}/sandbox/line/oauth2/v2.1/authorize`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
  expect(consented.status).toBe(302);
  const callbackUrl = new URL(consented.headers.get('location')!);
  expect(callbackUrl.pathname).toBe('/api/notices/line/callback');
  return { callbackUrl, state: authorize.searchParams.get('state')!, finish: () => callback(callbackUrl) };
}

/** Our callback's answer: a redirect to the profile page carrying the result. */
async function callback(url: URL | string): Promise<string | null> {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!, server.url);
  expect(back.pathname).toBe('/user/profile');
  return back.searchParams.get('line');
}

async function newLineUser(name = 'Malee'): Promise<string> {
  return ((await server.api('POST', '/sandbox/line/users', { body: { displayName: name } })).body as { userId: string }).userId;
}
const status = async (member: Member) => (await server.api('GET', '/api/notices/line', { token: member.token })).body as { linked: boolean; following: boolean; linkedAt: number | null };
const inbox = async (userId: string) => (await server.api('GET', `/sandbox/line/users/${userId}/messages`)).body.messages as Array<{ messages: LineMessage[] }>;

async function linkedMember(): Promise<Member & { lineUserId: string }> {
  const member = await registerMember(server);
  const lineUserId = await newLineUser();
  expect(await (await walkLineLogin(member, { userId: lineUserId })).finish()).toBe('linked');
  return { ...member, lineUserId };
}

const notice = (memberId: string, overrides: Partial<RenderedNotice> = {}): RenderedNotice => ({
  id: crypto.randomUUID(),
  memberId: BigInt(memberId),
  kind: 'deposit_credited',
  language: 'th',
  title: 'ฝากเงินสำเร็จ',
  body: 'ยอดเงินเข้ากระเป๋าของคุณแล้ว',
  amount: { minor: 150_000n, currency: 'THB' },
  path: '/user/statement',
  service: true,
  ...overrides,
});

function signedWebhook(events: unknown[], secret = SANDBOX_LINE_CHANNELS.channelSecret) {
  const raw = JSON.stringify({ destination: `U${'0'.repeat(32)}`, events });
  return { raw, headers: { 'x-line-signature': lineSignature(raw, secret) } };
}
const unfollowEvent = (userId: string) => ({ type: 'unfollow', mode: 'active', timestamp: Date.now(), source: { type: 'user', userId }, webhookEventId: '01J0000000000000000000000', deliveryContext: { isRedelivery: false } });

describe('linking LINE through LINE Login', () => {
  it('links the member to the LINE account they consented with, following the Official Account', async () => {
    const member = await registerMember(server);
    expect(await status(member)).toEqual({ linked: false, following: false, linkedAt: null });
    const { finish } = await walkLineLogin(member, { newName: 'Somsak' });
    expect(await finish()).toBe('linked');
    expect(await status(member)).toMatchObject({ linked: true, following: true, linkedAt: expect.any(Number) });
    expect(await channel.reachable(server.db, BigInt(member.id))).toBe(true);
  });

  it('links without the friend: linked, not following, not reachable until LINE says they follow', async () => {
    const member = await registerMember(server);
    const lineUserId = await newLineUser();
    expect(await (await walkLineLogin(member, { userId: lineUserId, addFriend: false })).finish()).toBe('linked');
    expect(await status(member)).toMatchObject({ linked: true, following: false });
    expect(await channel.reachable(server.db, BigInt(member.id))).toBe(false);
    const followed = await server.api('POST', `/sandbox/line/users/${lineUserId}/follow`);
    expect(followed.body).toMatchObject({ friendship: 'following', webhookStatus: 200 });
    expect(await status(member)).toMatchObject({ linked: true, following: true });
  });

  it('refuses a forged state, a state used already, and one older than 10 minutes', async () => {
    const member = await registerMember(server);
    const lineUserId = await newLineUser();
    const { callbackUrl, finish } = await walkLineLogin(member, { userId: lineUserId });
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', crypto.randomBytes(24).toString('base64url'));
    expect(await callback(forged)).toBe('LINE_LINK_EXPIRED');
    expect(await finish()).toBe('linked');
    // The same answer from LINE again: the state is gone (and LINE would refuse the code too).
    expect(await callback(callbackUrl)).toBe('LINE_LINK_EXPIRED');

    const late = await registerMember(server);
    const slow = await walkLineLogin(late, { newName: 'Late' });
    server.clock.advance(11 * 60_000);
    expect(await slow.finish()).toBe('LINE_LINK_EXPIRED');
    expect(await status(late)).toMatchObject({ linked: false });
  });

  it('refuses a LINE account already linked to another member, and keeps the first link', async () => {
    const first = await linkedMember();
    const second = await registerMember(server);
    expect(await (await walkLineLogin(second, { userId: first.lineUserId })).finish()).toBe('LINE_ACCOUNT_TAKEN');
    expect(await status(second)).toMatchObject({ linked: false });
    expect(await status(first)).toMatchObject({ linked: true, following: true });
  });

  it('says LINE_LOGIN_FAILED when the member cancels at LINE', async () => {
    const member = await registerMember(server);
    expect(await (await walkLineLogin(member, { newName: 'Cancel', decision: 'cancel' })).finish()).toBe('LINE_LOGIN_FAILED');
    expect(await status(member)).toMatchObject({ linked: false });
  });

  it('unlinks: the member is no longer reachable, and the LINE account may be linked by another member', async () => {
    const first = await linkedMember();
    const unlinked = await server.api('DELETE', '/api/notices/line/link', { token: first.token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toEqual({ linked: false, following: false, linkedAt: null });
    expect(await channel.reachable(server.db, BigInt(first.id))).toBe(false);
    const second = await registerMember(server);
    expect(await (await walkLineLogin(second, { userId: first.lineUserId })).finish()).toBe('linked');
  });

  it('needs a signed-in member to start', async () => {
    expect((await server.api('GET', '/api/notices/line/link')).status).toBe(401);
  });
});

describe("LINE's webhook", () => {
  it('refuses a bad or missing signature before reading anything, and changes nothing', async () => {
    const member = await linkedMember();
    const wrong = signedWebhook([unfollowEvent(member.lineUserId)], 'not-our-channel-secret');
    expect((await server.api('POST', '/api/webhooks/line', { raw: wrong.raw, headers: wrong.headers })).status).toBe(401);
    expect((await server.api('POST', '/api/webhooks/line', { raw: signedWebhook([unfollowEvent(member.lineUserId)]).raw })).status).toBe(401);
    // Not even JSON: still 401, the body is never parsed unsigned.
    expect((await server.api('POST', '/api/webhooks/line', { raw: '{not json', headers: { 'x-line-signature': 'AAAA' } })).status).toBe(401);
    expect(await status(member)).toMatchObject({ linked: true, following: true });
  });

  it('unfollow (block) and follow update the link, from the sandbox as LINE sends them', async () => {
    const member = await linkedMember();
    const blocked = await server.api('POST', `/sandbox/line/users/${member.lineUserId}/block`);
    expect(blocked.body).toMatchObject({ friendship: 'blocked', webhookStatus: 200 });
    expect(await status(member)).toMatchObject({ linked: true, following: false });
    expect(await channel.reachable(server.db, BigInt(member.id))).toBe(false);
    await server.api('POST', `/sandbox/line/users/${member.lineUserId}/follow`);
    expect(await status(member)).toMatchObject({ linked: true, following: true });
    const signed = signedWebhook([unfollowEvent(member.lineUserId)]);
    expect((await server.api('POST', '/api/webhooks/line', { raw: signed.raw, headers: signed.headers })).status).toBe(200);
    expect(await status(member)).toMatchObject({ following: false });
    // LINE's "Verify" button: no events, a 200.
    const verify = signedWebhook([]);
    expect((await server.api('POST', '/api/webhooks/line', { raw: verify.raw, headers: verify.headers })).status).toBe(200);
  });
});

describe('the LINE notice channel', () => {
  it('pushes a text and a flex card with the amount in baht and a button into the app', async () => {
    const member = await linkedMember();
    const sent = notice(member.id);
    expect(await channel.send(server.db, sent)).toEqual({ status: 'sent' });
    const [received] = await inbox(member.lineUserId);
    const [text, card] = received!.messages;
    expect(text).toEqual({ type: 'text', text: 'ฝากเงินสำเร็จ\nยอดเงินเข้ากระเป๋าของคุณแล้ว' });
    expect(card).toMatchObject({ type: 'flex', altText: 'ฝากเงินสำเร็จ · 1,500.00 บาท', contents: { type: 'bubble' } });
    const cardJson = JSON.stringify(card);
    expect(cardJson).toContain('"text":"1,500.00 บาท"');
    expect(cardJson).toContain(`"uri":"${server.url}/user/statement"`);
    expect(cardJson).toContain('"label":"เปิดในแอป"');
  });

  it('shows kip for a Lao member in Lao', async () => {
    const member = await linkedMember();
    await channel.send(server.db, notice(member.id, { language: 'lo', title: 'ຝາກເງິນສຳເລັດ', amount: { minor: 25_000_000n, currency: 'LAK' } }));
    const [received] = await inbox(member.lineUserId);
    expect(JSON.stringify(received!.messages[1])).toContain('"text":"250,000 ກີບ"');
  });

  it('delivers a notice sent twice (a resend after a crash) once', async () => {
    const member = await linkedMember();
    const sent = notice(member.id);
    expect(await channel.send(server.db, sent)).toEqual({ status: 'sent' });
    expect(await channel.send(server.db, sent)).toEqual({ status: 'sent' });
    expect(await inbox(member.lineUserId)).toHaveLength(1);
  });

  it('says unreachable for a member without LINE, and for one who blocked the Official Account (then stops trying)', async () => {
    const stranger = await registerMember(server);
    expect(await channel.send(server.db, notice(stranger.id))).toMatchObject({ status: 'unreachable' });
    const member = await linkedMember();
    // Blocked while our webhook was down: LINE's refusal is what tells us.
    await server.db.updateTable('sandbox_line_users').set({ friendship: 'blocked' }).where('user_id', '=', member.lineUserId).execute();
    expect(await channel.send(server.db, notice(member.id))).toMatchObject({ status: 'unreachable' });
    expect(await channel.reachable(server.db, BigInt(member.id))).toBe(false);
    expect(await inbox(member.lineUserId)).toEqual([]);
  });

  it('throws a retryable ChannelError when LINE throttles (with Retry-After), is down, or too slow', async () => {
    const member = await linkedMember();
    await server.api('PUT', '/sandbox/line/faults', { body: { rateLimited: true } });
    const throttled = await channel.send(server.db, notice(member.id)).catch((error: unknown) => error);
    expect(throttled).toBeInstanceOf(ChannelError);
    expect(throttled).toMatchObject({ retryable: true, retryAfterSeconds: 30 });
    await server.api('PUT', '/sandbox/line/faults', { body: { unavailable: true } });
    await expect(channel.send(server.db, notice(member.id))).rejects.toMatchObject({ retryable: true });
    await server.api('PUT', '/sandbox/line/faults', { body: { slowMs: 1_500 } });
    await expect(channel.send(server.db, notice(member.id))).rejects.toMatchObject({ retryable: true });
  });

  it('renews an expired channel token on its own and sends once', async () => {
    const member = await linkedMember();
    await channel.send(server.db, notice(member.id));
    server.clock.advance(16 * 60_000);
    expect(await channel.send(server.db, notice(member.id))).toEqual({ status: 'sent' });
    await server.api('PUT', '/sandbox/line/faults', { body: { expireTokens: true } });
    expect(await channel.send(server.db, notice(member.id))).toEqual({ status: 'sent' });
    expect(await inbox(member.lineUserId)).toHaveLength(3);
  });

  it('throws a ChannelError not worth retrying when LINE refuses the message itself', async () => {
    const member = await linkedMember();
    // No title and no amount leave the card's altText (its chat-list preview) empty, which LINE refuses (400).
    const refused = await channel.send(server.db, notice(member.id, { title: '', body: '', amount: undefined })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChannelError);
    expect(refused).toMatchObject({ retryable: false });
  });
});
