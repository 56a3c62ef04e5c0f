import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, approvedBySecondOperator, fundWallet, latestOtp, registerMember, registration, startTestServer } from './harness.js';

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let chief: string;
beforeAll(async () => {
  // Registrations come from addresses the tests choose (the invite overlap signals read them).
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
});
afterAll(() => server.close());
afterEach(async () => {
  const report = await server.app.ledger.verify();
  expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);
});

const get = (member: Member, path: string, key?: string) => server.api('GET', path, { token: member.token, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
const walletOf = async (member: Member) => (await get(member, '/api/wallet')).body;
const statementOf = async (member: Member) => (await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 20 } })).body.statements;
const uniqueCode = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

/** A real deposit: a bank QR paid at the sandbox gateway, credited through its signed webhook. */
async function deposit(member: Member, baht: number) {
  const qr = await server.api('POST', '/api/qrcode/KBANK', { token: member.token, body: { amount: baht } });
  const paid = await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.body.qrcodeId } });
  expect(paid.body).toMatchObject({ paid: true, webhookStatus: 200 });
  return qr.body.qrcodeId as string;
}

const offerTerms = {
  name: { th: 'โบนัสทดสอบ', lo: 'ໂບນັດທົດສອບ', en: 'Test bonus' },
  description: { th: '<p>ทดสอบ</p><script>alert(1)</script>', lo: '<p>ທົດສອບ</p>', en: '<p onclick="x()">Test</p>' },
  rewardMode: 'share',
  rewardPercent: 50,
  rewardAmount: null,
  rewardCap: 500,
  minimumDeposit: 100,
  hasCondition: true,
  successPercent: 300,
  failPercent: 10,
  clearMode: 'remaining',
  startsAt: null,
  endsAt: null,
};
// Offers above the approval thresholds (no condition, no deposit) are approved by a second operator.
const createBonus = async (body: Record<string, unknown>) =>
  approvedBySecondOperator(server, chief, await server.api('POST', '/api/admin/bonuses', { token: chief, body: { type: 'limit', maxReceived: 1, ...offerTerms, ...body } }));
const createPromotion = async (body: Record<string, unknown>) =>
  approvedBySecondOperator(server, chief, await server.api('POST', '/api/admin/promotions', { token: chief, body: { globalCap: null, ...offerTerms, ...body } }));

/** Registers through the OTP flow from a chosen address and browser. */
async function registerFrom(ip: string, overrides: Record<string, unknown> = {}, userAgent = 'test-browser'): Promise<Member> {
  const headers = { 'x-forwarded-for': ip, 'user-agent': userAgent };
  const payload = registration(overrides);
  const sent = await server.api('POST', '/api/otp/send', { body: { phoneNumber: payload.username }, headers });
  const code = await latestOtp(server, payload.username);
  await server.api('POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode: code }, headers });
  const created = await server.api('POST', '/api/account', { body: payload, headers });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const login = await server.api('POST', '/api/login', { body: { username: payload.username, password: payload.password }, headers });
  return { payload, id: created.body._id, token: login.body.token };
}

describe('bonuses', () => {
  it('pays a capped share of the qualifying deposit from the bonus expense account, opens the condition, and shows it in the statement', async () => {
    const code = uniqueCode('HALF');
    const created = await createBonus({ code: code.toLowerCase() });
    expect(created.body).toMatchObject({ code, kind: 'bonus', status: 'active', rewardPercent: 50 });
    // Operator html is sanitised on the way in.
    expect(created.body.description.th).toBe('<p>ทดสอบ</p>');
    expect(created.body.description.en).toBe('<p>Test</p>');

    const member = await registerMember(server);
    // Its own code, with the offer's minimum for the member's text (not a deposit channel's minimum).
    expect(await get(member, `/api/bonus/activate/${code}`)).toMatchObject({ status: 422, body: { message: 'BONUS_DEPOSIT_MINIMUM', minimum: 100 } });
    await deposit(member, 300);
    const key = `bonus-${member.id}`;
    const claimed = await get(member, `/api/bonus/activate/${code.toLowerCase()}`, key);
    expect(claimed.body).toMatchObject({ message: 'SUCCESS', code, kind: 'bonus', amount: 150, isActive: true });
    // The same tap again (same Idempotency-Key) answers the first claim and pays nothing more.
    expect((await get(member, `/api/bonus/activate/${code}`, key)).body._id).toBe(claimed.body._id);
    expect((await walletOf(member)).wallet.amount).toBe(450);

    const active = (await get(member, '/api/bonus/check/active')).body;
    expect(active).toMatchObject({ status: true, type: 'bonus', condition: { code, base: 450, successTarget: 1350, failFloor: 45, total: 450 } });
    const listed = (await get(member, '/api/bonus')).body.bonuses.find((bonus: { code: string }) => bonus.code === code);
    expect(listed).toMatchObject({ type: 'limit', maxReceived: 1, percentFail: 10, userBonus: { isActive: true, received: [{}] } });

    expect(await get(member, `/api/bonus/activate/${code}`)).toMatchObject({ status: 422, body: { message: 'BONUS_ALREADY_ACTIVE' } });
    expect(await server.api('POST', '/api/wallet/withdrawAll', { token: member.token, body: { amount: 450 } })).toMatchObject({ status: 422, body: { message: 'BONUS_CONDITION' } });

    const [entry] = await statementOf(member);
    expect(entry).toMatchObject({ statementType: 'bonus', from: 'BONUS', to: 'WALLET', amount: 150, bonus: { code, description: 'โบนัสทดสอบ' } });
    const expense = await server.app.ledger.balances(['operator:rewards:bonus']);
    expect(expense.get('operator:rewards:bonus')! <= -15_000n).toBe(true);
  });

  it('two claims racing pay once', async () => {
    const code = uniqueCode('RACE');
    await createBonus({ code, hasCondition: false, type: 'day', maxReceived: 5 });
    const member = await registerMember(server);
    await deposit(member, 200);
    const answers = await Promise.all(Array.from({ length: 10 }, (_unused, index) => get(member, `/api/bonus/activate/${code}`, `race-${member.id}-${index}`)));
    // The first takes the deposit; the others find no new deposit to be a share of.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(422)]);
    expect((await walletOf(member)).wallet.amount).toBe(300);
  });

  it('ends a condition only under the fail floor: game money comes back first, the rest is cleared by a transfer, and the statement says so', async () => {
    const code = uniqueCode('LOSE');
    await createBonus({ code });
    const member = await registerMember(server);
    await deposit(member, 100);
    await get(member, `/api/bonus/activate/${code}`);
    expect(await get(member, '/api/bonus/clear')).toMatchObject({ status: 422, body: { message: 'BONUS_CONDITION' } });

    // Base 150, floor 15: play in the demo game, lose 140 of it.
    expect((await get(member, '/api/wallet/activate/PG')).status).toBe(200);
    await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 150 } });
    const username = (await walletOf(member)).slots.find((slot: { code: string }) => slot.code === 'PG').username;
    await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username, bet: 140, win: 0 } });

    expect((await get(member, '/api/bonus/clear', `clear-${member.id}`)).body).toEqual({ message: 'BONUS_CLEAR', amount: 10 });
    const view = await walletOf(member);
    expect(view.wallet.amount).toBe(0);
    expect(view.slots.find((slot: { code: string }) => slot.code === 'PG').amount).toBe(0);
    expect((await get(member, '/api/bonus/check/active')).body).toEqual({ status: false, type: null, condition: null });
    const statement = await statementOf(member);
    expect(statement[0]).toMatchObject({ statementType: 'finish_bonus', from: 'WALLET', to: 'BONUS', amount: 10, bonus: { code } });
    expect(statement.some((entry: { statementType: string }) => entry.statementType === 'bonus')).toBe(true);
    // Deposits before the condition ended no longer qualify: the next bonus needs a new deposit.
    expect(await get(member, `/api/bonus/activate/${code}`)).toMatchObject({ status: 422, body: { message: 'BONUS_MAX_CLAIMED' } });
    expect((await get(member, '/api/bonus/check/minimum')).body.qualifyingDeposit).toBe(0);
  });
  it('two operators ending one condition at once: it ends once, audited once, and the other finds none to end', async () => {
    const code = uniqueCode('END');
    await createBonus({ code });
    const member = await registerMember(server);
    await deposit(member, 100);
    expect((await get(member, `/api/bonus/activate/${code}`)).status).toBe(200);
    const end = (reason: string) => server.api('POST', `/api/admin/members/${member.id}/conditions/end`, { token: chief, body: { reason } });
    const answers = await Promise.all([end('member asked (desk 1)'), end('member asked (desk 2)')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(answers.find((answer) => answer.status === 404)!.body).toEqual({ message: 'NO_DATA' });
    expect(answers.find((answer) => answer.status === 200)!.body.condition).toMatchObject({ status: 'ended' });
    const entries = await server.db.selectFrom('audit_log').select('detail').where('action', '=', 'condition.end').execute();
    expect(entries.filter((entry) => (entry.detail as { memberId: string }).memberId === member.id)).toHaveLength(1);
    // The reward still held went back once: the member keeps their own deposit.
    expect((await walletOf(member)).wallet.amount).toBe(100);
  });
});

describe('promotion codes', () => {
  it('finds and activates a code typed in lower case, once per member, and refuses unknown or paused ones', async () => {
    const code = uniqueCode('PROMO');
    await createPromotion({ code, rewardMode: 'fixed', rewardPercent: null, rewardAmount: 50, rewardCap: null, minimumDeposit: 0 });
    const member = await registerMember(server);
    expect((await get(member, `/api/promotion/find/${code.toLowerCase()}`)).body).toMatchObject({ code, percentFail: 10, description: '<p>ทดสอบ</p>' });
    expect(await get(member, '/api/promotion/find/NOSUCHCODE')).toMatchObject({ status: 404, body: { message: 'NO_PROMOTION' } });
    expect((await get(member, `/api/promotion/activate/${code.toLowerCase()}`)).body).toMatchObject({ kind: 'promotion', amount: 50 });
    expect((await get(member, '/api/promotion/current')).body.promotion).toMatchObject({ code });
    await server.api('POST', `/api/admin/members/${member.id}/conditions/end`, { token: chief, body: { reason: 'test: member asked' } });
    expect(await get(member, `/api/promotion/activate/${code}`)).toMatchObject({ status: 409, body: { message: 'PROMOTION_RECEIVED' } });

    expect((await server.api('PATCH', `/api/admin/promotions/${code}`, { token: chief, body: { status: 'paused' } })).body.status).toBe('paused');
    const other = await registerMember(server);
    expect(await get(other, `/api/promotion/activate/${code}`)).toMatchObject({ status: 404, body: { message: 'NO_PROMOTION' } });
  });

  it('50 members racing for a promotion with 3 places: exactly 3 are paid', async () => {
    const code = uniqueCode('CAP');
    await createPromotion({ code, globalCap: 3, rewardMode: 'fixed', rewardPercent: null, rewardAmount: 20, rewardCap: null, minimumDeposit: 0, hasCondition: false });
    const members = await Promise.all(Array.from({ length: 50 }, () => registerMember(server)));
    const answers = await Promise.all(members.map((member) => get(member, `/api/promotion/activate/${code}`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 422).map((answer) => answer.body.message)).toEqual(Array(47).fill('BONUS_FULL'));
    const offer = (await server.api('GET', '/api/admin/offers?kind=promotion', { token: chief })).body.offers.find((item: { code: string }) => item.code === code);
    expect(offer).toMatchObject({ claimed: 3, globalCap: 3, paid: 60 });
  });
});

describe('invite rewards', () => {
  it('accrue on the invitee’s deposits, once per deposit, and are claimed once even when received twice at once', async () => {
    const inviter = await registerFrom('198.51.100.10');
    const invitee = await registerFrom('198.51.100.11', { inviteCode: `PR${inviter.id}`, name: 'Friend One', bankAccountName: 'FRIEND ONE' });
    const qrcodeId = await deposit(invitee, 1000);
    // A webhook delivered twice credits once, and so accrues once.
    await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId } });
    expect((await walletOf(inviter)).invite).toEqual({ amount: 50, success: 300, fail: 10 });
    expect((await server.api('POST', '/api/invite', { token: inviter.token, body: { page: 1, limit: 10 } })).body).toMatchObject({ total: 1, invites: [{ from: { name: 'Friend One' }, amount: 50, status: 'accrued' }] });
    // The invitee's own list is empty: nobody sees another member's invites.
    expect((await server.api('POST', '/api/invite', { token: invitee.token, body: { page: 1, limit: 10 } })).body.total).toBe(0);

    const answers = await Promise.all([get(inviter, '/api/invite/bonus', `invite-a-${inviter.id}`), get(inviter, '/api/invite/bonus', `invite-b-${inviter.id}`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.status === 200)!.body).toEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 50 });
    const view = await walletOf(inviter);
    expect(view.wallet.amount).toBe(50);
    expect(view.invite.amount).toBe(0);
    expect((await statementOf(inviter))[0]).toMatchObject({ statementType: 'bonus', from: 'INVITE', invite: { code: 'INVITE', description: 'โบนัสชวนเพื่อน' } });
    expect((await get(inviter, '/api/bonus/check/active')).body).toMatchObject({ status: true, type: 'invite' });
    // What the invite reward put under its condition remains: no bonus on top of it.
    expect(await get(inviter, '/api/bonus/activate/DAILY10')).toMatchObject({ status: 422, body: { message: 'BONUS_REMAINING' } });
    // A member who invited nobody is told so.
    expect(await get(invitee, '/api/invite/bonus')).toMatchObject({ status: 422, body: { message: 'NO_INVITEE_PLAY_INFO' } });
  });

  it('refuses an invitee with the inviter’s account name, and holds one from the inviter’s address for an operator', async () => {
    const inviter = await registerFrom('198.51.100.20', { bankAccountName: 'SOMCHAI JAIDEE' });
    const sameName = await registerFrom('198.51.100.21', { inviteCode: `PR${inviter.id}`, bankAccountName: 'MR SOMCHAI JAIDEE' });
    const sameAddress = await registerFrom('198.51.100.20', { inviteCode: `PR${inviter.id}`, bankAccountName: 'OTHER PERSON' }, 'another-browser');
    await deposit(sameName, 200);
    await deposit(sameAddress, 400);
    expect((await walletOf(inviter)).invite.amount).toBe(0);
    // Rewards wait for an operator's check before they can be collected.
    expect(await get(inviter, '/api/invite/bonus')).toMatchObject({ status: 422, body: { message: 'INVITE_COLLECT' } });

    const reviews = (await server.api('GET', '/api/admin/invite-reviews', { token: chief })).body.reviews.filter((review: { inviterId: string }) => review.inviterId === inviter.id);
    expect(reviews).toMatchObject([{ inviteeId: sameAddress.id, amount: 20, signals: ['same_address'], status: 'review' }]);
    expect((await server.api('POST', `/api/admin/invite-reviews/${reviews[0]._id}/approve`, { token: chief })).status).toBe(200);
    expect(await server.api('POST', `/api/admin/invite-reviews/${reviews[0]._id}/refuse`, { token: chief })).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED' } });
    expect((await walletOf(inviter)).invite.amount).toBe(20);
  });
});

describe('refunds', () => {
  async function loser(bet: number) {
    // Everything but what a refund's condition may lock (the operator's limit of 100 baht) goes to the game.
    const member = await registerMember(server);
    await fundWallet(server, member.id, 500);
    await get(member, '/api/wallet/activate/PG');
    await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 500 } });
    const username = (await walletOf(member)).slots.find((slot: { code: string }) => slot.code === 'PG').username;
    await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username, bet, win: 0 } });
    return member;
  }

  it('pays the operator’s share of net game losses since the last refund, once, even when received twice at once', async () => {
    const member = await loser(400);
    expect((await get(member, '/api/refund/check')).body).toMatchObject({ result: true, bonus: false, refundAmount: 20, netLoss: 400, ratePercent: 5, refundSuccess: 200, refundFail: 10 });
    const answers = await Promise.all([get(member, '/api/refund/receive', `refund-a-${member.id}`), get(member, '/api/refund/addWallet', `refund-b-${member.id}`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect((await walletOf(member)).wallet.amount).toBe(20);
    expect((await server.api('POST', '/api/refund', { token: member.token, body: { page: 1, limit: 10 } })).body).toMatchObject({ total: 1, refunds: [{ refundAmount: 20 }] });
    // While the refund's condition is held, the check says so and receiving is refused.
    expect((await get(member, '/api/refund/check')).body).toMatchObject({ bonus: true, result: false, refundAmount: 0 });
    expect(await get(member, '/api/refund/receive')).toMatchObject({ status: 422, body: { message: 'REFUND_CONDITION' } });
  });

  it('answers NO_REFUND before any play, REFUND_MINIMUM after a win, and REFUND_INACTIVE when the operator turns refunds off', async () => {
    const member = await registerMember(server);
    expect((await get(member, '/api/refund/check')).body).toMatchObject({ result: false, refundAmount: 0 });
    expect(await get(member, '/api/refund/receive')).toMatchObject({ status: 422, body: { message: 'NO_REFUND' } });
    const winner = await loser(0);
    const username = (await walletOf(winner)).slots.find((slot: { code: string }) => slot.code === 'PG').username;
    await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username, bet: 10, win: 60 } });
    expect(await get(winner, '/api/refund/receive')).toMatchObject({ status: 422, body: { message: 'REFUND_MINIMUM' } });
    expect((await walletOf(winner)).wallet.amount).toBe(0);
    const programme = (await server.api('GET', '/api/admin/programmes/refund', { token: chief })).body;
    const { programme: _name, updatedAt: _at, ...settings } = programme;
    expect((await server.api('PUT', '/api/admin/programmes/refund', { token: chief, body: { ...settings, enabled: false } })).body.enabled).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // the settings cache holds 2 s
    expect(await get(member, '/api/refund/receive')).toMatchObject({ status: 422, body: { message: 'REFUND_INACTIVE' } });
    await server.api('PUT', '/api/admin/programmes/refund', { token: chief, body: { ...settings, enabled: true } });
    await new Promise((resolve) => setTimeout(resolve, 2100));
  });
});

describe('the operator side', () => {
  it('uploads a bonus banner re-encoded, shows it on the member’s card, refuses a non-image, and audits every change', async () => {
    const code = uniqueCode('BAN');
    await createBonus({ code });
    const png = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#336699' } }).png().toBuffer();
    const upload = (file: Buffer, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(file)]), 'banner.png');
      return fetch(`${server.url}/api/admin/banners`, { method: 'POST', headers: { authorization: `Bearer ${chief}` }, body: form });
    };
    const html = JSON.stringify({ th: '<b>แบนเนอร์</b><img src="x" onerror="alert(1)">', lo: 'ແບນເນີ', en: 'Banner' });
    const answer = await upload(png, { placement: 'bonus', offerCode: code, position: '0', html });
    expect(answer.status).toBe(200);
    const banner = (await answer.json()) as { image: string; html: { th: string } };
    expect(banner.html.th).not.toContain('onerror');
    const image = await fetch(`${server.url}${banner.image}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('jpeg');
    expect((await upload(Buffer.from('<html>not a picture</html>'), { placement: 'bonus', offerCode: code, html })).status).toBe(400);

    const member = await registerMember(server);
    const card = (await get(member, '/api/bonus')).body.bonuses.find((bonus: { code: string }) => bonus.code === code);
    expect(card.banners).toEqual([{ image: banner.image, html: expect.stringContaining('แบนเนอร์') }]);

    expect(await createBonus({ code })).toMatchObject({ status: 409, body: { message: 'OFFER_EXISTS' } });
    const audit = (await server.api('GET', `/api/admin/audit?text=${code}`, { token: chief })).body.entries.map((entry: { action: string }) => entry.action);
    expect(audit).toEqual(expect.arrayContaining(['bonus.create', 'banner.create']));
  });

  it('agreements and the notice are edited sanitised, and members read them in their language', async () => {
    const agreements = { th: ['<p>ข้อตกลง</p><script>x</script>'], lo: ['<p>ຂໍ້ຕົກລົງ</p>'], en: ['<p>Agreement</p>'] };
    expect((await server.api('PUT', '/api/admin/agreements', { token: chief, body: { agreements } })).body.agreements.th).toEqual(['<p>ข้อตกลง</p>']);
    expect((await server.api('GET', '/api/lookup/agreements', { headers: { cookie: 'lang=LO' } })).body.agreements).toEqual(['<p>ຂໍ້ຕົກລົງ</p>']);
    await server.api('PUT', '/api/admin/notice', { token: chief, body: { notice: { th: 'ยุติได้เมื่อต่ำกว่า {percentFail}%', lo: 'ຢຸດໄດ້ {percentFail}%', en: 'End below {percentFail}%' } } });
    expect((await server.api('GET', '/api/lookup/notice?percentFail=15', { headers: { cookie: 'lang=EN' } })).body.notice).toBe('End below 15%');
  });

  it('refuses bad input on every new route, and members on operator routes', async () => {
    const member = await registerMember(server);
    expect(await server.api('GET', '/api/bonus/activate/NOT%20A%20CODE')).toMatchObject({ status: 401 });
    expect(await get(member, '/api/bonus/activate/NOT%20A%20CODE')).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await get(member, `/api/promotion/find/${'X'.repeat(31)}`)).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('POST', '/api/invite', { token: member.token, body: { page: 1, limit: 51 } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('POST', '/api/refund', { token: member.token, body: { page: 0, limit: 10 } })).toMatchObject({ status: 400 });
    expect(await get(member, '/api/bonus/clear')).toMatchObject({ status: 404, body: { message: 'NO_DATA' } });
    expect((await server.api('POST', '/api/admin/bonuses', { token: member.token, body: {} })).status).toBe(401);
    expect(await createBonus({ code: uniqueCode('BAD'), rewardMode: 'share', rewardPercent: null })).toMatchObject({ status: 400 });
    expect(await createBonus({ code: uniqueCode('BAD'), successPercent: 10, failPercent: 20 })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await createBonus({ code: uniqueCode('BAD'), rewardAmount: -5, rewardMode: 'fixed', rewardPercent: null })).toMatchObject({ status: 400 });
  });
});

// Last: it moves the app clock up to a week ahead, past the operator's session and the webhooks' freshness.
describe('bonus periods', () => {
  it('counts day bonuses per Bangkok day and week bonuses per ISO week, by the app clock', async () => {
    const daily = uniqueCode('DAY');
    const weekly = uniqueCode('WEEK');
    const fixed = { rewardMode: 'fixed', rewardPercent: null, rewardAmount: 10, rewardCap: null, minimumDeposit: 0, hasCondition: false };
    await createBonus({ code: daily, type: 'day', maxReceived: 1, ...fixed });
    await createBonus({ code: weekly, type: 'week', maxReceived: 1, ...fixed });

    // One minute before the next midnight in Bangkok (UTC+7).
    const bangkokNow = server.clock.now().getTime() + 7 * 3_600_000;
    const nextMidnight = Math.ceil(bangkokNow / 86_400_000) * 86_400_000 - 7 * 3_600_000;
    server.clock.advance(nextMidnight - 60_000 - server.clock.now().getTime());
    const member = await registerMember(server);
    expect((await get(member, `/api/bonus/activate/${daily}`)).status).toBe(200);
    expect(await get(member, `/api/bonus/activate/${daily}`)).toMatchObject({ status: 422, body: { message: 'BONUS_MAX_CLAIMED' } });
    server.clock.advance(2 * 60_000);
    expect((await get(member, `/api/bonus/activate/${daily}`)).status).toBe(200);

    // One minute before the next Monday 00:00 in Bangkok.
    const local = new Date(server.clock.now().getTime() + 7 * 3_600_000);
    const daysToMonday = (8 - (local.getUTCDay() || 7)) % 7 || 7;
    const monday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + daysToMonday) - 7 * 3_600_000;
    server.clock.advance(monday - 60_000 - server.clock.now().getTime());
    const weekMember = await registerMember(server);
    expect((await get(weekMember, `/api/bonus/activate/${weekly}`)).status).toBe(200);
    expect(await get(weekMember, `/api/bonus/activate/${weekly}`)).toMatchObject({ status: 422, body: { message: 'BONUS_MAX_CLAIMED' } });
    server.clock.advance(2 * 60_000);
    expect((await get(weekMember, `/api/bonus/activate/${weekly}`)).status).toBe(200);
  });
});
