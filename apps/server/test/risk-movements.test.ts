import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedBySecondOperator, createFixedBonus, fundWallet, type PlacedMember, playAndLose, registerMemberFrom, startTestServer, type TestServer, uniqueAccountNo, uniquePlace } from './harness.js';

type Member = PlacedMember;

let server: TestServer;
let chief: string;
let finance: string;
let financeTwo: string;
beforeAll(async () => {
  // Members register and sign in from addresses and browsers the tests choose (the links read them).
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = await login('chief');
  for (const username of ['desk-one', 'desk-two']) {
    expect((await server.api('POST', '/api/admin/operators', { token: chief, body: { username, password: `${username}-pass-1`, roles: ['finance'] } })).status).toBe(200);
  }
  finance = await login('desk-one');
  financeTwo = await login('desk-two');
  expect((await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { isManualDeposit: true } })).status).toBe(200);
});
afterAll(() => server.close());
afterEach(async () => {
  const report = await server.app.ledger.verify();
  expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);
});

async function login(username: string): Promise<string> {
  const answer = await server.api('POST', '/api/admin/login', { body: { username, password: `${username}-pass-1` } });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

/** Registers and signs in from a place of its own unless one is given. */
const registerFrom = (place = uniquePlace(), overrides: Record<string, unknown> = {}) => registerMemberFrom(server, place, overrides);

const base = '/api/admin/risk';
const walletAmount = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount as number;
const withdraw = (member: Member, amount: number) => server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount } });
const approve = (id: string, token: string) => server.api('POST', `/api/admin/withdrawals/${id}/approve`, { token });
const claim = (member: Member, code: string, key = crypto.randomUUID()) => server.api('GET', `/api/bonus/activate/${code}`, { token: member.token, headers: { 'idempotency-key': key } });
const releaseBy = (id: string, token: string) => server.api('POST', `${base}/decisions/${id}/release`, { token });
/** A release takes two operators: desk one proposes, desk two releases (the answer is the second's). */
async function release(id: string) {
  const proposed = await releaseBy(id, finance);
  if (proposed.status !== 200) return proposed;
  expect(proposed.body.decision).toMatchObject({ releaseProposedBy: 'desk-one', releasedBy: null });
  return releaseBy(id, financeTwo);
}
const changeBank = (member: Member, account: { bankCode: string; bankAccountNo: string; bankAccountName: string }) =>
  server.api('PUT', `/api/admin/members/${member.id}/bank-account`, { token: chief, body: { ...account, reason: 'member asked (ticket 7)' } });
type Decision = { id: string; outcome: string; movement: string; subject: string; amount: number; rules: Array<{ code: string; mode: string; outcome: string }>; releasedBy: string | null };
const decisionsOf = async (member: Member, movement?: string) =>
  ((await server.api('GET', `${base}/decisions?outcome=all&memberId=${member.id}`, { token: finance })).body.decisions as Decision[]).filter((each) => !movement || each.movement === movement);
const claimsOf = (member: Member) => server.db.selectFrom('reward_claims').select(['id', 'amount']).where('member_id', '=', BigInt(member.id)).execute();
const profileOf = async (member: Member) => (await server.api('GET', '/api/account/profile', { token: member.token })).body.bankAccount;

async function rule(code: string) {
  const { rules } = (await server.api('GET', `${base}/rules`, { token: finance })).body as { rules: Array<{ code: string; movements: string[]; current: { version: number; mode: string; params: Record<string, unknown> } }> };
  return rules.find((each) => each.code === code)!;
}
async function setRule(code: string, mode: 'active' | 'observe' | 'off', params: Record<string, unknown> = {}) {
  const { current } = await rule(code);
  const answer = await server.api('POST', `${base}/rules/${code}`, { token: chief, body: { after: current.version, mode, params: { ...current.params, ...params } } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A bonus of a fixed 50 baht, no deposit asked, no condition, up to `maxReceived` a day: nothing but the risk rules stops a claim. */
const fixedBonus = (maxReceived = 5) => createFixedBonus(server, chief, { prefix: 'RISK', amount: 50, maxReceived });

/** Another member was paid to this member's bank account before: `shared_bank_account` (active, block) answers on it. */
async function shareBankAccount(member: Member): Promise<void> {
  const other = await registerFrom();
  const account = await server.db.selectFrom('members').select(['bank_code', 'bank_account_no']).where('id', '=', BigInt(member.id)).executeTakeFirstOrThrow();
  await server.db
    .insertInto('withdrawals')
    .values({ member_id: BigInt(other.id), amount: 10_000n, currency: 'THB', bank_code: account.bank_code, bank_account_no: account.bank_account_no, bank_account_name: 'SOMEONE ELSE', status: 'FAILED', decided_by: 'x', reason: 'x' })
    .execute();
}

describe('a reward claim the rules block', () => {
  it('pays nothing, takes no place of the offer, and keeps the decision for the desk', async () => {
    const code = await fixedBonus();
    const member = await registerFrom();
    await fundWallet(server, member.id, 300);
    await shareBankAccount(member);

    expect(await claim(member, code)).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
    expect(await walletAmount(member)).toBe(300);
    expect(await claimsOf(member)).toEqual([]);
    const offer = await server.db.selectFrom('offers').select('claimed_count').where('code', '=', code).executeTakeFirstOrThrow();
    expect(offer.claimed_count).toBe(0);
    const [blocked] = await decisionsOf(member, 'reward');
    expect(blocked).toMatchObject({ outcome: 'block', amount: 50, releasedBy: null });
    expect(blocked!.rules).toContainEqual(expect.objectContaining({ code: 'shared_bank_account', mode: 'active', outcome: 'block' }));
  });

  it('released, lets exactly one claim up to its amount through, even when five race for it', async () => {
    const code = await fixedBonus(5);
    const member = await registerFrom();
    await shareBankAccount(member);
    expect(await claim(member, code)).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
    const [blocked] = await decisionsOf(member, 'reward');

    // Proposed by one, then two more releasing at once release it once.
    expect((await releaseBy(blocked!.id, chief)).status).toBe(200);
    const [first, second] = await Promise.all([releaseBy(blocked!.id, finance), releaseBy(blocked!.id, financeTwo)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(member, code)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422, 422]);
    expect(answers.filter((answer) => answer.status === 422).every((answer) => answer.body.message === 'RISK_BLOCKED')).toBe(true);
    expect(await claimsOf(member)).toEqual([expect.objectContaining({ amount: 5_000n })]);
    expect(await walletAmount(member)).toBe(50);
    const rewards = await decisionsOf(member, 'reward');
    expect(rewards.filter((each) => each.outcome === 'approve')).toHaveLength(1);
    expect(rewards.filter((each) => each.outcome === 'block')).toHaveLength(5);
    // The release is used up: the next claim is refused again.
    expect(await claim(member, code)).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
    expect(await walletAmount(member)).toBe(50);
  });

  it('is refused on every kind of claim that pays money: the invite rewards too, with the accruals left to claim', async () => {
    const inviter = await registerFrom();
    await shareBankAccount(inviter);
    const invitee = await registerFrom(uniquePlace(), { inviteCode: `PR${inviter.id}` });
    // The accrual is decided on its own, as the deposit is credited: accrued to the inviter.
    const notice = await server.api('POST', '/api/wallet/add', { token: invitee.token, body: { amount: 1_000 } });
    expect((await server.api('POST', `/api/admin/deposit-notices/${notice.body.notice._id}/approve`, { token: finance })).status).toBe(200);
    const accrued = await server.db.selectFrom('invite_accruals').select(['status', 'claim_id']).where('inviter_id', '=', BigInt(inviter.id)).execute();
    expect(accrued.map((accrual) => accrual.status)).toContain('accrued');

    expect(await server.api('GET', '/api/invite/bonus', { token: inviter.token })).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
    expect(await walletAmount(inviter)).toBe(0);
    const after = await server.db.selectFrom('invite_accruals').select(['status', 'claim_id']).where('inviter_id', '=', BigInt(inviter.id)).execute();
    expect(after).toEqual(accrued);
    expect((await decisionsOf(inviter, 'reward'))[0]).toMatchObject({ outcome: 'block' });
  });

  it('a spin coupon\'s money prize too: refused, the coupon stays claimable; released, it pays once', async () => {
    const names = (text: string) => ({ th: text, lo: text, en: text });
    const slice = { label: names('CASH25'), description: names(''), bgColor: '#123456', textColor: '#ffffff', successPercent: null, failPercent: null, code: 'CASH25', weight: 1, prizeKind: 'cash', prizeAmount: 25 };
    const created = await server.api('POST', '/api/admin/spinwheels', { token: chief, body: { name: names('wheel'), slices: [slice, { ...slice, code: 'TRY', label: names('TRY'), weight: 0, prizeKind: 'none', prizeAmount: 0 }] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await approvedBySecondOperator(server, chief, await server.api('POST', `/api/admin/spinwheels/${created.body._id}/activate`, { token: chief }));
    const member = await registerFrom();
    await playAndLose(server, member, 100);
    const won = (await server.api('POST', '/api/spinwheel/spin', { token: member.token })).body.result;
    expect(won).toMatchObject({ code: 'CASH25', amount: 25 });
    await shareBankAccount(member);
    const claimCoupon = () => server.api('POST', '/api/spinwheel/coupon/claim', { token: member.token, body: { coupon: won._id } });

    expect(await claimCoupon()).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
    expect(await walletAmount(member)).toBe(0);
    const { coupons } = (await server.api('GET', '/api/spinwheel/coupon?page=1', { token: member.token })).body;
    expect(coupons[0]).toMatchObject({ _id: won._id, status: 'claimable' });
    const [blocked] = await decisionsOf(member, 'reward');
    expect(blocked).toMatchObject({ outcome: 'block', amount: 25 });
    expect((await release(blocked!.id)).status).toBe(200);
    expect((await claimCoupon()).body.coupon).toMatchObject({ status: 'claimed' });
    expect(await walletAmount(member)).toBe(25);
  });
});

describe('a reward claim the rules hold for review', () => {
  it('is paid, and holds a later withdrawal for two operators; released, later withdrawals are not held for it', async () => {
    // Any second claim within the day is held (the starter rule observes: an admin turns it on).
    await setRule('reward_velocity', 'active', { count: 1 });
    try {
      const code = await fixedBonus(5);
      const member = await registerFrom();
      await fundWallet(server, member.id, 1_000);
      expect((await claim(member, code)).status).toBe(200);
      expect((await claim(member, code)).body).toMatchObject({ message: 'SUCCESS', amount: 50 });
      expect(await walletAmount(member)).toBe(1_100);
      const held = (await decisionsOf(member, 'reward')).find((each) => each.outcome === 'review')!;
      expect(held.rules).toContainEqual(expect.objectContaining({ code: 'reward_velocity', outcome: 'review' }));

      const first = (await withdraw(member, 300)).body.withdrawal;
      expect(first).toMatchObject({ status: 'in_progress', checking: true });
      const [withdrawalDecision] = await decisionsOf(member, 'withdrawal');
      expect(withdrawalDecision!.rules).toContainEqual(expect.objectContaining({ code: 'deposit_under_review', outcome: 'review' }));

      // The reward's review released: the withdrawal already held still takes two.
      expect((await release(held.id)).body.decision).toMatchObject({ releasedBy: 'desk-two' });
      // A withdrawal's own review is never released on the risk page.
      expect(await release(withdrawalDecision!.id)).toMatchObject({ status: 409 });
      expect((await approve(first._id, finance)).body).toMatchObject({ status: 'in_progress', checking: true });
      expect(await approve(first._id, finance)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
      const paidOnce = await server.db.selectFrom('ledger_transfers').select('id').where('idempotency_key', '=', `withdrawal:${first._id}:paid`).execute();
      expect(paidOnce).toEqual([]);
      expect((await approve(first._id, financeTwo)).body).toMatchObject({ status: 'SUCCESS' });

      expect((await withdraw(member, 100)).body.withdrawal).toMatchObject({ checking: false });
      expect(await walletAmount(member)).toBe(700);
    } finally {
      await setRule('reward_velocity', 'observe');
    }
  });
});

describe('a change of a member\'s bank account', () => {
  it('to an account another member was paid to is refused, changes nothing, and is kept; released, it goes through once', async () => {
    // The account was another member's, who was paid to it and then moved bank.
    const previous = await registerFrom();
    await fundWallet(server, previous.id, 500);
    expect((await withdraw(previous, 200)).status).toBe(200);
    const moved = await changeBank(previous, { bankCode: 'SCB', bankAccountNo: uniqueAccountNo(), bankAccountName: previous.payload.bankAccountName });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await decisionsOf(previous, 'bank_account'))[0]).toMatchObject({ outcome: 'approve' });

    const member = await registerFrom();
    const before = await profileOf(member);
    const taken = { bankCode: previous.payload.bankCode, bankAccountNo: previous.payload.bankAccountNo, bankAccountName: member.payload.bankAccountName };
    expect(await changeBank(member, taken)).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
    expect(await profileOf(member)).toEqual(before);
    const audited = await server.db.selectFrom('audit_log').select('detail').where('action', '=', 'member.bank-account').execute();
    expect(audited.filter((entry) => (entry.detail as { memberId: string }).memberId === member.id)).toEqual([]);
    const [blocked] = await decisionsOf(member, 'bank_account');
    expect(blocked).toMatchObject({ outcome: 'block', amount: 0, subject: `${taken.bankCode}:${taken.bankAccountNo}` });
    expect(blocked!.rules).toContainEqual(expect.objectContaining({ code: 'shared_bank_account', outcome: 'block' }));

    expect((await release(blocked!.id)).status).toBe(200);
    expect((await changeBank(member, taken)).status).toBe(200);
    expect(await profileOf(member)).toMatchObject({ bankAccountNo: taken.bankAccountNo });
    // The release is used up, and the change's own decision says it went through in its place.
    const used = await server.db.selectFrom('risk_decisions').select('release_used_at').where('id', '=', blocked!.id).executeTakeFirstOrThrow();
    expect(used.release_used_at).not.toBeNull();
    const through = await server.db.selectFrom('risk_decisions').select(['outcome', 'inputs']).where('member_id', '=', BigInt(member.id)).where('movement', '=', 'bank_account').where('outcome', '=', 'approve').executeTakeFirstOrThrow();
    expect(through.inputs).toMatchObject({ releasedBlock: true, shared: { bankAccount: 1 } });
    // Back to the member's own old account, then to the shared one again: refused again.
    expect((await changeBank(member, { bankCode: before.bankCode, bankAccountNo: before.bankAccountNo, bankAccountName: before.bankAccountName })).status).toBe(200);
    expect(await changeBank(member, taken)).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
  });

  it('holds the member\'s next withdrawal for two operators (a change soon before a withdrawal)', async () => {
    const member = await registerFrom();
    await fundWallet(server, member.id, 500);
    expect((await changeBank(member, { bankCode: 'KBANK', bankAccountNo: uniqueAccountNo(), bankAccountName: member.payload.bankAccountName })).status).toBe(200);
    const held = (await withdraw(member, 200)).body.withdrawal;
    expect(held).toMatchObject({ checking: true });
    const [decision] = await decisionsOf(member, 'withdrawal');
    expect(decision!.rules).toContainEqual(expect.objectContaining({ code: 'after_bank_change', mode: 'active', outcome: 'review' }));
  });
});

describe('adversaries', () => {
  it('two accounts on one phone cycling a bonus: observing, the second claim is recorded; turned on, the next account gets nothing', async () => {
    const code = await fixedBonus(1);
    const phone = uniquePlace();
    const [first, second, third] = [await registerFrom(phone), await registerFrom(phone), await registerFrom(phone)];
    expect((await claim(first, code)).status).toBe(200);
    expect((await claim(second, code)).status).toBe(200);
    const [observed] = await decisionsOf(second, 'reward');
    expect(observed).toMatchObject({ outcome: 'approve' });
    expect(observed!.rules).toContainEqual(expect.objectContaining({ code: 'reward_shared_device', mode: 'observe', outcome: 'block' }));
    // The first claimed on a phone nobody had claimed from.
    expect((await decisionsOf(first, 'reward'))[0]!.rules).toContainEqual(expect.objectContaining({ code: 'reward_shared_device', outcome: 'approve' }));

    await setRule('reward_shared_device', 'active');
    try {
      expect(await claim(third, code)).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
      expect(await walletAmount(third)).toBe(0);
      expect(await claimsOf(third)).toEqual([]);
      // A member on a phone of their own is not touched by it.
      const loner = await registerFrom();
      expect((await claim(loner, code)).status).toBe(200);
    } finally {
      await setRule('reward_shared_device', 'observe');
    }
  });

  it('the rule list says which movements each rule decides', async () => {
    expect((await rule('shared_bank_account')).movements).toEqual(['withdrawal', 'reward', 'bank_account']);
    expect((await rule('reporting_threshold')).movements).not.toContain('reward');
  });
});
