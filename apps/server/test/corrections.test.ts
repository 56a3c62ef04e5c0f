import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  tokens.chief = await operatorToken('chief');
  for (const username of ['anna', 'boon', 'chai']) {
    await server.api('POST', '/api/admin/operators', { token: tokens.chief, body: { username, password: `${username}-pass-1`, roles: ['finance'] } });
    tokens[username] = await operatorToken(username);
  }
});
afterAll(() => server.close());

async function operatorToken(username: string): Promise<string> {
  return (await server.api('POST', '/api/admin/login', { body: { username, password: `${username}-pass-1` } })).body.token;
}
const wallet = async (token: string) => (await server.api('GET', '/api/wallet', { token })).body.wallet.amount;
const propose = (by: string, body: Record<string, unknown>, key?: string) =>
  server.api('POST', '/api/admin/corrections', { token: tokens[by], body: { reasonCode: 'DEPOSIT_NOT_CREDITED', note: 'bank statement line 17', ...body }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
const decide = (by: string, id: string, decision: 'approve' | 'reject') =>
  server.api('POST', `/api/admin/corrections/${id}/${decision}`, { token: tokens[by], ...(decision === 'reject' ? { body: { reason: 'no such transfer at the bank' } } : {}) });

describe('money corrections with four eyes', () => {
  it('a proposal moves nothing; its proposer cannot approve it; a second operator’s approval credits once and the member sees it', async () => {
    const member = await registerMember(server);
    const proposed = await propose('anna', { memberId: member.id, direction: 'credit', amount: 250.5 }, `correction-${member.id}`);
    expect(proposed.body).toMatchObject({ status: 'proposed', amount: 250.5, proposedBy: 'anna', decidedBy: null });
    expect((await propose('anna', { memberId: member.id, direction: 'credit', amount: 250.5 }, `correction-${member.id}`)).body._id).toBe(proposed.body._id);
    expect(await wallet(member.token)).toBe(0);

    expect(await decide('anna', proposed.body._id, 'approve')).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
    expect(await wallet(member.token)).toBe(0);
    expect((await decide('boon', proposed.body._id, 'approve')).body).toMatchObject({ status: 'approved', decidedBy: 'boon' });
    // A second decision reads as one already taken, naming who took it, not as bad input.
    expect(await decide('chai', proposed.body._id, 'approve')).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED', decidedBy: 'boon' } });
    expect(await decide('chai', proposed.body._id, 'reject')).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED', decidedBy: 'boon' } });
    expect(await wallet(member.token)).toBe(250.5);

    const statement = (await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } })).body.statements;
    expect(statement[0]).toMatchObject({ statementType: 'deposit', from: 'OPERATOR', to: 'WALLET', amount: 250.5, status: 'SUCCESS' });
    const audit = (await server.api('GET', `/api/admin/audit?text=${proposed.body._id}`, { token: tokens.chief })).body.entries.map((entry: { action: string; actor: string }) => `${entry.actor}:${entry.action}`);
    expect(audit).toEqual(['boon:correction.approve', 'anna:correction.propose']);
  });

  it('two approvals racing post once', async () => {
    const member = await registerMember(server);
    const { body } = await propose('chief', { memberId: member.id, direction: 'credit', amount: 40 });
    const answers = await Promise.all([decide('anna', body._id, 'approve'), decide('boon', body._id, 'approve'), decide('chai', body._id, 'approve')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await wallet(member.token)).toBe(40);
    const posted = await server.db.selectFrom('ledger_transfers').select('id').where('reference', '=', body._id).execute();
    expect(posted).toHaveLength(1);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  it('a rejected proposal posts nothing; a debit takes money back, never past zero', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 100);
    const rejected = (await propose('anna', { memberId: member.id, direction: 'credit', amount: 500 })).body;
    expect((await decide('boon', rejected._id, 'reject')).body).toMatchObject({ status: 'rejected', decisionNote: 'no such transfer at the bank' });
    expect(await wallet(member.token)).toBe(100);

    const tooMuch = (await propose('anna', { memberId: member.id, direction: 'debit', amount: 100.01, reasonCode: 'DUPLICATE_CREDIT' })).body;
    expect(await decide('boon', tooMuch._id, 'approve')).toMatchObject({ status: 422, body: { message: 'MONEY_NOT_ENOUGH' } });
    expect((await server.api('GET', `/api/admin/corrections?memberId=${member.id}&status=proposed`, { token: tokens.chief })).body.total).toBe(1);

    const debit = (await propose('anna', { memberId: member.id, direction: 'debit', amount: 60, reasonCode: 'DUPLICATE_CREDIT' })).body;
    await decide('chai', debit._id, 'approve');
    expect(await wallet(member.token)).toBe(40);
    const statement = (await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } })).body.statements;
    expect(statement[0]).toMatchObject({ statementType: 'withdraw', from: 'WALLET', to: 'OPERATOR', amount: 60 });
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  it('refuses a correction for nobody, or with a bad amount, changing nothing', async () => {
    expect(await propose('anna', { memberId: '999999999', direction: 'credit', amount: 5 })).toMatchObject({ status: 404, body: { message: 'NO_USER' } });
    const member = await registerMember(server);
    expect((await propose('anna', { memberId: member.id, direction: 'credit', amount: 1.005 })).status).toBe(400);
    expect((await propose('anna', { memberId: member.id, direction: 'sideways', amount: 5 })).status).toBe(400);
    expect((await server.api('GET', `/api/admin/corrections?memberId=${member.id}`, { token: tokens.chief })).body.total).toBe(0);
  });
});

describe('withdrawals above the operator’s amount', () => {
  it('need two approvals by two operators before they are paid out; smaller ones one', async () => {
    await server.api('PUT', '/api/admin/settings/site', { token: tokens.chief, body: { withdrawSecondApprovalAbove: 1000 } });
    try {
      const member = await registerMember(server);
      await fundWallet(server, member.id, 5000);
      const withdraw = async (amount: number) => (await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount } })).body.withdrawal._id as string;
      const approve = (by: string, id: string) => server.api('POST', `/api/admin/withdrawals/${id}/approve`, { token: tokens[by] });
      const paidOut = async () => (await server.app.ledger.balances(['operator:bank-payouts'])).get('operator:bank-payouts') ?? 0n;

      const large = await withdraw(2000);
      const before = await paidOut();
      expect((await approve('anna', large)).body).toMatchObject({ status: 'in_progress' });
      expect(await paidOut()).toBe(before);
      const queue = (await server.api('GET', '/api/admin/withdrawals?status=pending&limit=50', { token: tokens.chief })).body.withdrawals;
      expect(queue.find((row: { _id: string }) => row._id === large)).toMatchObject({ firstApprovedBy: 'anna' });
      expect(await approve('anna', large)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
      expect((await approve('boon', large)).body).toMatchObject({ status: 'SUCCESS' });
      expect(await paidOut()).toBe(before + 200_000n);
      expect(await approve('chai', large)).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED', decidedBy: 'boon' } });

      const small = await withdraw(500);
      expect((await approve('anna', small)).body).toMatchObject({ status: 'SUCCESS' });
      const actions = (await server.api('GET', `/api/admin/audit?text=${large}`, { token: tokens.chief })).body.entries.map((entry: { actor: string; action: string }) => `${entry.actor}:${entry.action}`);
      expect(actions).toEqual(['boon:withdrawal.approve', 'anna:withdrawal.first-approval']);
      expect((await server.app.ledger.verify()).ok).toBe(true);
    } finally {
      await server.api('PUT', '/api/admin/settings/site', { token: tokens.chief, body: { withdrawSecondApprovalAbove: 0 } });
    }
  });
});
