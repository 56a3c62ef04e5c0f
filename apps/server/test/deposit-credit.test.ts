import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreditedDeposit, createDepositCredit } from '../src/modules/deposit/deposit-credit.js';
import { type TestServer, registerMember, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const walletOf = async (memberId: bigint) => (await server.app.ledger.balances([`wallet:${memberId}`])).get(`wallet:${memberId}`) ?? 0n;
const depositsWith = (externalRef: string) => server.db.selectFrom('deposits').select('id').where('external_ref', '=', externalRef).execute();

describe('the one deposit credit', () => {
  it('books the deposit and its ledger transfer once per outside reference, and tells every handler once', async () => {
    const member = await registerMember(server);
    const memberId = BigInt(member.id);
    const credit = createDepositCredit({ ledger: server.app.ledger, metrics: new Registry(), now: () => new Date() });
    const told: CreditedDeposit[] = [];
    credit.onCredited(async (_trx, deposit) => void told.push(deposit));

    const deposit = { memberId, method: 'SLIP', amount: 12_550n, externalRef: `test:${member.id}:once`, paidAt: new Date() };
    const first = await server.db.transaction().execute((trx) => credit.credit(trx, deposit));
    const again = await server.db.transaction().execute((trx) => credit.credit(trx, deposit));

    expect(first).toMatchObject({ memberId, amount: 12_550n, method: 'SLIP' });
    expect(again).toBeNull();
    expect(told.map((item) => item.depositId)).toEqual([first!.depositId]);
    expect(await walletOf(memberId)).toBe(12_550n);
    expect(await depositsWith(deposit.externalRef)).toHaveLength(1);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  it('runs the handlers in the credit’s transaction: a handler that fails takes the deposit back with it', async () => {
    const member = await registerMember(server);
    const memberId = BigInt(member.id);
    const credit = createDepositCredit({ ledger: server.app.ledger, metrics: new Registry(), now: () => new Date() });
    credit.onCredited(async (trx, deposit) => {
      // What a handler writes is visible to it inside the credit, before the commit.
      const row = await trx.selectFrom('deposits').select('amount').where('id', '=', deposit.depositId).executeTakeFirstOrThrow();
      expect(row.amount).toBe(deposit.amount);
      throw new Error('spin coins could not be granted');
    });

    const externalRef = `test:${member.id}:rolled-back`;
    await expect(server.db.transaction().execute((trx) => credit.credit(trx, { memberId, method: 'MANUAL', amount: 5_000n, externalRef, paidAt: new Date() }))).rejects.toThrow('spin coins');
    expect(await depositsWith(externalRef)).toHaveLength(0);
    expect(await walletOf(memberId)).toBe(0n);
  });
});
