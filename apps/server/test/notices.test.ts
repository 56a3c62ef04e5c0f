import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimDue, finishWithAttempt } from '../src/modules/notices/notices.repository.js';
import { approvedBySecondOperator, playAndLose, registerMember, startTestServer, type TestServer } from './harness.js';

// The notice outbox, over real HTTP: deposits credited from the sandbox bank's feed, withdrawals
// decided by an operator, notices sent through the sandbox push service (which decrypts what it
// receives, as the member's browser would) and the sandbox SMS gateway.
let server: TestServer;
let finance: string;
const FEED_ACCOUNT = '4061234567'; // the demo's SCB account, AUTO
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  finance = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
});
afterAll(() => server.close());
afterEach(async () => {
  await server.api('PUT', '/sandbox/push/faults', { body: {} });
  await server.api('PUT', '/sandbox/sms/faults', { body: {} });
});

type Member = Awaited<ReturnType<typeof registerMember>>;

/** A member whose installed app subscribed to web push: the sandbox plays the browser. */
async function memberWithApp(overrides: Record<string, unknown> = {}) {
  const member = await registerMember(server, overrides);
  const browser = (await server.api('POST', '/sandbox/push/subscriptions')).body as { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
  const subscribed = await server.api('POST', '/api/notices/push-subscriptions', { token: member.token, body: { endpoint: browser.endpoint, keys: browser.keys } });
  expect(subscribed.status).toBe(200);
  return { ...member, browser: browser.id };
}
const pushInbox = async (browser: string) => (await server.api('GET', `/sandbox/push/messages?subscription=${browser}`)).body.messages as Array<{ payload: Record<string, string> }>;
const smsInbox = async (member: Member) => ((await server.api('GET', `/sandbox/sms/messages?phone=${member.payload.username}`)).body.messages as Array<{ text: string; otpCode: string }>).filter((message) => !message.otpCode);
const noticesOf = (member: Member) => server.db.selectFrom('notices').selectAll().where('member_id', '=', BigInt(member.id)).orderBy('created_at').execute();
const attemptsOf = (noticeId: string) => server.db.selectFrom('notice_attempts').select(['channel', 'outcome']).where('notice_id', '=', noticeId).orderBy('id').execute();

async function deposit(member: Member, amount: number): Promise<void> {
  const sent = await server.api('POST', '/sandbox/bank/transfers', {
    // Paid ten minutes before this server's clock, which tests move forward: the feed reads up to the wall clock.
    body: { amount, toAccountNo: FEED_ACCOUNT, toBankCode: 'SCB', fromBankCode: member.payload.bankCode, fromAccountNo: member.payload.bankAccountNo, minutesAgo: 10 },
  });
  expect(sent.status).toBe(200);
  await server.app.bankFeed.read();
}
/** Moves the clock past every retry's wait and runs the worker. */
async function later(seconds: number) {
  server.clock.advance(seconds * 1000);
  return server.app.notices.drain();
}

describe('a notice is written with its event', () => {
  it('a credited deposit writes one notice in its transaction, sent once by web push in the member’s language', async () => {
    const member = await memberWithApp();
    await deposit(member, 1_250);
    const [notice] = await noticesOf(member);
    expect(notice).toMatchObject({ kind: 'deposit_credited', state: 'pending', facts: { amount: '125000' } });
    expect(notice!.event_key).toMatch(/^deposit:/);
    await server.app.notices.drain();
    await server.app.notices.drain();
    const messages = await pushInbox(member.browser);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.payload).toEqual({ id: notice!.id, kind: 'deposit_credited', title: 'ฝากเงินสำเร็จ', body: 'ยอด 1,250.00 บาท เข้ากระเป๋าของคุณแล้ว', path: '/user/statement' });
    expect(await noticesOf(member)).toEqual([expect.objectContaining({ state: 'sent', channel: 'push' })]);

    const english = await server.api('PUT', '/api/notices/settings', { token: member.token, body: { language: 'en', channels: { money: ['push'], support: ['push'], account: ['push'], offers: [] }, quietFrom: 0, quietTo: 0 } });
    expect(english.status).toBe(200);
    await deposit(member, 20);
    await server.app.notices.drain();
    expect((await pushInbox(member.browser))[0]!.payload).toMatchObject({ title: 'Deposit credited', body: '20.00 THB is in your wallet.' });
  });

  it('is rolled back with its event, and an event written twice is one notice', async () => {
    const member = await registerMember(server);
    const event = { memberId: BigInt(member.id), kind: 'deposit_credited' as const, eventKey: `deposit:test-${member.id}`, facts: { amount: '100' } };
    await expect(
      server.db.transaction().execute(async (trx) => {
        await server.app.notices.write(trx, event);
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await noticesOf(member)).toEqual([]);
    await server.db.transaction().execute((trx) => server.app.notices.write(trx, event));
    await server.db.transaction().execute((trx) => server.app.notices.write(trx, event));
    expect(await noticesOf(member)).toHaveLength(1);
  });

  it('a withdrawal paid or refused by an operator tells the member, with the amount in their currency', async () => {
    const member = await memberWithApp();
    await deposit(member, 900);
    await server.app.notices.drain();
    const asked = async () => (await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 300 } })).body.withdrawal._id as string;
    const paid = await asked();
    const refused = await asked();
    expect((await server.api('POST', `/api/admin/withdrawals/${paid}/approve`, { token: finance })).status).toBe(200);
    expect((await server.api('POST', `/api/admin/withdrawals/${refused}/fail`, { token: finance, body: { reason: 'name does not match' } })).status).toBe(200);
    await server.app.notices.drain();
    // Sent side by side: in either order.
    const told = new Map((await pushInbox(member.browser)).map((message) => [message.payload.kind, message.payload]));
    expect(told.get('withdrawal_paid')).toMatchObject({ body: 'โอน 300.00 บาท เข้าบัญชีธนาคารของคุณแล้ว' });
    expect(told.get('withdrawal_refused')).toMatchObject({ body: 'รายการถอน 300.00 บาท ไม่สำเร็จ เงินกลับเข้ากระเป๋าของคุณแล้ว เปิดแอปเพื่อดูเหตุผล' });
    // The operator's reason is for the app, never for a lock screen.
    expect(JSON.stringify(told.get('withdrawal_refused'))).not.toContain('name does not match');
  });
});

/** The member links a new sandbox LINE account (which follows the Official Account) through LINE Login, as their browser would. */
async function linkLine(member: Member): Promise<string> {
  const lineUserId = ((await server.api('POST', '/sandbox/line/users', { body: { displayName: 'Malee' } })).body as { userId: string }).userId;
  const authorize = new URL((await server.api('GET', '/api/notices/line/link', { token: member.token })).body.url as string);
  const form = new URLSearchParams({ user_id: lineUserId, decision: 'allow', add_friend: 'on', display_name: '' });
  for (const name of ['client_id', 'redirect_uri', 'state', 'nonce', 'scope']) form.set(name, authorize.searchParams.get(name)!);
  const consented = await fetch(`${server.url}/sandbox/line/oauth2/v2.1/authorize`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
  const back = await fetch(consented.headers.get('location')!, { redirect: 'manual' });
  expect(new URL(back.headers.get('location')!, server.url).searchParams.get('line')).toBe('linked');
  return lineUserId;
}
const lineInbox = async (userId: string) => (await server.api('GET', `/sandbox/line/users/${userId}/messages`)).body.messages as Array<{ messages: Array<{ type: string; text?: string; altText?: string }> }>;

describe('LINE first', () => {
  afterEach(() => server.api('PUT', '/sandbox/line/faults', { body: {} }));

  it('a member who linked LINE gets the deposit notice there, text and card, and not on the other channels', async () => {
    const member = await memberWithApp();
    const lineUserId = await linkLine(member);
    await deposit(member, 1_500);
    await server.app.notices.drain();
    const [pushed] = await lineInbox(lineUserId);
    expect(pushed!.messages.map((message) => message.type)).toEqual(['text', 'flex']);
    expect(pushed!.messages[0]!.text).toContain('1,500.00 บาท');
    expect(await pushInbox(member.browser)).toEqual([]);
    expect((await noticesOf(member))[0]).toMatchObject({ state: 'sent', channel: 'line' });
  });

  it('while LINE is down, the notice goes by web push after three tries', async () => {
    const member = await memberWithApp();
    const lineUserId = await linkLine(member);
    await server.api('PUT', '/sandbox/line/faults', { body: { unavailable: true } });
    await deposit(member, 100);
    await server.app.notices.drain();
    await later(2);
    await later(3);
    expect(await lineInbox(lineUserId)).toEqual([]);
    expect((await pushInbox(member.browser)).map((message) => message.payload.kind)).toEqual(['deposit_credited']);
    const [notice] = await noticesOf(member);
    expect((await attemptsOf(notice!.id)).map((row) => `${row.channel}:${row.outcome}`)).toEqual(['line:failed', 'line:failed', 'line:failed', 'push:sent']);
  });
});

describe('support replies', () => {
  const reply = async (member: Member, text: string) => {
    const { conversations } = (await server.api('GET', '/api/admin/chat/conversations', { token: finance })).body;
    const conversation = conversations.find((row: { member: { _id: string } | null }) => row.member?._id === member.id)._id as string;
    const sent = await server.api('POST', `/api/admin/chat/conversations/${conversation}/messages`, { token: finance, body: { message: { message_type: 'text', payload: text } } });
    expect(sent.status).toBe(200);
  };
  const ask = async (member: Member) => expect((await server.api('POST', '/api/chat/send-message', { token: member.token, body: { message: { message_type: 'text', payload: 'my deposit?' } } })).status).toBe(200);

  it('tells a member who has not read the replies within a minute, once for a burst of them', async () => {
    const member = await memberWithApp();
    await ask(member);
    await reply(member, 'checking');
    await reply(member, 'found it');
    await server.app.notices.drain();
    expect(await pushInbox(member.browser)).toEqual([]);
    await later(61);
    const messages = await pushInbox(member.browser);
    expect(messages.map((message) => message.payload)).toEqual([expect.objectContaining({ kind: 'support_reply', title: 'ฝ่ายบริการตอบกลับแล้ว', path: '/user/contact' })]);
    // Nothing of what the agent wrote leaves the app.
    expect(JSON.stringify(messages)).not.toContain('found it');
  });

  it('does not tell a member who read the reply in the app', async () => {
    const member = await memberWithApp();
    await ask(member);
    await reply(member, 'hello');
    expect((await server.api('POST', '/api/chat/history', { token: member.token, body: {} })).status).toBe(200);
    await later(61);
    expect(await pushInbox(member.browser)).toEqual([]);
    expect((await noticesOf(member)).map((notice) => `${notice.kind}:${notice.state}:${notice.outcome}`)).toEqual(['support_reply:suppressed:seen_in_app']);
  });
});

describe('sending', () => {
  it('is sent once when two nodes race for the same notices', async () => {
    const second = await startTestServer({ sameDatabaseAs: server });
    try {
      const members = await Promise.all(Array.from({ length: 6 }, () => memberWithApp()));
      for (const member of members) await deposit(member, 100);
      await Promise.all([server.app.notices.drain(), second.app.notices.drain(), server.app.notices.drain(), second.app.notices.drain()]);
      for (const member of members) {
        expect(await pushInbox(member.browser)).toHaveLength(1);
        const [notice] = await noticesOf(member);
        expect(await attemptsOf(notice!.id)).toEqual([{ channel: 'push', outcome: 'sent' }]);
      }
    } finally {
      await second.close();
    }
  });

  it('tries a failing channel again after a wait, and sends when it is back', async () => {
    const member = await memberWithApp();
    await server.api('PUT', '/sandbox/push/faults', { body: { unavailable: true } });
    await deposit(member, 100);
    await server.app.notices.drain();
    const [notice] = await noticesOf(member);
    expect(notice).toMatchObject({ state: 'pending', channel: 'push', tries_on_channel: 1 });
    // Not before its wait.
    await server.app.notices.drain();
    expect(await attemptsOf(notice!.id)).toHaveLength(1);
    await server.api('PUT', '/sandbox/push/faults', { body: {} });
    await later(2);
    expect(await attemptsOf(notice!.id)).toEqual([
      { channel: 'push', outcome: 'failed' },
      { channel: 'push', outcome: 'sent' },
    ]);
    expect(await pushInbox(member.browser)).toHaveLength(1);
  });

  it('gives up on a channel that stays down and sends on the next one (SMS, the last resort)', async () => {
    const member = await memberWithApp();
    await server.api('PUT', '/sandbox/push/faults', { body: { unavailable: true } });
    await deposit(member, 100);
    await server.app.notices.drain();
    await later(2);
    await later(3);
    const [notice] = await noticesOf(member);
    // LINE is given up at once: this member never linked it.
    expect(notice).toMatchObject({ state: 'sent', channel: 'sms', given_up: ['line', 'push'] });
    expect((await attemptsOf(notice!.id)).map((row) => `${row.channel}:${row.outcome}`)).toEqual(['push:failed', 'push:failed', 'push:failed', 'sms:sent']);
    expect((await smsInbox(member)).map((message) => message.text)).toEqual(['ฝากเงินสำเร็จ: ยอด 100.00 บาท เข้ากระเป๋าของคุณแล้ว']);
    // Support sees on the member's page what became of it, try by try; the member cannot.
    const history = await server.api('GET', `/api/admin/members/${member.id}/notices`, { token: finance });
    expect(history.body.notices[0]).toMatchObject({ kind: 'deposit_credited', state: 'sent', channel: 'sms' });
    expect(history.body.notices[0].attempts.map((row: { channel: string; outcome: string }) => `${row.channel}:${row.outcome}`)).toEqual(['push:failed', 'push:failed', 'push:failed', 'sms:sent']);
    expect((await server.api('GET', `/api/admin/members/${member.id}/notices`, { token: member.token })).status).toBe(401);
  });

  it('is marked undelivered when every channel fails for good', async () => {
    const member = await memberWithApp();
    await server.api('PUT', '/api/notices/settings', { token: member.token, body: { language: 'th', channels: { money: ['push', 'sms'], support: [], account: [], offers: [] }, quietFrom: 0, quietTo: 0 } });
    await server.api('PUT', '/sandbox/push/faults', { body: { rateLimited: true } });
    await server.api('PUT', '/sandbox/sms/faults', { body: { unavailable: true } });
    await deposit(member, 100);
    for (let pass = 0; pass < 5; pass += 1) await later(3);
    const [notice] = await noticesOf(member);
    expect(notice).toMatchObject({ state: 'undelivered', outcome: 'no_channel', given_up: ['push', 'sms'] });
  });

  it('is sent again under the same id after the node that claimed it died, and the SMS gateway sends it once', async () => {
    const member = await registerMember(server);
    await deposit(member, 100);
    const [notice] = await noticesOf(member);
    // A node claims it, sends it by SMS, and dies before writing that it did.
    const [claimed] = await claimDue(server.db, 1000, 30, server.clock.now()).then((rows) => rows.filter((row) => row.id === notice!.id));
    expect(claimed).toBeDefined();
    await server.api('POST', '/sandbox/sms/messages', { body: { to: member.payload.username, text: 'ฝากเงินสำเร็จ: ยอด 100.00 บาท เข้ากระเป๋าของคุณแล้ว', reference: notice!.id } });
    await server.app.notices.drain();
    expect((await noticesOf(member))[0]).toMatchObject({ state: 'pending' });
    await later(31);
    expect((await noticesOf(member))[0]).toMatchObject({ state: 'sent', channel: 'sms' });
    expect(await smsInbox(member)).toHaveLength(1);
  });

  it('records the try of a node whose claim lapsed meanwhile, and leaves the notice to the node that claimed it since', async () => {
    const member = await registerMember(server);
    await deposit(member, 100);
    const [notice] = await noticesOf(member);
    const claimOf = async () => (await claimDue(server.db, 1000, 30, server.clock.now())).find((row) => row.id === notice!.id);
    const lapsed = await claimOf();
    server.clock.advance(31_000);
    const current = await claimOf();
    expect(lapsed && current).toBeDefined();
    await finishWithAttempt(server.db, lapsed!, { noticeId: notice!.id, channel: 'sms', outcome: 'sent', detail: null }, { state: 'sent', channel: 'sms', givenUp: ['line', 'push'], outcome: null }, server.clock.now());
    expect((await noticesOf(member))[0]).toMatchObject({ state: 'pending', claimed_until: current!.claimed_until });
    expect(await attemptsOf(notice!.id)).toEqual([{ channel: 'sms', outcome: 'sent' }]);
    await finishWithAttempt(server.db, current!, { noticeId: notice!.id, channel: 'sms', outcome: 'sent', detail: null }, { state: 'sent', channel: 'sms', givenUp: ['line', 'push'], outcome: null }, server.clock.now());
    expect((await noticesOf(member))[0]).toMatchObject({ state: 'sent', channel: 'sms', given_up: ['line', 'push'], claimed_until: null });
    expect(await attemptsOf(notice!.id)).toHaveLength(2);
  });
});

describe('what the member chose, and protection', () => {
  const settings = (member: Member, body: Record<string, unknown>) =>
    server.api('PUT', '/api/notices/settings', { token: member.token, body: { language: 'th', channels: { money: ['push'], support: ['push'], account: ['push'], offers: ['push'] }, quietFrom: 0, quietTo: 0, ...body } });
  const offer = (member: Member, key: string) => server.db.transaction().execute((trx) => server.app.notices.write(trx, { memberId: BigInt(member.id), kind: 'offer', eventKey: `offer:${key}:${member.id}` }));

  it('sends nothing the member turned off, and no offer without consent', async () => {
    const member = await memberWithApp();
    expect((await settings(member, { channels: { money: [], support: ['push'], account: ['push'], offers: [] } })).status).toBe(200);
    await deposit(member, 100);
    await offer(member, 'silent');
    await server.app.notices.drain();
    expect(await pushInbox(member.browser)).toEqual([]);
    expect((await noticesOf(member)).map((notice) => `${notice.kind}:${notice.state}:${notice.outcome}`)).toEqual(['deposit_credited:suppressed:muted', 'offer:suppressed:no_consent']);
  });

  it('during a self-exclusion sends service messages only', async () => {
    const member = await memberWithApp();
    await settings(member, {});
    expect((await server.api('POST', '/api/protection/exclusion', { token: member.token, body: { period: '6m' } })).status).toBe(200);
    await offer(member, 'excluded');
    await deposit(member, 100);
    await server.app.notices.drain();
    expect((await pushInbox(member.browser)).map((message) => message.payload.kind)).toEqual(['deposit_credited']);
    expect((await noticesOf(member)).find((notice) => notice.kind === 'offer')).toMatchObject({ state: 'suppressed', outcome: 'restricted' });
  });

  it('refuses bad settings with a clear error and changes nothing; a member never sees another’s', async () => {
    const member = await registerMember(server);
    const before = (await server.api('GET', '/api/notices/settings', { token: member.token })).body;
    expect(before).toMatchObject({ language: 'th', channels: { money: ['line', 'push', 'sms'], offers: [] }, reachable: { line: false, push: false, sms: true } });
    const bad = await settings(member, { quietFrom: 1440 });
    expect(bad).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect((await server.api('PUT', '/api/notices/settings', { token: member.token, body: { language: 'xx' } })).status).toBe(400);
    expect((await server.api('GET', '/api/notices/settings', { token: member.token })).body).toEqual(before);
    expect((await server.api('PUT', '/api/notices/settings', { body: { language: 'zz' } })).status).toBe(401);
    expect((await server.api('POST', '/api/notices/push-subscriptions', { body: {} })).status).toBe(401);
  });

  it('takes a push subscription only for a browser push service, never an address of our own network', async () => {
    const member = await registerMember(server);
    const keys = (await server.api('POST', '/sandbox/push/subscriptions')).body.keys;
    for (const endpoint of ['http://127.0.0.1:5432/', `${server.url}/sandbox/push/send/../../../api/admin/operators`, 'http://169.254.169.254/latest/meta-data', 'https://fcm.googleapis.com.evil.example/x', 'http://fcm.googleapis.com/fcm/send/x', 'https://fcm.googleapis.com:8443/x']) {
      const refused = await server.api('POST', '/api/notices/push-subscriptions', { token: member.token, body: { endpoint, keys } });
      expect(refused, endpoint).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    expect(await server.db.selectFrom('push_subscriptions').select('id').where('member_id', '=', BigInt(member.id)).execute()).toEqual([]);
    expect((await server.api('POST', '/api/notices/push-subscriptions', { token: member.token, body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys } })).status).toBe(200);
  });

  it('adds up on the dashboard: every notice of the day in one state, each channel’s tries and delays', async () => {
    const figures = (await server.api('GET', '/api/admin/notices/figures', { token: finance })).body;
    const states = await server.db.selectFrom('notices').select(['state']).execute();
    expect(figures.written).toBe(states.length);
    expect(figures.sent + figures.suppressed + figures.undelivered + figures.pending).toBe(figures.written);
    expect(figures.sent).toBe(states.filter((row) => row.state === 'sent').length);
    const attempts = await server.db.selectFrom('notice_attempts').select(['channel', 'outcome']).execute();
    for (const channel of ['line', 'push', 'sms'] as const) {
      const row = figures.channels.find((each: { channel: string }) => each.channel === channel);
      expect(row.sent).toBe(attempts.filter((attempt) => attempt.channel === channel && attempt.outcome === 'sent').length);
      expect(row.failed).toBe(attempts.filter((attempt) => attempt.channel === channel && attempt.outcome === 'failed').length);
    }
    const push = figures.channels.find((each: { channel: string }) => each.channel === 'push');
    expect(push.failed).toBeGreaterThan(0);
    expect(push.medianSeconds).toBeGreaterThanOrEqual(0);
    expect(figures.sentWithin30Seconds).toBeGreaterThan(0);
    expect((await server.api('GET', '/api/admin/notices/figures', { token: (await registerMember(server)).token })).status).toBe(401);
  });

  // After every test that deposits: it moves this server's clock an hour on (the feed reads up to the wall clock).
  it('holds an offer until quiet hours end, but not a deposit', async () => {
    const member = await memberWithApp();
    const now = server.clock.now();
    const minute = (now.getUTCHours() * 60 + now.getUTCMinutes() + 7 * 60) % 1440;
    // Quiet from an hour ago to an hour from now, Bangkok time.
    expect((await settings(member, { quietFrom: (minute + 1380) % 1440, quietTo: (minute + 60) % 1440 })).status).toBe(200);
    await offer(member, 'quiet');
    await deposit(member, 100);
    await server.app.notices.drain();
    expect((await pushInbox(member.browser)).map((message) => message.payload.kind)).toEqual(['deposit_credited']);
    const held = (await noticesOf(member)).find((notice) => notice.kind === 'offer')!;
    expect(held.state).toBe('pending');
    expect(held.due_at.getTime()).toBeGreaterThan(now.getTime() + 55 * 60_000);
    await later(61 * 60);
    expect((await pushInbox(member.browser)).map((message) => message.payload.kind)).toEqual(['offer', 'deposit_credited']);
  });
});

// Last of all: they move this server's clock a day and more on.
describe('what happens by time', () => {
  it('tells a member when their break ends and when a limit they raised takes effect, once each', async () => {
    const member = await registerMember(server);
    // By SMS: a day on, the sandbox push service would refuse the VAPID signature this process makes with the wall clock.
    await server.api('PUT', '/api/notices/settings', { token: member.token, body: { language: 'en', channels: { money: [], support: [], account: ['sms'], offers: [] }, quietFrom: 0, quietTo: 0 } });
    expect((await server.api('PUT', '/api/protection/limits', { token: member.token, body: { kind: 'deposit_day', amount: 1_000 } })).status).toBe(200);
    const raised = await server.api('PUT', '/api/protection/limits', { token: member.token, body: { kind: 'deposit_day', amount: 5_000 } });
    expect(raised.status).toBe(200);
    expect((await server.api('POST', '/api/protection/break', { token: member.token, body: { period: '24h' } })).status).toBe(200);
    const breakEnds = (await server.db.selectFrom('protection_restrictions').select('ends_at').where('member_id', '=', BigInt(member.id)).executeTakeFirstOrThrow()).ends_at!;
    await server.app.reconciler.run();
    await server.app.notices.drain();
    expect(await smsInbox(member)).toEqual([]);

    // Past both, by less than the hour each run looks back.
    const at = Math.max(breakEnds.getTime(), raised.body.appliesAt as number) + 10 * 60_000;
    server.clock.advance(at - server.clock.now().getTime());
    await server.app.reconciler.run();
    await server.app.reconciler.run();
    await server.app.notices.drain();
    expect((await smsInbox(member)).map((message) => message.text).sort()).toEqual(['New limit in force: The higher limit you asked for is now in force.', 'Your break has ended: The limits you set still apply.']);
    expect((await noticesOf(member)).map((notice) => notice.event_key).sort()).toEqual([expect.stringMatching(/^break:/), expect.stringMatching(/^limit:/)]);
  });

  it('reminds a member a day ahead of a spin prize they have not claimed, once, and not of a prize that lives a day', async () => {
    const chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token as string;
    /** A wheel whose one prize is 5 baht cash, claimable for `couponDays`, made the active one. */
    async function wheel(couponDays: number) {
      const slice = (code: string, weight: number, prizeKind: 'cash' | 'none', prizeAmount: number) => ({
        code, weight, prizeKind, prizeAmount, couponDays, label: { th: code, lo: code, en: code }, description: { th: '', lo: '', en: '' }, bgColor: '#123456', textColor: '#ffffff', successPercent: null, failPercent: null,
      });
      const created = await server.api('POST', '/api/admin/spinwheels', { token: chief, body: { name: { th: `วงล้อ ${couponDays}`, lo: `ວົງລໍ້ ${couponDays}`, en: `Wheel ${couponDays}` }, slices: [slice('CASH5', 1, 'cash', 5), slice('TRY', 0, 'none', 0)] } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      await approvedBySecondOperator(server, chief, await server.api('POST', `/api/admin/spinwheels/${created.body._id}/activate`, { token: chief }));
    }
    async function winner() {
      const member = await registerMember(server);
      const lineUserId = await linkLine(member);
      await server.api('PUT', '/api/notices/settings', { token: member.token, body: { language: 'en', channels: { money: ['line'], support: ['line'], account: ['line'], offers: ['line'] }, quietFrom: 0, quietTo: 0 } });
      await playAndLose(server, member, 100);
      const won = await server.api('POST', '/api/spinwheel/spin', { token: member.token });
      expect(won.body.result, JSON.stringify(won.body)).toMatchObject({ code: 'CASH5' });
      return { member, lineUserId, couponId: won.body.result._id as string };
    }
    const reminders = async (member: Member) => (await noticesOf(member)).filter((notice) => notice.kind === 'bonus_expiring');

    await wheel(3);
    const longLived = await winner();
    await wheel(1);
    const dayLong = await winner();
    await server.app.reconciler.run();
    // Three days to go, and a prize that lives a day: nothing yet, and nothing ever for the second.
    expect(await reminders(longLived.member)).toEqual([]);
    expect(await reminders(dayLong.member)).toEqual([]);

    server.clock.advance(49 * 3_600_000);
    await server.app.reconciler.run();
    await server.app.reconciler.run();
    expect((await reminders(longLived.member)).map((notice) => notice.event_key)).toEqual([`bonus_expiring:spin:${longLived.couponId}`]);
    expect(await reminders(dayLong.member)).toEqual([]);
    await server.app.notices.drain();
    const [told] = await lineInbox(longLived.lineUserId);
    expect(told!.messages[0]!.text).toContain('Prize ending soon');
    expect(told!.messages[0]!.text).toContain('5.00 THB');
  });
});
