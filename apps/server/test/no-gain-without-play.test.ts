import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, approvedBySecondOperator, latestOtp, registerMember, registration, startTestServer, uniqueAccountNo } from './harness.js';

/**
 * DESIGN §6 "no gain without play", tried as a member who wants money without playing would try it.
 * Every strategy keeps count of what the member put in (deposits) and then takes out everything it
 * can without a game played (ending the condition where the rules allow, then withdrawing the whole
 * balance): that must never be more than what went in.
 */
type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let chief: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
});
afterAll(() => server.close());
afterEach(async () => {
  await server.api('PUT', '/sandbox/provider/faults', { body: {} });
  const report = await server.app.ledger.verify();
  expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);
});

const get = (member: Member, path: string) => server.api('GET', path, { token: member.token, headers: { 'idempotency-key': crypto.randomUUID() } });
const totalOf = async (member: Member) => {
  const wallet = (await server.api('GET', '/api/wallet', { token: member.token })).body;
  return wallet.wallet.amount + wallet.slots.reduce((sum: number, slot: { amount: number; ftWalletSlot: number }) => sum + slot.amount, 0);
};
const uniqueCode = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

/** A QR issued now, to be paid whenever the strategy wants: the amount is credited by the gateway's webhook. */
async function issueQr(member: Member, method: 'KBANK' | 'WW', baht: number): Promise<{ status: number; qrcodeId?: string; message?: string }> {
  const qr = await server.api('POST', `/api/qrcode/${method}`, { token: member.token, body: { amount: baht } });
  return { status: qr.status, ...qr.body };
}
async function pay(qrcodeId: string) {
  expect((await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId } })).body).toMatchObject({ paid: true, webhookStatus: 200 });
}

/** Keeps what a member put in and took out. */
function ledgerOf(member: Member) {
  let putIn = 0;
  let takenOut = 0;
  return {
    member,
    async deposit(baht: number, method: 'KBANK' | 'WW' = 'KBANK') {
      const qr = await issueQr(member, method, baht);
      expect(qr.qrcodeId, JSON.stringify(qr)).toBeTruthy();
      await pay(qr.qrcodeId!);
      putIn += baht;
    },
    /** A deposit whose QR was issued earlier: it counts as put in once paid. */
    async payLater(qrcodeId: string, baht: number) {
      await pay(qrcodeId);
      putIn += baht;
    },
    async withdraw(baht: number) {
      const answer = await server.api('POST', '/api/wallet/withdrawAll', { token: member.token, body: { amount: baht }, headers: { 'idempotency-key': crypto.randomUUID() } });
      if (answer.status === 200) takenOut += baht;
      return answer;
    },
    /** Everything the rules let out without a game played: end the condition if allowed, then withdraw all. */
    async takeEverythingOut() {
      await get(member, '/api/bonus/clear');
      const total = await totalOf(member);
      if (total >= 100) await this.withdraw(total);
      return { putIn, takenOut };
    },
  };
}

async function createOffer(path: '/api/admin/bonuses' | '/api/admin/promotions', body: Record<string, unknown>) {
  const code = uniqueCode('NG');
  const created = await server.api('POST', path, {
    token: chief,
    body: {
      code,
      name: { th: 'ทดสอบ', lo: 'ທົດສອບ', en: 'Test' },
      description: { th: '', lo: '', en: '' },
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
      ...(path === '/api/admin/bonuses' ? { type: 'limit', maxReceived: 1 } : { globalCap: null }),
      ...body,
    },
  });
  // A reward of no deposit waits for a second operator (money-making configuration): approved here.
  const applied = await approvedBySecondOperator(server, chief, created);
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return code;
}

describe('no gain without play (DESIGN §6)', () => {
  it('topping up toward the target: no QR under a condition, a late one is the member’s own and never counts', async () => {
    const bonus = await createOffer('/api/admin/bonuses', {});
    const account = ledgerOf(await registerMember(server));
    // Issued before the bonus, paid after it: money that arrives anyway.
    const late = await issueQr(account.member, 'WW', 3_000);
    await account.deposit(1_000);
    expect((await get(account.member, `/api/bonus/activate/${bonus}`)).status).toBe(200);
    expect(await issueQr(account.member, 'KBANK', 3_000)).toMatchObject({ message: 'DEPOSIT_UNDER_CONDITION' });
    await account.payLater(late.qrcodeId!, 3_000);
    const { condition } = (await get(account.member, '/api/bonus/check/active')).body;
    expect(condition).toMatchObject({ base: 1_500, total: 4_500, ownDeposits: 3_000, successTarget: 7_500, failFloor: 3_150, endTakes: 0 });
    expect(await account.withdraw(4_500)).toMatchObject({ status: 422, body: { message: 'BONUS_CONDITION' } });
    const { putIn, takenOut } = await account.takeEverythingOut();
    expect(takenOut).toBeLessThanOrEqual(putIn);
  });

  it('claiming with money already held: a fixed reward asks for a balance under the limit, and locks all of it', async () => {
    const code = await createOffer('/api/admin/promotions', { rewardMode: 'fixed', rewardPercent: null, rewardAmount: 50, rewardCap: null, minimumDeposit: 0 });
    const rich = ledgerOf(await registerMember(server));
    await rich.deposit(3_265);
    expect((await get(rich.member, `/api/bonus/preview/${code}`)).body).toMatchObject({ allowed: false, refusal: 'BONUS_OTHER_MONEY', held: 3_265, otherMoney: 3_265, otherMoneyLimit: 100 });
    expect(await get(rich.member, `/api/promotion/activate/${code}`)).toMatchObject({ status: 422, body: { message: 'BONUS_OTHER_MONEY' } });
    const richOut = await rich.takeEverythingOut();
    expect(richOut.takenOut).toBeLessThanOrEqual(richOut.putIn);

    // Within the limit the reward is taken, and everything held goes under its condition.
    const modest = ledgerOf(await registerMember(server));
    await modest.deposit(100);
    expect((await get(modest.member, `/api/bonus/preview/${code}`)).body).toMatchObject({ allowed: true, amount: 50, held: 100, condition: { locked: 150, target: 450, floor: 15, endTakesAtMost: 14.99 } });
    expect((await get(modest.member, `/api/promotion/activate/${code}`)).status).toBe(200);
    expect(await modest.withdraw(150)).toMatchObject({ status: 422, body: { message: 'BONUS_CONDITION' } });
    const modestOut = await modest.takeEverythingOut();
    expect(modestOut.takenOut).toBeLessThanOrEqual(modestOut.putIn);
  });

  it('cycling deposits through games and out again earns no coins, so no spin and no prize', async () => {
    const account = ledgerOf(await registerMember(server));
    await account.deposit(30_000, 'WW');
    await get(account.member, '/api/wallet/activate/PG');
    for (let cycle = 0; cycle < 3; cycle += 1) {
      expect((await server.api('POST', '/api/wallet/transfer', { token: account.member.token, body: { from: 'WALLET', to: 'PG', amount: 30_000 } })).status).toBe(200);
      expect((await server.api('POST', '/api/wallet/transfer', { token: account.member.token, body: { from: 'PG', to: 'WALLET', amount: 30_000 } })).status).toBe(200);
    }
    await get(account.member, '/api/wallet/refresh/slot');
    expect((await server.api('GET', '/api/wallet', { token: account.member.token })).body.profile.coin).toBe(0);
    expect(await server.api('POST', '/api/spinwheel/spin', { token: account.member.token })).toMatchObject({ status: 422, body: { message: 'NO_COIN' } });
    const { putIn, takenOut } = await account.takeEverythingOut();
    expect(takenOut).toBeLessThanOrEqual(putIn);
  });

  it('ending a bonus while a transfer to a slow game is in flight is refused, so that money cannot escape the clearing', async () => {
    const bonus = await createOffer('/api/admin/bonuses', {});
    const account = ledgerOf(await registerMember(server));
    await account.deposit(1_000);
    await get(account.member, '/api/wallet/activate/PG');
    expect((await get(account.member, `/api/bonus/activate/${bonus}`)).status).toBe(200);
    await server.api('PUT', '/sandbox/provider/faults', { body: { timeoutRate: 1 } });
    expect((await server.api('POST', '/api/wallet/transfer', { token: account.member.token, body: { from: 'WALLET', to: 'PG', amount: 1_400 } })).body).toMatchObject({ message: 'TRANSFER_PENDING' });
    // 100 left in the wallet, under the floor of 150, with 1,400 on its way to the game.
    expect((await get(account.member, '/api/bonus/clear/preview')).body).toMatchObject({ allowed: false, refusal: 'TRANSFER_PENDING' });
    expect(await get(account.member, '/api/bonus/clear')).toMatchObject({ status: 422, body: { message: 'TRANSFER_PENDING' } });
    await server.api('PUT', '/sandbox/provider/faults', { body: {} });
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // the hung sandbox request finishes
    await server.app.providerTransfers.reconcile();
    expect((await get(account.member, '/api/bonus/check/active')).body).toMatchObject({ status: true });
    const { putIn, takenOut } = await account.takeEverythingOut();
    expect(takenOut).toBeLessThanOrEqual(putIn);
  });

  it('a claim racing a withdrawal of everything: one or the other, never the deposit out and the bonus too', async () => {
    const bonus = await createOffer('/api/admin/bonuses', { type: 'day', maxReceived: 5 });
    const accounts = await Promise.all(Array.from({ length: 4 }, async () => ledgerOf(await registerMember(server))));
    for (const account of accounts) await account.deposit(1_000);
    await Promise.all(accounts.map((account) => Promise.all([get(account.member, `/api/bonus/activate/${bonus}`), account.withdraw(1_000)])));
    for (const account of accounts) {
      const { putIn, takenOut } = await account.takeEverythingOut();
      expect(takenOut).toBeLessThanOrEqual(putIn);
    }
  });

  it('every reward kind without play: promotion code, invite reward, refund, spin prize, first-deposit bonus', async () => {
    // A promotion code of no deposit: locked under its condition, nothing to take out.
    const code = await createOffer('/api/admin/promotions', { rewardMode: 'fixed', rewardPercent: null, rewardAmount: 200, rewardCap: null, minimumDeposit: 0 });
    const taker = ledgerOf(await registerMember(server));
    expect((await get(taker.member, `/api/promotion/activate/${code}`)).status).toBe(200);
    expect(await taker.takeEverythingOut()).toEqual({ putIn: 0, takenOut: 0 });

    // An invite reward on a friend of one's own: the friend's deposit comes out, the reward stays locked.
    const inviter = ledgerOf(await registerMember(server));
    const friend = ledgerOf(await registerMember(server, { inviteCode: `PR${inviter.member.id}`, bankAccountName: 'SOMEONE ELSE' }));
    await friend.deposit(2_000);
    for (const review of (await server.api('GET', '/api/admin/invite-reviews?page=1&limit=50', { token: chief })).body.reviews ?? []) {
      await server.api('POST', `/api/admin/invite-reviews/${review._id}/approve`, { token: chief });
    }
    expect((await get(inviter.member, '/api/invite/bonus')).body).toMatchObject({ message: 'INVITE_BONUS_SUCCESS', amount: 100 });
    const out = [await inviter.takeEverythingOut(), await friend.takeEverythingOut()];
    expect(out.reduce((sum, each) => sum + each.takenOut, 0)).toBeLessThanOrEqual(out.reduce((sum, each) => sum + each.putIn, 0));

    // Refunds and coins need play; a "first deposit" bonus needs a first deposit.
    const idle = ledgerOf(await registerMember(server));
    await idle.deposit(200);
    await idle.deposit(200);
    expect(await get(idle.member, '/api/refund/receive')).toMatchObject({ status: 422, body: { message: 'NO_REFUND' } });
    expect(await server.api('POST', '/api/spinwheel/spin', { token: idle.member.token })).toMatchObject({ status: 422, body: { message: 'NO_COIN' } });
    expect(await get(idle.member, '/api/bonus/activate/WELCOME50')).toMatchObject({ status: 422, body: { message: 'BONUS_FIRST_DEPOSIT' } });
    const idleOut = await idle.takeEverythingOut();
    expect(idleOut.takenOut).toBeLessThanOrEqual(idleOut.putIn);
  });
});

describe('an insider acting alone', () => {
  it('an operator ending an accomplice’s condition takes the unplayed reward back: the accomplice leaves with what they put in', async () => {
    const bonus = await createOffer('/api/admin/bonuses', {});
    const accomplice = ledgerOf(await registerMember(server));
    await accomplice.deposit(1_000);
    await get(accomplice.member, '/api/wallet/activate/PG');
    expect((await get(accomplice.member, `/api/bonus/activate/${bonus}`)).body).toMatchObject({ amount: 500 });
    const member = `/api/admin/members/${accomplice.member.id}`;
    expect((await server.api('GET', `${member}/condition`, { token: chief })).body.condition).toMatchObject({ total: 1_500, operatorEndTakes: 500 });

    // Money parked in a game first: the operator is refused until it is back in the wallet.
    expect((await server.api('POST', '/api/wallet/transfer', { token: accomplice.member.token, body: { from: 'WALLET', to: 'PG', amount: 1_500 } })).status).toBe(200);
    expect(await server.api('POST', `${member}/conditions/end`, { token: chief, body: { reason: 'member asked' } })).toMatchObject({ status: 422, body: { message: 'TRANSFER_PENDING' } });
    expect((await server.api('POST', '/api/wallet/transfer', { token: accomplice.member.token, body: { from: 'PG', to: 'WALLET', amount: 1_500 } })).status).toBe(200);

    const ended = await server.api('POST', `${member}/conditions/end`, { token: chief, body: { reason: 'member asked' } });
    expect(ended.body.condition).toMatchObject({ status: 'ended' });
    expect(await totalOf(accomplice.member)).toBe(1_000);
    const { putIn, takenOut } = await accomplice.takeEverythingOut();
    expect(takenOut).toBeLessThanOrEqual(putIn);
    const audit = (await server.api('GET', '/api/admin/audit?action=condition.end', { token: chief })).body;
    expect(JSON.stringify(audit)).toContain('"taken":"50000"');
  });
});

describe('terms that mean what they say', () => {
  it('an operator’s first-deposit bonus is claimable on a member’s first deposit only', async () => {
    const code = await createOffer('/api/admin/bonuses', { firstDepositOnly: true });
    const listed = (await server.api('GET', '/api/admin/offers?kind=bonus', { token: chief })).body.offers.find((offer: { code: string }) => offer.code === code);
    expect(listed).toMatchObject({ firstDepositOnly: true });
    const first = ledgerOf(await registerMember(server));
    await first.deposit(200);
    expect((await get(first.member, `/api/bonus/activate/${code}`)).body).toMatchObject({ message: 'SUCCESS', amount: 100 });
    const eighth = ledgerOf(await registerMember(server));
    for (let count = 0; count < 2; count += 1) await eighth.deposit(100);
    expect((await get(eighth.member, `/api/bonus/preview/${code}`)).body).toMatchObject({ allowed: false, refusal: 'BONUS_FIRST_DEPOSIT' });
    expect(await get(eighth.member, `/api/bonus/activate/${code}`)).toMatchObject({ status: 422, body: { message: 'BONUS_FIRST_DEPOSIT' } });
  });
});

describe('no gain across currencies (Laos build)', () => {
  let laos: TestServer;
  beforeAll(async () => {
    laos = await startTestServer({ env: { SITE: 'la' } });
  });
  afterAll(() => laos.close());

  let counter = 0;
  async function laoMember(overrides: Record<string, unknown>) {
    const phone = `20${String(process.pid % 1000).padStart(3, '0')}${String((counter += 1)).padStart(3, '0')}`;
    const sent = await laos.api('POST', '/api/otp/send', { body: { phoneNumber: phone } });
    await laos.api('POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode: await latestOtp(laos, phone) } });
    const payload = { ...registration({ bankCode: 'BCEL', bankAccountNo: uniqueAccountNo(), ...overrides }), username: phone };
    const created = await laos.api('POST', '/api/account', { body: payload });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const login = await laos.api('POST', '/api/login', { body: { username: phone, password: payload.password } });
    return { id: created.body._id as string, token: login.body.token as string };
  }

  it('a kip friend’s deposit earns a baht inviter nothing: rewards are in the inviter’s currency only', async () => {
    const inviter = await laoMember({ currency: 'BAHT' });
    const friend = await laoMember({ inviteCode: `PR${inviter.id}` });
    const qr = (await laos.api('POST', '/api/qrcode/BCEL', { token: friend.token, body: { amount: 1_000_000 } })).body;
    expect((await laos.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } })).status).toBe(200);
    expect((await laos.api('GET', '/api/wallet', { token: inviter.token })).body.invite.amount).toBe(0);
    expect(await laos.db.selectFrom('invite_accruals').selectAll().where('inviter_id', '=', BigInt(inviter.id)).execute()).toEqual([]);
    expect((await laos.api('GET', '/api/invite/info', { token: inviter.token })).body.sameCurrencyOnly).toBe(true);
    expect((await laos.app.ledger.verify()).ok).toBe(true);

    // Had the kip been paid as baht, the ledger's own check would say so, whichever code wrote it.
    const deposit = await laos.db.selectFrom('deposits').select('id').where('member_id', '=', BigInt(friend.id)).executeTakeFirstOrThrow();
    await laos.db
      .insertInto('invite_accruals')
      .values({ inviter_id: BigInt(inviter.id), invitee_id: BigInt(friend.id), deposit_id: deposit.id, amount: 5_000_000n, rate_percent: '5', status: 'accrued' })
      .execute();
    const report = await laos.app.ledger.verify();
    expect(report.ok).toBe(false);
    expect(report.rewardsBeyondTerms).toHaveLength(1);
    await laos.db.deleteFrom('invite_accruals').where('deposit_id', '=', deposit.id).execute();
  });

  it('a kip member reads the bonus’s figures in whole kip before taking it', async () => {
    const member = await laoMember({});
    const qr = (await laos.api('POST', '/api/qrcode/BCEL', { token: member.token, body: { amount: 200_000 } })).body;
    expect((await laos.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } })).status).toBe(200);
    const preview = (await laos.api('GET', '/api/bonus/preview/WELCOMEKIP', { token: member.token })).body;
    expect(preview).toMatchObject({ currency: 'LAK', allowed: true, amount: 100_000, condition: { locked: 300_000, target: 900_000, floor: 30_000, endTakesAtMost: 29_999 } });
  });
});
