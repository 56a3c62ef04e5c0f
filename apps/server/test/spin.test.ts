import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySpin } from '../src/modules/spin/spin.rules.js';
import { type TestServer, approvedBySecondOperator, playAndLose, registerMember, startTestServer } from './harness.js';

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let chief: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  await signInChief();
});
/** Operator sessions expire: a test that moves the clock a day signs in again. */
async function signInChief() {
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
}
afterAll(() => server.close());
afterEach(async () => {
  // Invariants per asset: baht and coins each sum to zero.
  const report = await server.app.ledger.verify();
  expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);
  expect(report.sumOfBalances.COIN ?? 0n).toBe(0n);
});

const names = (th: string) => ({ th, lo: `${th} (lo)`, en: `${th} (en)` });
type SliceSpec = { code: string; weight: number; prizeKind: 'cash' | 'bonus' | 'coins' | 'none'; prizeAmount: number; successPercent?: number; failPercent?: number; couponDays?: number };
const slice = (spec: SliceSpec) => ({
  label: names(spec.code),
  description: { th: `<p>${spec.code}</p><script>alert(1)</script>`, lo: '', en: '' },
  bgColor: '#123456',
  textColor: '#ffffff',
  successPercent: null,
  failPercent: null,
  ...spec,
});

/** Creates and activates a campaign through the operator API; returns its id. */
async function runCampaign(slices: SliceSpec[]): Promise<string> {
  const created = await server.api('POST', '/api/admin/spinwheels', { token: chief, body: { name: names('วงล้อทดสอบ'), slices: slices.map(slice) } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  // A wheel paying more per coin than a coin costs (most test wheels) is approved by a second operator.
  await approvedBySecondOperator(server, chief, await server.api('POST', `/api/admin/spinwheels/${created.body._id}/activate`, { token: chief }));
  expect((await server.api('GET', '/api/admin/spinwheels', { token: chief })).body.campaigns.find((campaign: { _id: string }) => campaign._id === created.body._id).status).toBe('active');
  return created.body._id;
}

/** Coins come from play: 1 per 100 baht that games kept; the member is left with nothing else. */
const earnCoins = (member: Member, baht: number) => playAndLose(server, member, baht);

const spin = (member: Member, key?: string) => server.api('POST', '/api/spinwheel/spin', { token: member.token, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
const claim = (member: Member, coupon: unknown, key?: string) => server.api('POST', '/api/spinwheel/coupon/claim', { token: member.token, body: { coupon }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
const walletOf = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body;
const couponsOf = async (member: Member, page = 1) => (await server.api('GET', `/api/spinwheel/coupon?page=${page}`, { token: member.token })).body;

describe('campaigns', () => {
  it('one is active at a time: activating another pauses it; a paused wheel cannot be spun', async () => {
    const first = await runCampaign([
      { code: 'A', weight: 1, prizeKind: 'cash', prizeAmount: 5 },
      { code: 'B', weight: 1, prizeKind: 'none', prizeAmount: 0 },
    ]);
    const member = await registerMember(server);
    expect((await server.api('GET', '/api/spinwheel/active', { token: member.token })).body).toEqual({ isActive: true });
    const setup = (await server.api('GET', '/api/spinwheel/setup', { token: member.token, headers: { 'accept-language': 'en' } })).body;
    expect(setup.activeSpinwheel).toMatchObject({ _id: first, name: 'วงล้อทดสอบ (en)', slices: [{ code: 'A', label: 'A (en)', bgColor: '#123456' }, { code: 'B' }] });
    // Operator html is sanitised on the way in.
    expect(setup.activeSpinwheel.slices[0].htmlDescription).not.toContain('script');

    const second = await runCampaign([
      { code: 'C', weight: 1, prizeKind: 'coins', prizeAmount: 1 },
      { code: 'D', weight: 0, prizeKind: 'none', prizeAmount: 0 },
    ]);
    const listed = (await server.api('GET', '/api/admin/spinwheels', { token: chief })).body.campaigns;
    expect(listed.filter((campaign: { status: string }) => campaign.status === 'active').map((campaign: { _id: string }) => campaign._id)).toEqual([second]);
    expect(listed.find((campaign: { _id: string }) => campaign._id === first).status).toBe('paused');

    await server.api('POST', `/api/admin/spinwheels/${second}/pause`, { token: chief });
    expect((await server.api('GET', '/api/spinwheel/active', { token: member.token })).body).toEqual({ isActive: false });
    await earnCoins(member, 100);
    expect(await spin(member)).toMatchObject({ status: 422, body: { message: 'SPINWHEEL_INACTIVE' } });
    expect((await walletOf(member)).profile.coin).toBe(1);
    const audit = await server.db.selectFrom('audit_log').select('action').where('action', 'like', 'spin.campaign.%').execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['spin.campaign.create', 'spin.campaign.activate', 'spin.campaign.pause']));
  });

  it('refuses a wheel that cannot be drawn, with the field at fault', async () => {
    const allZero = await server.api('POST', '/api/admin/spinwheels', {
      token: chief,
      body: { name: names('x'), slices: [slice({ code: 'A', weight: 0, prizeKind: 'none', prizeAmount: 0 }), slice({ code: 'B', weight: 0, prizeKind: 'none', prizeAmount: 0 })] },
    });
    expect(allZero.status).toBe(400);
    const cashWithoutAmount = await server.api('POST', '/api/admin/spinwheels', {
      token: chief,
      body: { name: names('x'), slices: [slice({ code: 'A', weight: 1, prizeKind: 'cash', prizeAmount: 0 }), slice({ code: 'B', weight: 1, prizeKind: 'none', prizeAmount: 0 })] },
    });
    expect(cashWithoutAmount.status).toBe(400);
    const member = await registerMember(server);
    expect((await server.api('POST', '/api/admin/spinwheels', { token: member.token, body: {} })).status).toBe(401);
  });
});

describe('spins', () => {
  it('50 parallel spins with 10 coins give exactly 10 results and 40 refusals', async () => {
    await runCampaign([
      { code: 'WIN', weight: 3, prizeKind: 'cash', prizeAmount: 1 },
      { code: 'TRY', weight: 1, prizeKind: 'none', prizeAmount: 0 },
    ]);
    const member = await registerMember(server);
    await earnCoins(member, 1_000);
    expect((await walletOf(member)).profile.coin).toBe(10);
    const answers = await Promise.all(Array.from({ length: 50 }, (_unused, index) => spin(member, `burst-${member.id}-${index}`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 422 && answer.body.message === 'NO_COIN')).toHaveLength(40);
    const remaining = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.result.remainingCoin);
    expect(remaining.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await walletOf(member)).profile.coin).toBe(0);
    const spins = await server.db.selectFrom('spins').select(['nonce', 'weights']).where('member_id', '=', BigInt(member.id)).execute();
    expect(spins.map((row) => row.nonce).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(spins[0]!.weights).toEqual([3, 1]);
  });

  it('a double tap (the same Idempotency-Key) spends one coin and answers the same spin', async () => {
    await runCampaign([
      { code: 'WIN', weight: 1, prizeKind: 'cash', prizeAmount: 1 },
      { code: 'TRY', weight: 1, prizeKind: 'none', prizeAmount: 0 },
    ]);
    const member = await registerMember(server);
    await earnCoins(member, 300);
    const [first, second] = await Promise.all([spin(member, `tap-${member.id}`), spin(member, `tap-${member.id}`)]);
    expect(first.status).toBe(200);
    expect(second.body.result._id).toBe(first.body.result._id);
    expect((await walletOf(member)).profile.coin).toBe(2);
  });

  it('can be verified: the seed hash is shown before the spin, and the seed revealed by rotating reproduces the slice', async () => {
    await runCampaign([
      { code: 'ONE', weight: 5, prizeKind: 'cash', prizeAmount: 1 },
      { code: 'TWO', weight: 3, prizeKind: 'coins', prizeAmount: 1 },
      { code: 'THREE', weight: 2, prizeKind: 'none', prizeAmount: 0 },
    ]);
    const member = await registerMember(server);
    await earnCoins(member, 500);
    const before = (await server.api('GET', '/api/spinwheel/fairness', { token: member.token })).body;
    expect(before.odds.map((odd: { chance: number }) => odd.chance)).toEqual([0.5, 0.3, 0.2]);
    const rotated = await server.api('POST', '/api/spinwheel/seed', { token: member.token, body: { clientSeed: 'my-lucky-seed' } });
    expect(rotated.body.revealed.serverSeedHash).toBe(before.seed.serverSeedHash);
    const committed = rotated.body.seed.serverSeedHash;

    const results = [];
    for (let index = 0; index < 5; index += 1) results.push((await spin(member)).body.result);
    expect(results.every((result) => result.serverSeedHash === committed && result.clientSeed === 'my-lucky-seed')).toBe(true);
    // Unrevealed while the seed is current.
    const during = (await server.api('GET', '/api/spinwheel/fairness', { token: member.token })).body;
    expect(during.spins.every((row: { serverSeed: string | null }) => row.serverSeed === null)).toBe(true);

    const revealed = (await server.api('POST', '/api/spinwheel/seed', { token: member.token, body: {} })).body.revealed;
    expect(revealed.serverSeedHash).toBe(committed);
    const codes = ['ONE', 'TWO', 'THREE'];
    for (const result of results) {
      expect(verifySpin({ serverSeed: revealed.serverSeed, serverSeedHash: committed, clientSeed: 'my-lucky-seed', nonce: result.nonce, weights: [5, 3, 2], slice: codes.indexOf(result.code) })).toBe(true);
    }
    const after = (await server.api('GET', '/api/spinwheel/fairness', { token: member.token })).body;
    expect(after.spins.filter((row: { serverSeed: string | null }) => row.serverSeed === revealed.serverSeed)).toHaveLength(5);
  });
});

describe('coupons', () => {
  it('a cash prize becomes a coupon; claimed twice at once it pays once, to the wallet and the statement', async () => {
    await runCampaign([
      { code: 'CASH25', weight: 1, prizeKind: 'cash', prizeAmount: 25 },
      { code: 'TRY', weight: 0, prizeKind: 'none', prizeAmount: 0 },
    ]);
    const member = await registerMember(server);
    await earnCoins(member, 100);
    const result = (await spin(member)).body.result;
    expect(result).toMatchObject({ code: 'CASH25', label: 'CASH25', remainingCoin: 0, kind: 'cash', amount: 25 });
    const { coupons, total } = await couponsOf(member);
    expect(total).toBe(1);
    expect(coupons[0]).toMatchObject({ _id: result._id, prize: { name: 'วงล้อทดสอบ', label: 'CASH25' }, amount: 25, status: 'claimable' });

    const answers = await Promise.all([claim(member, result._id, `claim-a-${member.id}`), claim(member, result._id, `claim-b-${member.id}`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.status === 422)!.body.message).toBe('NO_CLAIMABLE_COUPON');
    // The winning tap again replays its answer and pays nothing more.
    const winner = answers.findIndex((answer) => answer.status === 200);
    expect((await claim(member, result._id, winner === 0 ? `claim-a-${member.id}` : `claim-b-${member.id}`)).body.coupon.status).toBe('claimed');
    expect((await walletOf(member)).wallet.amount).toBe(25);
    const statement = (await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } })).body.statements;
    expect(statement[0]).toMatchObject({ amount: 25, to: 'WALLET' });
    expect((await couponsOf(member)).coupons[0].status).toBe('claimed');
  });

  it('a bonus prize opens the condition; a cash coupon waits while it holds (BONUS_REMAINING); coin prizes do not', async () => {
    await runCampaign([
      { code: 'BONUS50', weight: 1, prizeKind: 'bonus', prizeAmount: 50, successPercent: 300, failPercent: 10 },
      { code: 'TRY', weight: 0, prizeKind: 'none', prizeAmount: 0 },
    ]);
    const member = await registerMember(server);
    await earnCoins(member, 200);
    const bonus = (await spin(member)).body.result;
    expect((await claim(member, bonus._id)).status).toBe(200);
    const condition = (await server.api('GET', '/api/bonus/check/active', { token: member.token })).body;
    expect(condition).toMatchObject({ status: true, type: 'spin', condition: { base: 50, successTarget: 150 } });

    await runCampaign([
      { code: 'CASH5', weight: 1, prizeKind: 'cash', prizeAmount: 5 },
      { code: 'COIN2', weight: 0, prizeKind: 'coins', prizeAmount: 2 },
    ]);
    const cash = (await spin(member)).body.result;
    expect(await claim(member, cash._id)).toMatchObject({ status: 422, body: { message: 'BONUS_REMAINING' } });
    expect((await couponsOf(member)).coupons[0]).toMatchObject({ _id: cash._id, status: 'claimable' });
    expect((await walletOf(member)).wallet.amount).toBe(50);

    await runCampaign([
      { code: 'COIN2', weight: 1, prizeKind: 'coins', prizeAmount: 2 },
      { code: 'CASH5', weight: 0, prizeKind: 'cash', prizeAmount: 5 },
    ]);
    await earnCoins(member, 100);
    const coins = (await spin(member)).body.result;
    expect(coins).toMatchObject({ kind: 'coins', amount: 2, remainingCoin: 0 });
    expect((await claim(member, coins._id)).status).toBe(200);
    expect((await walletOf(member)).profile.coin).toBe(2);
  });

  it('the operator sees a member’s spins and a report of prizes paid against the odds', async () => {
    const campaign = await runCampaign([
      { code: 'CASH2', weight: 1, prizeKind: 'cash', prizeAmount: 2 },
      { code: 'NONE', weight: 1, prizeKind: 'none', prizeAmount: 0 },
    ]);
    const member = await registerMember(server);
    await earnCoins(member, 2_000);
    const results = [];
    for (let index = 0; index < 20; index += 1) results.push((await spin(member)).body.result);
    const wins = results.filter((result) => result.code === 'CASH2');
    expect(wins.length).toBeGreaterThan(1);
    // A cash prize opens the spin condition: the next one waits until it is met or ended.
    expect((await claim(member, wins[0]._id)).status).toBe(200);
    expect(await claim(member, wins[1]._id)).toMatchObject({ status: 422, body: { message: 'BONUS_REMAINING' } });

    const report = (await server.api('GET', `/api/admin/spinwheels/${campaign}/report`, { token: chief })).body;
    expect(report).toMatchObject({ campaignId: campaign, spins: 20, paidBaht: 2 });
    expect(report.slices[0]).toMatchObject({ code: 'CASH2', expectedShare: 0.5, spins: wins.length, observedShare: wins.length / 20, claimed: 1, paid: 2 });
    const spins = (await server.api('GET', `/api/admin/members/${member.id}/spins?limit=50`, { token: chief })).body;
    expect(spins).toMatchObject({ coins: 0, total: 20 });
    expect(spins.spins.filter((row: { status: string }) => row.status === 'claimed')).toHaveLength(1);
  });
  it('two operators voiding one coupon at once: one voids it, the other is told it is already decided', async () => {
    await runCampaign([
      { code: 'CASH5', weight: 1, prizeKind: 'cash', prizeAmount: 5 },
      { code: 'TRY', weight: 0, prizeKind: 'none', prizeAmount: 0 },
    ]);
    const member = await registerMember(server);
    await earnCoins(member, 200);
    const coupon = (await spin(member)).body.result;
    const voidIt = (reason: string) => server.api('POST', `/api/admin/spinwheels/coupons/${coupon._id}/void`, { token: chief, body: { reason } });
    const answers = await Promise.all([voidIt('duplicate account (desk 1)'), voidIt('duplicate account (desk 2)')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: 'ALREADY_DECIDED' });
    const entries = await server.db.selectFrom('audit_log').select('detail').where('action', '=', 'spin.coupon.void').execute();
    expect(entries.filter((entry) => (entry.detail as { id: string }).id === coupon._id)).toHaveLength(1);
    // Claimed by the member is decided too.
    const claimed = (await spin(member)).body.result;
    expect((await claim(member, claimed._id)).status).toBe(200);
    expect(await server.api('POST', `/api/admin/spinwheels/coupons/${claimed._id}/void`, { token: chief, body: { reason: 'too late' } })).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED' } });
  });
  // Last: it moves the clock a day on, past the sandbox gateway's QR lifetime.
  it('answers every refusal of SPEC §8 by its code, and changes nothing', async () => {
    const campaign = await runCampaign([
      { code: 'TRY', weight: 1, prizeKind: 'none', prizeAmount: 0 },
      { code: 'CASH5', weight: 0, prizeKind: 'cash', prizeAmount: 5 },
    ]);
    const member = await registerMember(server);
    const other = await registerMember(server);
    await earnCoins(member, 100);
    expect(await claim(member, 'not-a-coupon')).toMatchObject({ status: 400, body: { message: 'INVALID_CODE' } });
    expect(await claim(member, crypto.randomUUID())).toMatchObject({ status: 404, body: { message: 'NO_CLAIMABLE_COUPON' } });
    const tryAgain = (await spin(member)).body.result;
    expect(tryAgain).toMatchObject({ code: 'TRY', kind: 'none' });
    // 'Try again' is no coupon: not listed, and not claimable.
    expect((await couponsOf(member)).total).toBe(0);
    expect(await claim(member, tryAgain._id)).toMatchObject({ status: 422, body: { message: 'INVALID_COUPON_TYPE' } });
    expect(campaign).toBeTruthy();

    await runCampaign([
      { code: 'CASH5', weight: 1, prizeKind: 'cash', prizeAmount: 5, couponDays: 1 },
      { code: 'TRY', weight: 0, prizeKind: 'none', prizeAmount: 0 },
    ]);
    await earnCoins(member, 300);
    const [expiring, voided, otherwise] = [(await spin(member)).body.result, (await spin(member)).body.result, (await spin(member)).body.result];
    // Another member's coupon is not theirs to claim, nor to learn about.
    expect(await claim(other, otherwise._id)).toMatchObject({ status: 404, body: { message: 'NO_CLAIMABLE_COUPON' } });
    expect(await server.api('POST', `/api/admin/spinwheels/coupons/${voided._id}/void`, { token: chief, body: { reason: 'won through a duplicate account' } })).toMatchObject({ status: 200 });
    expect(await claim(member, voided._id)).toMatchObject({ status: 422, body: { message: 'INVALID_PRIZE_CODE' } });
    server.clock.advance(25 * 60 * 60 * 1000);
    expect(await claim(member, expiring._id)).toMatchObject({ status: 422, body: { message: 'COUPON_EXPIRED' } });
    expect((await couponsOf(member)).coupons.map((coupon: { status: string }) => coupon.status).sort()).toEqual(['expired', 'expired', 'voided']);
    expect((await walletOf(member)).wallet.amount).toBe(0);
    await signInChief();
  });
});
