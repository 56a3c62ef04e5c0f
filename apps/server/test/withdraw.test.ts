import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCondition } from '../src/modules/conditions/conditions.repository.js';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let operator: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'finance-boss', password: 'finance-pass' });
  operator = (await server.api('POST', '/api/admin/login', { body: { username: 'finance-boss', password: 'finance-pass' } })).body.token;
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
const walletAmount = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount;
const withdraw = (member: Member, amount: number, key?: string, path = '/api/wallet/withdraw') =>
  server.api('POST', path, { token: member.token, body: { amount }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
async function memberWith(baht: number) {
  const member = await registerMember(server, { bankCode: 'KTB', bankAccountName: 'WITH DRAWER' });
  await fundWallet(server, member.id, baht);
  return member;
}
const expectLedgerExact = async () => expect((await server.app.ledger.verify()).ok).toBe(true);

describe('withdrawals', () => {
  it('takes the amount from the wallet at once, to the registered bank account, waiting for transfer', async () => {
    const member = await memberWith(1_000);
    const result = await withdraw(member, 300);
    expect(result.body).toMatchObject({
      message: 'SUCCESS',
      withdrawal: { amount: 300, status: 'in_progress', bankCode: 'KTB', bankAccountNo: member.payload.bankAccountNo, bankAccountName: 'WITH DRAWER' },
    });
    expect(await walletAmount(member)).toBe(700);
    await expectLedgerExact();
  });

  it('holds the operator limits and the balance, and changes nothing when it refuses', async () => {
    const member = await memberWith(60_000);
    expect(await withdraw(member, 99.99)).toMatchObject({ status: 422, body: { message: 'WITHDRAW_MINIMUM' } });
    expect(await withdraw(member, 50_000.01)).toMatchObject({ status: 422, body: { message: 'WITHDRAW_MAXIMUM' } });
    const poor = await memberWith(150);
    expect(await withdraw(poor, 150.01)).toMatchObject({ status: 422, body: { message: 'MONEY_NOT_ENOUGH' } });
    expect(await withdraw(poor, 100.005)).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await walletAmount(member)).toBe(60_000);
    expect(await walletAmount(poor)).toBe(150);
  });

  it('withdraws once for a repeated Idempotency-Key', async () => {
    const member = await memberWith(500);
    const key = `withdraw-${member.id}-once`;
    const [first, second] = await Promise.all([withdraw(member, 200, key), withdraw(member, 200, key)]);
    expect(first.body.withdrawal._id).toBe(second.body.withdrawal._id);
    expect(await walletAmount(member)).toBe(300);
  });

  it('brings game balances back to the wallet first with withdrawAll', async () => {
    const member = await memberWith(400);
    await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
    await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 350 } });
    expect((await withdraw(member, 400, undefined, '/api/wallet/withdrawAll')).body.withdrawal.amount).toBe(400);
    expect(await walletAmount(member)).toBe(0);
    await expectLedgerExact();
  });

  it('under a condition refuses every withdrawal until the total reaches the target; reaching it completes the condition and lifts the rule', async () => {
    const member = await memberWith(900);
    // A 300-baht base with a 300 % target: the member may withdraw at a total of 900 or more.
    await startCondition(server.db, { memberId: BigInt(member.id), kind: 'bonus', source: 'WELCOME', baseAmount: 30_000n, successPercent: 300, failPercent: 10 });
    await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
    await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 100 } });

    // 800 in the wallet and 100 in the game: 900 in all, the target is met; a part may go.
    expect((await withdraw(member, 500)).body.withdrawal).toMatchObject({ amount: 500, status: 'in_progress' });
    const condition = await server.db.selectFrom('member_conditions').select('status').where('member_id', '=', BigInt(member.id)).executeTakeFirstOrThrow();
    expect(condition.status).toBe('completed');
    expect((await withdraw(member, 200)).status).toBe(200);
    expect(await walletAmount(member)).toBe(100);

    const short = await memberWith(500);
    await startCondition(server.db, { memberId: BigInt(short.id), kind: 'invite', source: 'invite', baseAmount: 30_000n, successPercent: 300, failPercent: 10 });
    expect(await withdraw(short, 500, undefined, '/api/wallet/withdrawAll')).toMatchObject({ status: 422, body: { message: 'BONUS_CONDITION' } });
    expect(await withdraw(short, 100)).toMatchObject({ status: 422, body: { message: 'BONUS_CONDITION' } });
    expect(await walletAmount(short)).toBe(500);
    await expectLedgerExact();
  });

  it('lets only one of 20 concurrent withdrawals of the whole balance through', async () => {
    const member = await memberWith(5_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(member, 5_000)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.body.message === 'MONEY_NOT_ENOUGH')).toHaveLength(19);
    expect(await walletAmount(member)).toBe(0);
    await expectLedgerExact();
  });
});

describe("the operator's side", () => {
  const approve = (id: string, token = operator) => server.api('POST', `/api/admin/withdrawals/${id}/approve`, { token });
  const fail = (id: string, reason: string | undefined, token = operator) =>
    server.api('POST', `/api/admin/withdrawals/${id}/fail`, { token, body: reason === undefined ? {} : { reason } });

  it('lists pending withdrawals with the member and bank, and approves one once', async () => {
    const member = await memberWith(800);
    const { withdrawal } = (await withdraw(member, 250)).body;
    const pending = await server.api('GET', '/api/admin/withdrawals?status=pending&limit=50', { token: operator });
    expect(pending.body.withdrawals).toContainEqual(
      expect.objectContaining({ _id: withdrawal._id, username: member.payload.username, amount: 250, status: 'in_progress', bankAccountNo: member.payload.bankAccountNo }),
    );
    expect((await approve(withdrawal._id)).body).toMatchObject({ status: 'SUCCESS' });
    expect(await approve(withdrawal._id)).toMatchObject({ status: 409 });
    expect(await fail(withdrawal._id, 'too late')).toMatchObject({ status: 409 });
    expect(await walletAmount(member)).toBe(550);
    const audit = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'withdrawal.approve').execute();
    expect(audit.some((row) => row.actor === 'finance-boss' && JSON.stringify(row.detail).includes(withdrawal._id))).toBe(true);
    await expectLedgerExact();
  });

  it('returns the money to the wallet when it fails, with the reason', async () => {
    const member = await memberWith(800);
    const { withdrawal } = (await withdraw(member, 300)).body;
    expect(await fail(withdrawal._id, undefined)).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });
    expect((await fail(withdrawal._id, 'account closed')).body).toMatchObject({ status: 'FAILED', reason: 'account closed' });
    expect(await walletAmount(member)).toBe(800);
    await expectLedgerExact();
  });

  it('keeps decisions to finance operators', async () => {
    const member = await memberWith(500);
    const { withdrawal } = (await withdraw(member, 100)).body;
    expect(await approve(withdrawal._id, member.token)).toMatchObject({ status: 401, body: { message: 'invalid-token' } });
    await server.db.insertInto('admin_users').values({ username: 'helpdesk', password_hash: await (await import('argon2')).default.hash('helpdesk-pass'), roles: ['support'] }).execute();
    const support = (await server.api('POST', '/api/admin/login', { body: { username: 'helpdesk', password: 'helpdesk-pass' } })).body.token;
    expect(await approve(withdrawal._id, support)).toMatchObject({ status: 403, body: { message: 'UNAUTHORIZED' } });
    expect(await approve('not-a-uuid')).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await approve('00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404, body: { message: 'NO_DATA' } });
  });
});
