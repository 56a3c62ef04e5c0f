import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResult, type TestServer, approvedBySecondOperator, playAndLose, registerMember, startTestServer } from './harness.js';

/**
 * Every pair of calls that move one member's money, raced against each other, with
 * and without a bonus condition held. On PostgreSQL a transaction that takes a member's locks in
 * another order than the ledger README's deadlocks and answers 500; here none may answer 5xx, and
 * the ledger stays exact. Each call may be refused by a rule (422, 409, 401 once blocked): that is
 * an answer, not a failure.
 */
type Member = Awaited<ReturnType<typeof registerMember>>;
interface Scene {
  member: Member;
  /** A spin prize to claim, or a coupon that is not the member's (404) when the spin won nothing claimable. */
  coupon: string;
  /** A withdrawal waiting for an operator. */
  withdrawalId: string;
}

let server: TestServer;
let chief: string;
let bonus: string;
beforeAll(async () => {
  // Hundreds of members signed up from the test's one address in a minute: the flood guard has its own tests.
  server = await startTestServer({ env: { FLOOD_LIMIT_ADDRESS_PER_MINUTE: '100000' } });
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
  bonus = `RACE${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const created = await server.api('POST', '/api/admin/bonuses', {
    token: chief,
    body: {
      code: bonus, name: { th: 'แข่ง', lo: 'ແຂ່ງ', en: 'Race' }, description: { th: '', lo: '', en: '' },
      rewardMode: 'share', rewardPercent: 10, rewardAmount: null, rewardCap: 100, minimumDeposit: 100,
      hasCondition: true, successPercent: 300, failPercent: 10, clearMode: 'remaining', startsAt: null, endsAt: null, type: 'day', maxReceived: 50,
    },
  });
  expect((await approvedBySecondOperator(server, chief, created)).status).toBe(200);
}, 60_000);
afterAll(() => server.close());

const asMember = (member: Member, method: string, path: string, body?: unknown) =>
  server.api(method, path, { token: member.token, headers: { 'idempotency-key': crypto.randomUUID() }, ...(body === undefined ? {} : { body }) });
const asOperator = (method: string, path: string, body?: unknown) => server.api(method, path, { token: chief, ...(body === undefined ? {} : { body }) });

const CALLS: Record<string, (scene: Scene) => Promise<ApiResult>> = {
  claimBonus: ({ member }) => asMember(member, 'GET', `/api/bonus/activate/${bonus}`),
  withdraw: ({ member }) => asMember(member, 'POST', '/api/wallet/withdrawAll', { amount: 100 }),
  toGame: ({ member }) => asMember(member, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 50 }),
  fromGame: ({ member }) => asMember(member, 'POST', '/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 50 }),
  collectAll: ({ member }) => asMember(member, 'POST', '/api/wallet/transferAll', { to: 'WALLET' }),
  endBonus: ({ member }) => asMember(member, 'GET', '/api/bonus/clear'),
  spin: ({ member }) => asMember(member, 'POST', '/api/spinwheel/spin'),
  claimRefund: ({ member }) => asMember(member, 'GET', '/api/refund/receive'),
  claimCoupon: ({ member, coupon }) => asMember(member, 'POST', '/api/spinwheel/coupon/claim', { coupon }),
  // A TrueMoney transfer from the member's phone: credited whatever the condition (it is the member's own).
  depositCredited: ({ member }) => server.api('POST', '/sandbox/truemoney/transfers', { body: { fromMobile: member.payload.username, amount: 200 } }),
  block: ({ member }) => asOperator('POST', `/api/admin/members/${member.id}/block`, { reason: 'race test' }),
  approveWithdrawal: ({ withdrawalId }) => asOperator('POST', `/api/admin/withdrawals/${withdrawalId}/approve`),
  endCondition: ({ member }) => asOperator('POST', `/api/admin/members/${member.id}/conditions/end`, { reason: 'race test' }),
};

type State = 'no condition' | 'a bonus condition held' | 'a bonus condition under its floor';

/**
 * A member with lost play (coins, a refund, a spin prize), a deposit, money in a game and a
 * withdrawal waiting; then, as the state says, a bonus taken, and its money played down under the
 * floor (all of it back in the wallet), where ending it goes all the way to its locks.
 */
async function scene(state: State): Promise<Scene> {
  const member = await registerMember(server);
  await playAndLose(server, member, 300);
  await asMember(member, 'POST', '/api/spinwheel/spin');
  const coupons = (await asMember(member, 'GET', '/api/spinwheel/coupon?page=1&limit=5')).body.coupons as { _id: string; status: string }[];
  const coupon = coupons.find((each) => each.status === 'claimable')?._id ?? crypto.randomUUID();
  const qr = (await asMember(member, 'POST', '/api/qrcode/KBANK', { amount: 1_000 })).body.qrcodeId as string;
  await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr } });
  const withdrawal = await asMember(member, 'POST', '/api/wallet/withdrawAll', { amount: 100 });
  expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
  expect((await asMember(member, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 200 })).status).toBe(200);
  if (state !== 'no condition') expect((await asMember(member, 'GET', `/api/bonus/activate/${bonus}`)).status).toBe(200);
  if (state === 'a bonus condition under its floor') {
    const wallet = (await asMember(member, 'GET', '/api/wallet')).body;
    const inWallet = wallet.wallet.amount as number;
    expect((await asMember(member, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: inWallet })).status).toBe(200);
    const game = (await asMember(member, 'GET', '/api/wallet')).body.slots.find((slot: { code: string }) => slot.code === 'PG');
    await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username: game.username, bet: game.amount - 60, win: 0 } });
    await asMember(member, 'GET', '/api/wallet/refresh/slot');
    expect((await asMember(member, 'POST', '/api/wallet/transferAll', { to: 'WALLET' })).status).toBe(200);
  }
  return { member, coupon, withdrawalId: withdrawal.body.withdrawal._id as string };
}

const names = Object.keys(CALLS);
const pairs = names.flatMap((first, index) => names.slice(index).map((second) => [first, second] as const));

describe('every pair of one member’s money calls, raced', () => {
  for (const state of ['no condition', 'a bonus condition held', 'a bonus condition under its floor'] as const) {
    it(`answers no 5xx and keeps the ledger exact with ${state}`, async () => {
      const failures: string[] = [];
      for (const [first, second] of pairs) {
        const set = await scene(state);
        // Three of each at once: a member's double taps, and enough overlap for a wrong lock order to show.
        const callers = [first, second, first, second, first, second];
        const answers = await Promise.all(callers.map((name) => CALLS[name]!(set)));
        answers.forEach((answer, index) => {
          if (answer.status >= 500 && !(answer.status === 502 && answer.body.message === 'TRANSFER_FAIL')) {
            failures.push(`${first} × ${second}: ${callers[index]} answered ${answer.status} ${JSON.stringify(answer.body)}`);
          }
        });
      }
      expect(failures).toEqual([]);
      const report = await server.app.ledger.verify();
      expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);
    }, 240_000);
  }
});

describe('a member blocked between their sign-in check and their money call', () => {
  it('is refused by the transaction that would move the money, whatever the node still believes of the session', async () => {
    // A node that rereads the revocation list only every 10 s: the block below is not on it.
    const node = await startTestServer({ sameDatabaseAs: server, env: { SESSION_CACHE_MS: '10000' } });
    try {
      const member = await registerMember(node);
      await playAndLose(node, member, 300);
      const qr = (await node.api('POST', '/api/qrcode/KBANK', { token: member.token, body: { amount: 1_000 } })).body.qrcodeId as string;
      await node.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr } });
      await node.api('GET', '/api/wallet/activate/PG', { token: member.token });
      expect((await node.api('GET', '/api/wallet', { token: member.token })).status).toBe(200);

      // Blocked by another node, as the database now says.
      await node.handle.db.updateTable('members').set({ status: 'blocked' }).where('id', '=', BigInt(member.id)).execute();
      const call = (method: string, path: string, body?: unknown) =>
        node.api(method, path, { token: member.token, headers: { 'idempotency-key': crypto.randomUUID() }, ...(body === undefined ? {} : { body }) });
      const attempts = await Promise.all([
        ...Array.from({ length: 5 }, () => call('POST', '/api/wallet/withdraw', { amount: 100 })),
        call('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }),
        call('GET', `/api/bonus/activate/${bonus}`),
        call('POST', '/api/spinwheel/spin'),
        call('GET', '/api/refund/receive'),
      ]);
      expect(attempts.map((answer) => answer.body.message)).toEqual(Array(attempts.length).fill('INACTIVE_USER'));
      const moved = await node.handle.db.selectFrom('withdrawals').select('id').where('member_id', '=', BigInt(member.id)).execute();
      expect(moved).toEqual([]);
    } finally {
      await node.close();
    }
  });
});
