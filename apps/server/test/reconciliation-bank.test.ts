import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankStatementError, createHttpBankStatement } from '../src/adapters/bank-statement.js';
import { type RuleSettings, match } from '../src/modules/reconciliation/matcher.js';
import type { GamingDay } from '../src/modules/reconciliation/source.js';
import { createBankSource } from '../src/modules/reconciliation/sources/bank.source.js';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

const TIME_ZONE = 'Asia/Bangkok';
/** The bank's starting rule (migration 064). */
const RULE: RuleSettings = { matchOn: 'amount', amountTolerance: 0, dateWindowMinutes: 30, feeBasisPoints: null };
/** The operator's SCB account in the demo seed; the batching ones are added below. */
const OPERATOR_ACCOUNT = '4061234567';
const BATCH_ACCOUNT = '4069990001';
const SHORT_BATCH_ACCOUNT = '4069990002';

let server: TestServer;
let operator: string;
let statement: ReturnType<typeof createHttpBankStatement>;
let source: ReturnType<typeof createBankSource>;
beforeAll(async () => {
  server = await startTestServer();
  await server.db
    .insertInto('deposit_accounts')
    .values([BATCH_ACCOUNT, SHORT_BATCH_ACCOUNT].map((account_no, index) => ({ bank_code: 'SCB', bank_type: 'BANK', mode: 'AUTO', account_name: 'BAHT WALLET CO LTD', account_no, sort_order: 10 + index })))
    .execute();
  await server.app.adminService.ensureFirstOperator({ username: 'bank-boss', password: 'bank-pass' });
  operator = (await server.api('POST', '/api/admin/login', { body: { username: 'bank-boss', password: 'bank-pass' } })).body.token;
  statement = createHttpBankStatement({ baseUrl: () => `${server.url}/sandbox/bank/api`, timeoutMs: 5_000 });
  source = createBankSource({ db: server.db, statement, timeZone: TIME_ZONE, currencies: ['THB'] });
});
afterAll(() => server.close());

function today(): GamingDay {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const from = new Date(`${day}T00:00:00+07:00`);
  return { day, from, to: new Date(from.getTime() + 24 * 3600_000) };
}

type Member = Awaited<ReturnType<typeof registerMember>>;
const faults = async (body: object) => expect((await server.api('PUT', '/sandbox/bank/faults', { body })).status).toBe(200);
const member = () => registerMember(server, { bankCode: 'KTB', bankAccountName: 'BANK MEMBER' });

/** The member's transfer from their registered account into one of the operator's; answers its bank reference and slip image. */
async function transfer(from: Member, amount: number, toAccountNo = OPERATOR_ACCOUNT) {
  const made = await server.api('POST', '/sandbox/bank/transfers', { body: { amount, toAccountNo, fromBankCode: 'KTB', fromAccountNo: from.payload.bankAccountNo } });
  expect(made.status).toBe(200);
  return { transRef: made.body.transRef as string, image: Buffer.from(made.body.slip.split(',')[1], 'base64') };
}

/** Uploads the slip of a transfer; answers the deposit it credited. */
async function creditSlip(from: Member, slip: { transRef: string; image: Buffer }) {
  const form = new FormData();
  form.append('file', new Blob([slip.image], { type: 'image/png' }), 'slip.png');
  const response = await fetch(`${server.url}/api/wallet/slip`, { method: 'POST', headers: { authorization: `Bearer ${from.token}`, 'x-client': 'wallet-user' }, body: form });
  const answer = (await response.json()) as { slip?: { status?: string } };
  expect(answer, JSON.stringify(answer)).toMatchObject({ slip: { status: 'SUCCESS' } });
  return server.db.selectFrom('deposits').selectAll().where('external_ref', 'like', `slip:%:${slip.transRef}`).executeTakeFirstOrThrow();
}

async function slipDeposit(amount: number, toAccountNo = OPERATOR_ACCOUNT) {
  const from = await member();
  const slip = await transfer(from, amount, toAccountNo);
  return { member: from, transRef: slip.transRef, deposit: await creditSlip(from, slip) };
}

/** A withdrawal asked for and marked paid by an operator. */
async function paidWithdrawal(amount: number) {
  const to = await member();
  await fundWallet(server, to.id, amount);
  const asked = await server.api('POST', '/api/wallet/withdraw', { token: to.token, body: { amount } });
  expect(asked.status).toBe(200);
  const id = asked.body.withdrawal._id as string;
  expect((await server.api('POST', `/api/admin/withdrawals/${id}/approve`, { token: operator })).body).toMatchObject({ status: 'SUCCESS' });
  return { member: to, id };
}

/** The operator's staff paying out by hand from the operator's account. */
async function payout(toAccountNo: string, amount: number, toName = 'BANK MEMBER') {
  const made = await server.api('POST', '/sandbox/bank/payouts', { body: { fromAccountNo: OPERATOR_ACCOUNT, toBankCode: 'KTB', toAccountNo, toName, amount, memo: 'WD' } });
  expect(made.status).toBe(200);
  return made.body.bankRef as string;
}

async function reconcile() {
  const gathered = await source.gather(today(), RULE);
  return { ...gathered, result: match(gathered.ours, gathered.theirs, RULE) };
}
const involving = (result: ReturnType<typeof match>, ref: string) => ({
  matched: result.matched.filter((pair) => [...pair.ours, ...pair.theirs].some((entry) => entry.ref === ref)),
  exceptions: result.exceptions.filter((exception) => exception.ours?.ref === ref || exception.theirs?.ref === ref),
});
const maskedLike = (account: string) => `xxxxx${account.slice(5, 9)}x`;

// Clean traffic first: the day holds nothing else yet, so every entry of it must match.
describe('the bank source', () => {
  it('gathers a clean day: credits match slip deposits and debits match paid withdrawals, by amount, account and time', async () => {
    const deposits = [await slipDeposit(300.5), await slipDeposit(1_250)];
    const withdrawal = await paidWithdrawal(400);
    const payoutRef = await payout(withdrawal.member.payload.bankAccountNo, 400);
    const { ours, theirs, result } = await reconcile();
    expect(result.exceptions).toEqual([]);
    expect(result.matched).toHaveLength(3);

    for (const { member: from, transRef, deposit } of deposits) {
      const our = ours.find((entry) => entry.ref === deposit.id)!;
      const their = theirs.find((entry) => entry.ref === transRef)!;
      expect(our).toMatchObject({ matchRef: null, kind: 'deposit', currency: 'THB', amount: deposit.amount, counterparty: from.payload.bankAccountNo, memberId: BigInt(from.id), outsideDay: false });
      expect(their).toMatchObject({ matchRef: null, kind: 'deposit', currency: 'THB', amount: deposit.amount, counterparty: maskedLike(from.payload.bankAccountNo), outsideDay: false });
      expect(their.detail).toMatchObject({ accountNo: OPERATOR_ACCOUNT, bank: '006' });
      expect(Math.abs(our.at.getTime() - their.at.getTime())).toBeLessThan(1_000);
      expect(result.matched).toContainEqual({ ours: [our], theirs: [their] });
    }
    const paid = await server.db.selectFrom('withdrawals').selectAll().where('id', '=', withdrawal.id).executeTakeFirstOrThrow();
    const ourPayout = ours.find((entry) => entry.ref === withdrawal.id)!;
    const theirPayout = theirs.find((entry) => entry.ref === payoutRef)!;
    expect(ourPayout).toMatchObject({ kind: 'payout', currency: 'THB', amount: 40_000n, counterparty: withdrawal.member.payload.bankAccountNo, memberId: BigInt(withdrawal.member.id) });
    expect(ourPayout.at.getTime()).toBe(paid.decided_at!.getTime());
    expect(theirPayout).toMatchObject({ kind: 'payout', currency: 'THB', amount: 40_000n, counterparty: maskedLike(withdrawal.member.payload.bankAccountNo) });
    expect(theirPayout.detail).toMatchObject({ name: 'BANK MEMBER', accountNo: OPERATOR_ACCOUNT });
    expect(result.matched).toContainEqual({ ours: [ourPayout], theirs: [theirPayout] });
  });

  it('matches the deposits the statement itself credited: a transfer into an AUTO account, and a QR of our own paid into its account', async () => {
    const sender = await registerMember(server, { bankCode: 'SCB' });
    const sent = await server.api('POST', '/sandbox/bank/transfers', { body: { amount: 765.43, toAccountNo: OPERATOR_ACCOUNT, toBankCode: 'SCB', fromBankCode: 'SCB', fromAccountNo: sender.payload.bankAccountNo } });
    const payer = await member();
    const qr = (await server.api('POST', '/api/qrcode/KTB', { token: payer.token, body: { amount: 321 } })).body;
    const paid = await server.api('POST', '/sandbox/bank/qr-payments', { body: { payload: qr.payload, fromBankCode: 'KTB', fromAccountNo: payer.payload.bankAccountNo } });
    await server.app.bankFeed.read();
    const credited = await server.db.selectFrom('bank_credits').select(['bank_ref', 'status']).where('bank_ref', 'in', [sent.body.transRef, paid.body.transRef]).execute();
    expect(credited.map((line) => line.status)).toEqual(['credited', 'credited']);
    const { ours, result } = await reconcile();
    for (const ref of [sent.body.transRef as string, paid.body.transRef as string]) {
      const found = involving(result, ref);
      expect(found.exceptions).toEqual([]);
      expect(found.matched).toHaveLength(1);
      expect(found.matched[0]!.ours).toMatchObject([{ kind: 'deposit', detail: { method: 'STATEMENT' } }]);
    }
    expect(ours.filter((entry) => entry.detail?.method === 'STATEMENT')).toHaveLength(2);
  });

  it('matches a clean bank batch many to one', async () => {
    await faults({ batchCreditsWithinMinutes: 10, batchAccounts: [BATCH_ACCOUNT] });
    const deposits = [await slipDeposit(111, BATCH_ACCOUNT), await slipDeposit(222.22, BATCH_ACCOUNT), await slipDeposit(333, BATCH_ACCOUNT)];
    const { theirs, result } = await reconcile();
    const batch = theirs.filter((entry) => entry.detail?.accountNo === BATCH_ACCOUNT);
    expect(batch).toMatchObject([{ kind: 'deposit', amount: 66_622n, batch: { count: 3 } }]);
    const found = involving(result, batch[0]!.ref);
    expect(found.exceptions).toEqual([]);
    expect(found.matched).toHaveLength(1);
    expect(found.matched[0]!.ours.map((entry) => entry.ref).sort()).toEqual(deposits.map(({ deposit }) => deposit.id).sort());
  });

  it('finds a batch missing one of our transfers as theirs_only, the two we have as ours_only', async () => {
    await faults({ batchCreditsWithinMinutes: 10, batchAccounts: [SHORT_BATCH_ACCOUNT] });
    const credited = [await slipDeposit(444, SHORT_BATCH_ACCOUNT), await slipDeposit(555.55, SHORT_BATCH_ACCOUNT)];
    await transfer(await member(), 666, SHORT_BATCH_ACCOUNT); // its slip never reached us
    const { theirs, result } = await reconcile();
    const batch = theirs.find((entry) => entry.detail?.accountNo === SHORT_BATCH_ACCOUNT)!;
    expect(batch).toMatchObject({ amount: 166_555n, batch: { count: 3 } });
    expect(involving(result, batch.ref)).toMatchObject({ matched: [], exceptions: [{ kind: 'theirs_only', detail: { batchOf: 3 } }] });
    for (const { deposit } of credited) expect(involving(result, deposit.id)).toMatchObject({ matched: [], exceptions: [{ kind: 'ours_only' }] });
  });

  it('does not match a payout paid to another account than the withdrawal names', async () => {
    const withdrawal = await paidWithdrawal(700);
    const payoutRef = await payout('9990001112', 700, 'SOMEONE ELSE');
    const { result } = await reconcile();
    expect(involving(result, withdrawal.id)).toMatchObject({ matched: [], exceptions: [{ kind: 'ours_only', ours: { kind: 'payout', amount: 70_000n } }] });
    expect(involving(result, payoutRef)).toMatchObject({ matched: [], exceptions: [{ kind: 'theirs_only', theirs: { kind: 'payout', amount: 70_000n } }] });
  });

  it('finds a credited deposit left off the statement as ours_only, and an entry nobody sent as theirs_only', async () => {
    const { deposit, transRef } = await slipDeposit(808);
    await faults({ omit: [transRef], extraEntries: [{ accountNo: OPERATOR_ACCOUNT, amount: 909, counterpartyAccount: '5556667778' }] });
    const { theirs, result } = await reconcile();
    await faults({});
    expect(involving(result, deposit.id)).toMatchObject({ matched: [], exceptions: [{ kind: 'ours_only' }] });
    const extra = theirs.find((entry) => entry.amount === 90_900n)!;
    expect(extra).toMatchObject({ kind: 'deposit', counterparty: maskedLike('5556667778') });
    expect(involving(result, extra.ref)).toMatchObject({ matched: [], exceptions: [{ kind: 'theirs_only' }] });
  });

  it('fails the gather when the feed is down', async () => {
    await faults({ unavailable: true });
    await expect(source.gather(today(), RULE)).rejects.toBeInstanceOf(BankStatementError);
    await faults({});
  });
});

describe('the bank statement adapter against the sandbox bank', () => {
  const hourAround = () => ({ from: new Date(Date.now() - 3600_000), to: new Date(Date.now() + 3600_000) });
  const lines = (accountNo = OPERATOR_ACCOUNT) => statement.statement(accountNo, hourAround().from, hourAround().to);

  it('lists incoming transfers as credits and payouts as debits, masked, oldest first, in the asked span only', async () => {
    const from = await member();
    const { transRef } = await transfer(from, 123.45);
    const bankRef = await payout('1231212345', 67.8, 'PAID MEMBER');
    const entries = await lines();
    expect(entries.find((entry) => entry.bankRef === transRef)).toEqual({
      bankRef: transRef,
      direction: 'credit',
      amount: 12_345n,
      currency: 'THB',
      at: expect.any(Date),
      counterparty: { bank: '006', account: maskedLike(from.payload.bankAccountNo), name: null },
      description: 'TRANSFER IN',
    });
    expect(entries.find((entry) => entry.bankRef === bankRef)).toMatchObject({ direction: 'debit', amount: 6_780n, counterparty: { bank: '006', account: 'xxxxx1234x', name: 'PAID MEMBER' } });
    const times = entries.map((entry) => entry.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Another account's statement, and another span, hold none of it.
    expect((await lines(BATCH_ACCOUNT)).some((entry) => entry.bankRef === transRef || entry.bankRef === bankRef)).toBe(false);
    expect(await statement.statement(OPERATOR_ACCOUNT, new Date('2020-01-01T00:00:00Z'), new Date('2020-01-02T00:00:00Z'))).toEqual([]);
  });

  it('batches transfers that arrive within N minutes into one credit with their count and span', async () => {
    const account = '4069990003';
    await faults({ batchCreditsWithinMinutes: 5, batchAccounts: [account] });
    const payer = await member();
    await server.api('POST', '/sandbox/bank/transfers', { body: { amount: 10, toAccountNo: account, minutesAgo: 20 } });
    const batched = [await transfer(payer, 20, account), await transfer(payer, 30, account)];
    const entries = await lines(account);
    await faults({});
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ direction: 'credit', amount: 1_000n });
    expect(entries[0]!.batch).toBeUndefined();
    expect(entries[1]).toMatchObject({ direction: 'credit', amount: 5_000n, batch: { count: 2 }, counterparty: { bank: null, account: null, name: null } });
    expect(entries[1]!.batch!.to.getTime()).toBeGreaterThanOrEqual(entries[1]!.batch!.from.getTime());
    expect(entries.some((entry) => batched.some(({ transRef }) => entry.bankRef === transRef))).toBe(false);
    // Without the fault each is its own line again.
    expect((await lines(account)).map((entry) => entry.amount)).toEqual([1_000n, 2_000n, 3_000n]);
  });

  it('leaves out an entry and adds one nobody sent, as told', async () => {
    const { transRef } = await transfer(await member(), 41);
    await faults({ omit: [transRef], extraEntries: [{ accountNo: OPERATOR_ACCOUNT, direction: 'debit', amount: 42, counterpartyName: 'NOBODY' }] });
    const entries = await lines();
    await faults({});
    expect(entries.some((entry) => entry.bankRef === transRef)).toBe(false);
    expect(entries.filter((entry) => entry.counterparty.name === 'NOBODY')).toMatchObject([{ direction: 'debit', amount: 4_200n }]);
    expect((await lines()).some((entry) => entry.bankRef === transRef)).toBe(true);
  });

  it('throws BankStatementError while the feed is down (503)', async () => {
    await faults({ unavailable: true });
    await expect(lines()).rejects.toThrow(/503/);
    await faults({});
    await expect(lines()).resolves.toEqual(expect.any(Array));
  });
});

