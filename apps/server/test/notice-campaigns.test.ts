import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, startTestServer, type TestServer } from './harness.js';

// Offer campaigns over real HTTP: an operator chooses members by a segment, writes the offer in each
// language and sends it; the notices outbox sends it through the sandbox push service at each
// channel's rate (three offers a second here, so a small campaign outruns a second).
const OFFERS_PER_SECOND = 3;
let server: TestServer;
let marketer: string;
let support: string;
let finance: string;
beforeAll(async () => {
  server = await startTestServer({ env: { PUSH_OFFERS_PER_SECOND: String(OFFERS_PER_SECOND), LINE_OFFERS_PER_SECOND: String(OFFERS_PER_SECOND) } });
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  const chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token as string;
  const operator = async (username: string, role: string) => {
    expect((await server.api('POST', '/api/admin/operators', { token: chief, body: { username, password: `${username}-pass-1234`, roles: [role] } })).status).toBe(200);
    return (await server.api('POST', '/api/admin/login', { body: { username, password: `${username}-pass-1234` } })).body.token as string;
  };
  marketer = await operator('marketer', 'marketing');
  support = await operator('helpdesk', 'support');
  finance = await operator('till', 'finance');
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;

let sources = 0;
/** A registration source of this test's own: a segment on it matches this test's members only. */
async function newSource(): Promise<string> {
  sources += 1;
  const code = `CAMP${process.pid % 1000}X${sources}`;
  await server.db.insertInto('sources').values({ code, description: JSON.stringify({ th: code, en: code }) }).execute();
  return code;
}

/** A member of `source` whose installed app subscribed to web push: the sandbox plays the browser. */
async function memberWithApp(source: string) {
  const member = await registerMember(server, { sourceCode: source });
  const browser = (await server.api('POST', '/sandbox/push/subscriptions')).body as { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
  expect((await server.api('POST', '/api/notices/push-subscriptions', { token: member.token, body: { endpoint: browser.endpoint, keys: browser.keys } })).status).toBe(200);
  return { ...member, browser: browser.id };
}
const chooseNotices = (member: Member, body: { language?: string; offers?: string[]; quietFrom?: number; quietTo?: number }) =>
  server.api('PUT', '/api/notices/settings', {
    token: member.token,
    body: { language: body.language ?? 'th', channels: { money: ['push'], support: ['push'], account: ['push'], offers: body.offers ?? ['push'] }, quietFrom: body.quietFrom ?? 0, quietTo: body.quietTo ?? 0 },
  });
const pushInbox = async (browser: string) => (await server.api('GET', `/sandbox/push/messages?subscription=${browser}`)).body.messages as Array<{ payload: Record<string, string> }>;
const noticesOf = (member: Member) => server.db.selectFrom('notices').selectAll().where('member_id', '=', BigInt(member.id)).orderBy('created_at').execute();

const TEXTS = {
  th: { title: 'โบนัสสุดสัปดาห์', body: 'ฝากวันนี้รับโบนัส 100%' },
  lo: { title: 'ໂບນັດທ້າຍອາທິດ', body: 'ຝາກມື້ນີ້ຮັບໂບນັດ 100%' },
  en: { title: 'Weekend bonus', body: 'Deposit today for a 100% bonus' },
};
const counts = (segment: Record<string, unknown>, token = marketer) => server.api('POST', '/api/admin/notice-campaigns/segment-counts', { token, body: segment });
const create = (id: string, body: Record<string, unknown>, token = marketer) => server.api('PUT', `/api/admin/notice-campaigns/${id}`, { token, body: { name: 'Weekend', texts: TEXTS, ...body } });
const send = (id: string, token = marketer) => server.api('POST', `/api/admin/notice-campaigns/${id}/send`, { token });
async function campaignTo(segment: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const id = crypto.randomUUID();
  const created = await create(id, { segment, ...extra });
  expect(created.status).toBe(200);
  const sent = await send(id);
  expect(sent.status).toBe(200);
  return { id, campaign: sent.body };
}
/** Sends what is due, moving the clock a second at a time past the channels' rate. */
async function sendAllDue(seconds = 6) {
  await server.app.notices.drain();
  for (let second = 0; second < seconds; second += 1) {
    server.clock.advance(1000);
    await server.app.notices.drain();
  }
}

describe('segments', () => {
  it('counts the members a segment matches and those an offer can reach', async () => {
    const source = await newSource();
    const newcomer = await registerMember(server, { sourceCode: source });
    const english = await registerMember(server, { sourceCode: source });
    const longAgo = await registerMember(server, { sourceCode: source });
    const blocked = await registerMember(server, { sourceCode: source });
    const excluded = await registerMember(server, { sourceCode: source });
    expect((await chooseNotices(english, { language: 'en' })).status).toBe(200);
    expect((await chooseNotices(longAgo, { language: 'lo', offers: [] })).status).toBe(200);
    expect((await chooseNotices(excluded, {})).status).toBe(200);
    expect((await server.api('POST', '/api/protection/exclusion', { token: excluded.token, body: { period: '6m' } })).status).toBe(200);
    const daysAgo = (days: number) => new Date(server.clock.now().getTime() - days * 86_400_000);
    // Registered and last signed in 40 days ago; the English member deposited yesterday, the newcomer 20 days ago.
    await server.db.updateTable('members').set({ created_at: daysAgo(40) }).where('id', '=', BigInt(longAgo.id)).execute();
    await server.db.updateTable('sessions').set({ created_at: daysAgo(40) }).where('member_id', '=', BigInt(longAgo.id)).execute();
    await server.db.updateTable('members').set({ status: 'blocked' }).where('id', '=', BigInt(blocked.id)).execute();
    const depositOf = (member: Member, days: number) =>
      server.db.insertInto('deposits').values({ member_id: BigInt(member.id), method: 'bank', amount: 10_000n, external_ref: `campaign-test:${crypto.randomUUID()}`, created_at: daysAgo(days) }).execute();
    await depositOf(english, 1);
    await depositOf(newcomer, 20);

    const of = (filters: Record<string, unknown>) => counts({ sourceCode: source, ...filters }).then((answer) => (expect(answer.status).toBe(200), answer.body));
    // The blocked member is never chosen; the self-excluded one matches but cannot be reached.
    expect(await of({})).toEqual({ matched: 4, reachable: 1 });
    expect(await of({ languages: ['en'] })).toEqual({ matched: 1, reachable: 1 });
    expect(await of({ languages: ['th'] })).toEqual({ matched: 2, reachable: 0 });
    expect(await of({ languages: ['lo', 'th'] })).toEqual({ matched: 3, reachable: 0 });
    expect(await of({ registeredWithinDays: 30 })).toEqual({ matched: 3, reachable: 1 });
    expect(await of({ activeWithinDays: 30 })).toEqual({ matched: 3, reachable: 1 });
    expect(await of({ deposits: { kind: 'within', days: 7 } })).toEqual({ matched: 1, reachable: 1 });
    expect(await of({ deposits: { kind: 'within', days: 30 } })).toEqual({ matched: 2, reachable: 1 });
    expect(await of({ deposits: { kind: 'not_within', days: 7 } })).toEqual({ matched: 3, reachable: 0 });
    expect(await of({ deposits: { kind: 'never' } })).toEqual({ matched: 2, reachable: 0 });
    expect(await of({ currency: 'LAK' })).toEqual({ matched: 0, reachable: 0 });
    expect((await counts({ sourceCode: source, registeredWithinDays: 0 })).body).toEqual({ message: 'KEY_INVALID' });
    expect((await counts({ deposits: { kind: 'sometimes' } })).status).toBe(400);
  });
});

describe('writing and sending a campaign', () => {
  it('refuses texts that do not fit, placeholders, a path outside the member app’s screens and a missing language', async () => {
    const id = crypto.randomUUID();
    const segment = { languages: [] };
    expect((await create(id, { segment, texts: { th: TEXTS.th, en: TEXTS.en } })).body).toEqual({ message: 'KEY_MISSING' });
    expect((await create(id, { segment: { languages: ['th'] }, texts: { th: { title: 'x'.repeat(61), body: 'ok' } } })).body).toEqual({ message: 'KEY_INVALID' });
    expect((await create(id, { segment: { languages: ['th'] }, texts: { th: { title: 'Hi {name}', body: 'ok' } } })).body).toEqual({ message: 'KEY_INVALID' });
    expect((await create(id, { segment: { languages: ['th'] }, texts: { th: { title: 'Hi', body: 'x'.repeat(301) } } })).body).toEqual({ message: 'KEY_INVALID' });
    expect((await create(id, { segment, path: 'https://evil.example/' })).body).toEqual({ message: 'KEY_INVALID' });
    expect((await create(id, { segment, path: '/admin' })).status).toBe(400);
    // Written in Thai alone, for Thai readers: enough.
    expect((await create(id, { segment: { languages: ['th'] }, texts: { th: TEXTS.th }, path: '/user/bonus' })).status).toBe(200);
  });

  it('is for marketing and admins only', async () => {
    const id = crypto.randomUUID();
    const member = await registerMember(server);
    for (const token of [support, finance]) {
      expect((await counts({}, token)).status).toBe(403);
      expect((await create(id, { segment: {} }, token)).status).toBe(403);
      expect((await send(id, token)).status).toBe(403);
      expect((await server.api('GET', '/api/admin/notice-campaigns', { token })).status).toBe(403);
    }
    expect((await counts({}, member.token)).status).toBe(401);
    expect(await server.db.selectFrom('notice_campaigns').select('id').where('id', '=', id).execute()).toEqual([]);
    expect((await send(crypto.randomUUID())).status).toBe(404);
  });

  it('writes one notice per member however often and however concurrently it is sent, and audits it once', async () => {
    const source = await newSource();
    const members = await Promise.all(Array.from({ length: 4 }, () => registerMember(server, { sourceCode: source })));
    const id = crypto.randomUUID();
    expect((await create(id, { segment: { sourceCode: source } })).status).toBe(200);
    // The same campaign written again (a double click): still one.
    expect((await create(id, { segment: { sourceCode: source }, name: 'Another name' })).body).toMatchObject({ _id: id, name: 'Weekend', status: 'draft' });
    const second = await startTestServer({ sameDatabaseAs: server });
    try {
      const marketerOnSecond = (await second.api('POST', '/api/admin/login', { body: { username: 'marketer', password: 'marketer-pass-1234' } })).body.token as string;
      const answers = await Promise.all([send(id), send(id), second.api('POST', `/api/admin/notice-campaigns/${id}/send`, { token: marketerOnSecond })]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    } finally {
      await second.close();
    }
    expect((await send(id)).body).toMatchObject({ status: 'sent', matched: 4, sentBy: 'marketer' });
    for (const member of members) {
      const notices = await noticesOf(member);
      expect(notices.map((notice) => [notice.kind, notice.event_key, notice.facts])).toEqual([['offer', `campaign:${id}:${member.id}`, { campaign: id }]]);
    }
    const audited = await server.db.selectFrom('audit_log').select(['actor', 'action', 'detail']).where('action', 'like', 'notice_campaign.%').where(sql<boolean>`detail::text LIKE ${`%${id}%`}`).orderBy('position').execute();
    expect(audited.map((row) => `${row.actor}:${row.action}`)).toEqual(['marketer:notice_campaign.create', 'marketer:notice_campaign.send']);
    expect(audited[1]!.detail).toMatchObject({ id, matched: 4, reachable: 0 });

    // Nobody consented to offers: each is suppressed, and the list adds them up.
    await sendAllDue(1);
    const list = (await server.api('GET', '/api/admin/notice-campaigns', { token: marketer })).body;
    expect(list.campaigns.find((campaign: { _id: string }) => campaign._id === id)).toMatchObject({ matched: 4, notices: { written: 4, sent: 0, suppressed: 4, undelivered: 0, pending: 0 } });
  });

  it('reaches each member in their language on the channel they chose; no consent, a break or a self-exclusion get nothing', async () => {
    const source = await newSource();
    const [thai, lao, english, silent, onBreak, excluded] = await Promise.all(Array.from({ length: 6 }, () => memberWithApp(source)));
    await chooseNotices(thai!, { language: 'th' });
    await chooseNotices(lao!, { language: 'lo' });
    await chooseNotices(english!, { language: 'en' });
    await chooseNotices(silent!, { offers: [] });
    await chooseNotices(onBreak!, {});
    await chooseNotices(excluded!, {});
    expect((await server.api('POST', '/api/protection/break', { token: onBreak!.token, body: { period: '24h' } })).status).toBe(200);
    expect((await server.api('POST', '/api/protection/exclusion', { token: excluded!.token, body: { period: '6m' } })).status).toBe(200);
    expect((await counts({ sourceCode: source })).body).toEqual({ matched: 6, reachable: 3 });

    const { id } = await campaignTo({ sourceCode: source }, { path: '/user/bonus' });
    await sendAllDue();
    const told = async (member: { browser: string }) => (await pushInbox(member.browser)).map((message) => message.payload);
    const [thaiNotice] = await noticesOf(thai!);
    expect(await told(thai!)).toEqual([{ id: thaiNotice!.id, kind: 'offer', title: TEXTS.th.title, body: TEXTS.th.body, path: '/user/bonus' }]);
    expect(await told(lao!)).toEqual([expect.objectContaining({ title: TEXTS.lo.title, body: TEXTS.lo.body })]);
    expect(await told(english!)).toEqual([expect.objectContaining({ title: TEXTS.en.title, body: TEXTS.en.body })]);
    for (const member of [silent!, onBreak!, excluded!]) expect(await told(member)).toEqual([]);
    const outcome = async (member: Member) => (await noticesOf(member)).map((notice) => `${notice.state}:${notice.outcome}`);
    expect(await outcome(silent!)).toEqual(['suppressed:no_consent']);
    expect(await outcome(onBreak!)).toEqual(['suppressed:restricted']);
    expect(await outcome(excluded!)).toEqual(['suppressed:restricted']);
    const list = (await server.api('GET', '/api/admin/notice-campaigns?limit=50', { token: marketer })).body;
    expect(list.campaigns.find((campaign: { _id: string }) => campaign._id === id).notices).toEqual({ written: 6, pending: 0, sent: 3, suppressed: 3, undelivered: 0 });
  });
});

describe('a send interrupted', () => {
  it('is taken up by the reconciler once it has stalled a minute, after the last member written', async () => {
    const source = await newSource();
    // Registered at once, they are numbered in any order: the send goes by member number.
    const [first, second, third] = (await Promise.all(Array.from({ length: 3 }, () => registerMember(server, { sourceCode: source })))).sort((one, other) => Number(one.id) - Number(other.id));
    const id = crypto.randomUUID();
    expect((await create(id, { segment: { sourceCode: source } })).status).toBe(200);
    // A node marked it sending, wrote the first member's notice, and died.
    const stalledAt = new Date(server.clock.now().getTime() - 2 * 60_000);
    await server.db.transaction().execute((trx) => server.app.notices.writeMany(trx, [{ memberId: BigInt(first!.id), kind: 'offer', eventKey: `campaign:${id}:${first!.id}`, facts: { campaign: id } }]));
    await server.db.updateTable('notice_campaigns').set({ status: 'sending', sent_by: 'marketer', sent_at: stalledAt, matched: 1, written_through: BigInt(first!.id), updated_at: stalledAt }).where('id', '=', id).execute();

    expect(await server.app.campaigns.resumeStalled()).toBe(1);
    for (const member of [first!, second!, third!]) expect((await noticesOf(member)).map((notice) => notice.event_key)).toEqual([`campaign:${id}:${member.id}`]);
    expect((await send(id)).body).toMatchObject({ status: 'sent', matched: 3, notices: { written: 3 } });
    expect(await server.app.campaigns.resumeStalled()).toBe(0);
  });
});

describe('the rate per channel', () => {
  it('spreads a campaign bigger than a second’s allowance over seconds, while a deposit notice written meanwhile goes at once', async () => {
    const source = await newSource();
    const members = await Promise.all(Array.from({ length: 7 }, () => memberWithApp(source)));
    for (const member of members) expect((await chooseNotices(member, {})).status).toBe(200);
    const depositor = await memberWithApp(await newSource());
    const startOfSecond = new Date(Math.floor(server.clock.now().getTime() / 1000) * 1000);
    await campaignTo({ sourceCode: source });
    await server.db.transaction().execute((trx) => server.app.notices.write(trx, { memberId: BigInt(depositor.id), kind: 'deposit_credited', eventKey: `deposit:campaign-test-${depositor.id}`, facts: { amount: '50000' } }));

    await server.app.notices.drain();
    expect((await pushInbox(depositor.browser)).map((message) => message.payload.kind)).toEqual(['deposit_credited']);
    const sentSoFar = async () => (await Promise.all(members.map((member) => pushInbox(member.browser)))).filter((inbox) => inbox.length > 0).length;
    expect(await sentSoFar()).toBeLessThan(members.length);
    await sendAllDue();
    expect(await sentSoFar()).toBe(members.length);

    const attempts = await server.db
      .selectFrom('notice_attempts')
      .innerJoin('notices', 'notices.id', 'notice_attempts.notice_id')
      .select(['notice_attempts.at', 'notice_attempts.channel'])
      .where('notices.member_id', 'in', members.map((member) => BigInt(member.id)))
      .execute();
    expect(attempts).toHaveLength(members.length);
    // Each offer took a place in its second before it was sent: never more than the rate in one, on any node.
    const seconds = await server.db.selectFrom('notice_rate_seconds').select(['second', 'taken']).where('channel', '=', 'push').where('second', '>=', startOfSecond).orderBy('second').execute();
    expect(seconds.reduce((total, row) => total + row.taken, 0)).toBe(members.length);
    expect(Math.max(...seconds.map((row) => row.taken))).toBeLessThanOrEqual(OFFERS_PER_SECOND);
    expect(seconds.length).toBeGreaterThanOrEqual(Math.ceil(members.length / OFFERS_PER_SECOND));
    const times = attempts.map((attempt) => attempt.at.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(1000);
  });
});

// Last: it moves this server's clock an hour on.
describe('quiet hours', () => {
  it('hold a campaign’s offer until they end', async () => {
    const source = await newSource();
    const member = await memberWithApp(source);
    const now = server.clock.now();
    const minute = (now.getUTCHours() * 60 + now.getUTCMinutes() + 7 * 60) % 1440;
    // Quiet from an hour ago to an hour from now, Bangkok time.
    expect((await chooseNotices(member, { quietFrom: (minute + 1380) % 1440, quietTo: (minute + 60) % 1440 })).status).toBe(200);
    await campaignTo({ sourceCode: source });
    await sendAllDue(2);
    expect(await pushInbox(member.browser)).toEqual([]);
    const [held] = await noticesOf(member);
    expect(held).toMatchObject({ state: 'pending' });
    expect(held!.due_at.getTime()).toBeGreaterThan(now.getTime() + 55 * 60_000);
    server.clock.advance(61 * 60_000);
    await sendAllDue(1);
    expect((await pushInbox(member.browser)).map((message) => message.payload.title)).toEqual([TEXTS.th.title]);
  });
});
