import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, createFixedBonus, fundWallet, registerMember, startTestServer } from './harness.js';

// The operator's side of notices: templates per kind and language edited from the console, test
// notices sent to one member through the outbox, and the bonus notices written by the conditions.
// Notices go out through the sandbox SMS gateway and the sandbox push service, as notices.test.ts.
let server: TestServer;
let chief: string;
let marketing: string;
let finance: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
  for (const [username, roles] of [['copywriter', ['marketing']], ['cashier', ['finance']]] as const) {
    const created = await server.api('POST', '/api/admin/operators', { token: chief, body: { username, password: `${username}-pass-1`, roles } });
    expect(created.status).toBe(200);
  }
  marketing = (await server.api('POST', '/api/admin/login', { body: { username: 'copywriter', password: 'copywriter-pass-1' } })).body.token;
  finance = (await server.api('POST', '/api/admin/login', { body: { username: 'cashier', password: 'cashier-pass-1' } })).body.token;
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;

const smsInbox = async (member: Member) => ((await server.api('GET', `/sandbox/sms/messages?phone=${member.payload.username}`)).body.messages as Array<{ text: string; otpCode: string }>).filter((message) => !message.otpCode).map((message) => message.text);
const noticesOf = (member: Member) => server.db.selectFrom('notices').selectAll().where('member_id', '=', BigInt(member.id)).orderBy('created_at').execute();
const auditOf = async (action: string) => (await server.db.selectFrom('audit_log').select(['actor', 'detail']).where('action', '=', action).orderBy('position').execute()).map((row) => ({ actor: row.actor, detail: row.detail as Record<string, unknown> }));
const templates = async (token = chief) => server.api('GET', '/api/admin/notice-templates', { token });
const templateOf = async (kind: string, language: string) => (await templates()).body.templates.find((row: { kind: string; language: string }) => row.kind === kind && row.language === language);
const saveTemplate = (kind: string, language: string, body: Record<string, unknown>, token = marketing) => server.api('PUT', `/api/admin/notice-templates/${kind}/${language}`, { token, body });
const resetTemplate = (kind: string, language: string, token = marketing) => server.api('DELETE', `/api/admin/notice-templates/${kind}/${language}`, { token });
/** A deposit's notice as its credit writes it, without going through a bank. */
const depositNotice = (member: Member, amountMinor: string) =>
  server.db.transaction().execute((trx) => server.app.notices.write(trx, { memberId: BigInt(member.id), kind: 'deposit_credited', eventKey: `deposit:tpl-${crypto.randomUUID()}`, facts: { amount: amountMinor } }));

/** A member whose installed app subscribed to web push, with offers allowed there: the sandbox plays the browser. */
async function memberTakingOffers() {
  const member = await registerMember(server);
  const browser = (await server.api('POST', '/sandbox/push/subscriptions')).body as { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
  expect((await server.api('POST', '/api/notices/push-subscriptions', { token: member.token, body: { endpoint: browser.endpoint, keys: browser.keys } })).status).toBe(200);
  const chose = await server.api('PUT', '/api/notices/settings', { token: member.token, body: { language: 'en', channels: { money: ['push'], support: ['push'], account: ['push'], offers: ['push'] }, quietFrom: 0, quietTo: 0 } });
  expect(chose.status).toBe(200);
  return { ...member, browser: browser.id };
}
const pushInbox = async (browser: string) => ((await server.api('GET', `/sandbox/push/messages?subscription=${browser}`)).body.messages as Array<{ payload: Record<string, string> }>).map((message) => message.payload);

describe('templates per kind and language', () => {
  it('lists every kind in th, lo and en with the built-in texts and the site’s sample amount', async () => {
    const answer = await templates();
    expect(answer.status).toBe(200);
    expect(answer.body.templates).toHaveLength(9 * 3);
    expect(answer.body.sample).toEqual({ amount: '125000', currency: 'THB' });
    expect(answer.body.templates.find((row: { kind: string; language: string }) => row.kind === 'deposit_credited' && row.language === 'th')).toEqual({
      kind: 'deposit_credited',
      language: 'th',
      title: 'ฝากเงินสำเร็จ',
      body: 'ยอด {amount} เข้ากระเป๋าของคุณแล้ว',
      defaultTitle: 'ฝากเงินสำเร็จ',
      defaultBody: 'ยอด {amount} เข้ากระเป๋าของคุณแล้ว',
      edited: false,
      updatedBy: null,
      updatedAt: null,
    });
  });

  it('an edited template is what the next notice of its kind says, in that language only, and the change is audited', async () => {
    const saved = await saveTemplate('deposit_credited', 'th', { title: 'เงินเข้าแล้ว', body: 'ได้รับ {amount} แล้ว ขอบคุณที่ใช้บริการ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'เงินเข้าแล้ว', body: 'ได้รับ {amount} แล้ว ขอบคุณที่ใช้บริการ', edited: true, updatedBy: 'copywriter', defaultTitle: 'ฝากเงินสำเร็จ' });

    const member = await registerMember(server);
    await depositNotice(member, '125000');
    await server.app.notices.drain();
    expect(await smsInbox(member)).toEqual(['เงินเข้าแล้ว: ได้รับ 1,250.00 บาท แล้ว ขอบคุณที่ใช้บริการ']);

    // A member reading English still gets the built-in English text.
    const english = await registerMember(server);
    await server.api('PUT', '/api/notices/settings', { token: english.token, body: { language: 'en', channels: { money: ['sms'], support: [], account: [], offers: [] }, quietFrom: 0, quietTo: 0 } });
    await depositNotice(english, '2000');
    await server.app.notices.drain();
    expect(await smsInbox(english)).toEqual(['Deposit credited: 20.00 THB is in your wallet.']);

    const [entry] = (await auditOf('notice.template.change')).filter((row) => row.detail.kind === 'deposit_credited' && row.detail.language === 'th');
    expect(entry).toEqual({
      actor: 'copywriter',
      detail: {
        kind: 'deposit_credited',
        language: 'th',
        before: { title: 'ฝากเงินสำเร็จ', body: 'ยอด {amount} เข้ากระเป๋าของคุณแล้ว', builtIn: true },
        after: { title: 'เงินเข้าแล้ว', body: 'ได้รับ {amount} แล้ว ขอบคุณที่ใช้บริการ' },
      },
    });
  });

  it('refuses an unknown placeholder, a money notice without its amount, an amount where there is none, and a text too long, changing nothing', async () => {
    const before = await templateOf('withdrawal_paid', 'en');
    const audited = (await auditOf('notice.template.change')).length;
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      ['withdrawal_paid', { title: 'Paid', body: 'Hi {name}, {amount} is on its way.' }, 'TEMPLATE_PLACEHOLDER'],
      ['withdrawal_paid', { title: 'Paid {amount', body: '{amount} is on its way.' }, 'TEMPLATE_PLACEHOLDER'],
      ['withdrawal_paid', { title: 'Paid', body: 'Your money is on its way.' }, 'TEMPLATE_AMOUNT_MISSING'],
      ['withdrawal_paid', { title: 'Paid', body: `${'x'.repeat(200)} {amount}` }, 'TEMPLATE_TOO_LONG'],
      ['withdrawal_paid', { title: 'Paid', body: '' }, 'KEY_MISSING'],
      ['support_reply', { title: 'Support', body: 'We answered about {amount}.' }, 'TEMPLATE_PLACEHOLDER'],
    ];
    for (const [kind, body, code] of refusals) {
      expect(await saveTemplate(kind, 'en', body), `${kind} ${JSON.stringify(body)}`).toMatchObject({ status: 400, body: { message: code } });
    }
    expect((await saveTemplate('nothing_like_it', 'en', { title: 'a', body: 'b' })).status).toBe(400);
    expect((await saveTemplate('withdrawal_paid', 'xx', { title: 'a', body: '{amount}' })).status).toBe(400);
    expect(await templateOf('withdrawal_paid', 'en')).toEqual(before);
    expect(await templateOf('support_reply', 'en')).toMatchObject({ edited: false });
    expect(await auditOf('notice.template.change')).toHaveLength(audited);
  });

  it('only admin and marketing edit templates; finance and members are refused', async () => {
    expect((await templates(finance)).status).toBe(403);
    expect((await saveTemplate('offer', 'en', { title: 'New!', body: 'Something for you.' }, finance)).status).toBe(403);
    expect((await resetTemplate('offer', 'en', finance)).status).toBe(403);
    const member = await registerMember(server);
    expect((await saveTemplate('offer', 'en', { title: 'New!', body: 'Something for you.' }, member.token)).status).toBe(401);
    expect(await templateOf('offer', 'en')).toMatchObject({ edited: false });
    expect((await saveTemplate('offer', 'en', { title: 'Something new', body: 'Open the app to see it.' }, chief)).body).toMatchObject({ edited: true, updatedBy: 'chief' });
  });

  it('a reset goes back to the built-in text, is audited with what it replaced, and a second reset changes nothing', async () => {
    expect((await saveTemplate('break_ended', 'en', { title: 'Welcome back', body: 'Your break is over.' })).status).toBe(200);
    const reset = await resetTemplate('break_ended', 'en');
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ title: 'Your break has ended', body: 'The limits you set still apply.', edited: false, updatedBy: null });
    const entries = (await auditOf('notice.template.reset')).filter((row) => row.detail.kind === 'break_ended');
    expect(entries).toEqual([
      {
        actor: 'copywriter',
        detail: { kind: 'break_ended', language: 'en', before: { title: 'Welcome back', body: 'Your break is over.' }, after: { title: 'Your break has ended', body: 'The limits you set still apply.', builtIn: true } },
      },
    ]);
    expect((await resetTemplate('break_ended', 'en')).status).toBe(200);
    expect((await auditOf('notice.template.reset')).filter((row) => row.detail.kind === 'break_ended')).toHaveLength(1);

    const member = await registerMember(server);
    await server.api('PUT', '/api/notices/settings', { token: member.token, body: { language: 'en', channels: { money: [], support: [], account: ['sms'], offers: [] }, quietFrom: 0, quietTo: 0 } });
    await server.db.transaction().execute((trx) => server.app.notices.write(trx, { memberId: BigInt(member.id), kind: 'break_ended', eventKey: `break:tpl-${member.id}` }));
    await server.app.notices.drain();
    expect(await smsInbox(member)).toEqual(['Your break has ended: The limits you set still apply.']);
  });
});

describe('a test notice', () => {
  const sendTest = (member: Member, kind: string, token = chief, key?: string) =>
    server.api('POST', `/api/admin/members/${member.id}/notices/test`, { token, body: { kind }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

  it('goes to the member through the outbox with a sample amount, shows in their history as a test, and is audited', async () => {
    const member = await registerMember(server);
    const sent = await sendTest(member, 'withdrawal_paid');
    expect(sent.status).toBe(200);
    const [notice] = await noticesOf(member);
    expect(notice).toMatchObject({ id: sent.body.noticeId, kind: 'withdrawal_paid', state: 'pending', test_by: 'chief', facts: { amount: '125000', currency: 'THB' } });
    expect(notice!.event_key).toMatch(new RegExp(`^test:${member.id}:chief:[0-9a-f-]{36}$`));
    await server.app.notices.drain();
    expect(await smsInbox(member)).toEqual(['ถอนเงินสำเร็จ: โอน 1,250.00 บาท เข้าบัญชีธนาคารของคุณแล้ว']);

    const history = (await server.api('GET', `/api/admin/members/${member.id}/notices`, { token: marketing })).body.notices;
    expect(history).toEqual([expect.objectContaining({ id: notice!.id, kind: 'withdrawal_paid', state: 'sent', channel: 'sms', testBy: 'chief' })]);
    expect((await auditOf('notice.test')).filter((row) => row.detail.memberId === member.id)).toEqual([{ actor: 'chief', detail: { memberId: member.id, kind: 'withdrawal_paid', noticeId: notice!.id } }]);
  });

  it('is written once per intent: a double click, racing, sends one test and audits it once', async () => {
    const member = await registerMember(server);
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([sendTest(member, 'deposit_credited', chief, key), sendTest(member, 'deposit_credited', chief, key)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.noticeId).toBe(first.body.noticeId);
    expect((await noticesOf(member)).map((notice) => notice.id)).toEqual([first.body.noticeId]);
    expect((await auditOf('notice.test')).filter((row) => row.detail.memberId === member.id)).toHaveLength(1);
    // The next press is another intent: another test.
    expect((await sendTest(member, 'deposit_credited', chief, crypto.randomUUID())).status).toBe(200);
    expect(await noticesOf(member)).toHaveLength(2);
  });

  it('follows the member’s choices like any notice: an offer without their consent is suppressed', async () => {
    const member = await registerMember(server);
    expect((await sendTest(member, 'offer', marketing)).status).toBe(200);
    await server.app.notices.drain();
    expect((await noticesOf(member)).map((notice) => `${notice.kind}:${notice.state}:${notice.outcome}`)).toEqual(['offer:suppressed:no_consent']);
    expect(await smsInbox(member)).toEqual([]);
  });

  it('is refused for finance, for an unknown kind and for a member who does not exist, writing nothing', async () => {
    const member = await registerMember(server);
    expect((await sendTest(member, 'deposit_credited', finance)).status).toBe(403);
    expect(await sendTest(member, 'jackpot')).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('POST', '/api/admin/members/987654321/notices/test', { token: chief, body: { kind: 'offer' } })).toMatchObject({ status: 404, body: { message: 'NO_USER' } });
    expect(await noticesOf(member)).toEqual([]);
  });
});

describe('bonus notices', () => {
  /** A member under a fixed 100-baht bonus's condition (target 300 %: 300 baht), everything moved to the demo game. */
  async function memberUnderBonus(member: Member) {
    const code = await createFixedBonus(server, chief, { prefix: 'TPL', amount: 100, hasCondition: true });
    expect((await server.api('GET', `/api/bonus/activate/${code}`, { token: member.token })).status).toBe(200);
    const condition = await server.db.selectFrom('member_conditions').select(['id', 'status']).where('member_id', '=', BigInt(member.id)).executeTakeFirstOrThrow();
    expect((await server.api('GET', '/api/wallet/activate/PG', { token: member.token })).status).toBe(200);
    expect((await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 100 } })).status).toBe(200);
    const wallet = (await server.api('GET', '/api/wallet', { token: member.token })).body;
    const username = wallet.slots.find((slot: { code: string }) => slot.code === 'PG').username as string;
    return { conditionId: condition.id, username };
  }
  const play = async (member: Member, username: string, bet: number, win: number) => {
    await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username, bet, win } });
    expect((await server.api('GET', '/api/wallet/refresh/slot', { token: member.token })).status).toBe(200);
  };
  const bonusNotices = async (member: Member) => (await noticesOf(member)).filter((notice) => notice.kind === 'bonus_reached');

  it('tells a member once, when results booked bring them to the target, and not again when the withdrawal completes it', async () => {
    const member = await memberTakingOffers();
    const { conditionId, username } = await memberUnderBonus(member);
    await play(member, username, 10, 100);
    expect(await bonusNotices(member)).toEqual([]);
    await play(member, username, 10, 130);
    const [reached] = await bonusNotices(member);
    expect(reached).toMatchObject({ event_key: `bonus_reached:${conditionId}`, state: 'pending' });
    await server.app.notices.drain();
    expect(await pushInbox(member.browser)).toEqual([expect.objectContaining({ kind: 'bonus_reached', title: 'Bonus condition met', path: '/user/home' })]);

    // Down below the target and up again, then the withdrawal that completes the condition: still one.
    await play(member, username, 50, 0);
    await play(member, username, 10, 70);
    expect((await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'PG', to: 'WALLET', amount: 320 } })).status).toBe(200);
    expect((await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 320 } })).status).toBe(200);
    expect(await server.db.selectFrom('member_conditions').select('status').where('id', '=', conditionId).executeTakeFirstOrThrow()).toEqual({ status: 'completed' });
    expect(await bonusNotices(member)).toHaveLength(1);
  });

  it('is written by the withdrawal that completes a condition reached without game results', async () => {
    const member = await memberTakingOffers();
    const { conditionId } = await memberUnderBonus(member);
    expect((await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'PG', to: 'WALLET', amount: 100 } })).status).toBe(200);
    // An operator's credit (no results booked) brings the member to the target.
    await fundWallet(server, member.id, 200);
    expect(await bonusNotices(member)).toEqual([]);
    expect((await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 300 } })).status).toBe(200);
    expect((await bonusNotices(member)).map((notice) => notice.event_key)).toEqual([`bonus_reached:${conditionId}`]);
  });

  it('uses the operator’s template, and is suppressed while the member is on a break', async () => {
    expect((await saveTemplate('bonus_reached', 'en', { title: 'Target reached!', body: 'Your bonus is yours to withdraw.' })).status).toBe(200);
    const told = await memberTakingOffers();
    const first = await memberUnderBonus(told);
    await play(told, first.username, 10, 210);
    await server.app.notices.drain();
    expect(await pushInbox(told.browser)).toEqual([expect.objectContaining({ kind: 'bonus_reached', title: 'Target reached!', body: 'Your bonus is yours to withdraw.' })]);

    const resting = await memberTakingOffers();
    const second = await memberUnderBonus(resting);
    await play(resting, second.username, 10, 210);
    expect((await server.api('POST', '/api/protection/break', { token: resting.token, body: { period: '24h' } })).status).toBe(200);
    await server.app.notices.drain();
    expect(await pushInbox(resting.browser)).toEqual([]);
    expect((await bonusNotices(resting)).map((notice) => `${notice.state}:${notice.outcome}`)).toEqual(['suppressed:restricted']);
  });
});

describe('on the Lao site', () => {
  it('previews with a sample amount in kip', async () => {
    const lao = await startTestServer({ env: { SITE: 'la' } });
    try {
      await lao.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
      const token = (await lao.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token as string;
      expect((await lao.api('GET', '/api/admin/notice-templates', { token })).body.sample).toEqual({ amount: '5000000', currency: 'LAK' });
    } finally {
      await lao.close();
    }
  });
});
