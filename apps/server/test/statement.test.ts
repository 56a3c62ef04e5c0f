import fs from 'node:fs';
import { sql } from 'kysely';
import { formatReference, numberOfReference, referenceOf } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let operator: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'statement-boss', password: 'statement-pass' });
  operator = (await server.api('POST', '/api/admin/login', { body: { username: 'statement-boss', password: 'statement-pass' } })).body.token;
});
afterAll(() => server.close());

describe('statement', () => {
  it('lists every movement newest first, with type, direction, status and amount, paged', async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    await fundWallet(server, member.id, 1_000);
    await fundWallet(server, other.id, 50);
    await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
    await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 200 } });
    await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'PG', to: 'WALLET', amount: 50 } });
    await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 100 } });

    const page = (pageNumber: number, limit: number) => server.api('POST', '/api/statement', { token: member.token, body: { page: pageNumber, limit } });
    const all = await page(1, 10);
    expect(all.body.total).toBe(4);
    expect(all.body.statements.map((entry: { statementType: string; from: string; to: string; amount: number; status: string }) => [entry.statementType, entry.from, entry.to, entry.amount, entry.status])).toEqual([
      ['withdraw', 'WALLET', member.payload.bankCode, 100, 'in_progress'],
      ['transfer', 'PG', 'WALLET', 50, 'SUCCESS'],
      ['transfer', 'WALLET', 'PG', 200, 'SUCCESS'],
      ['deposit', 'OPERATOR', 'WALLET', 1_000, 'SUCCESS'],
    ]);
    const second = await page(2, 3);
    expect(second.body).toMatchObject({ total: 4, statements: [expect.objectContaining({ statementType: 'deposit' })] });
  });

  it('refuses bad paging and shows nobody else’s movements', async () => {
    const member = await registerMember(server);
    expect((await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } })).body).toEqual({ total: 0, statements: [] });
    for (const body of [{ page: 0, limit: 10 }, { page: 1, limit: 51 }, { page: 1.5, limit: 10 }, { page: '1', limit: 10 }]) {
      expect(await server.api('POST', '/api/statement', { token: member.token, body })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    expect(await server.api('POST', '/api/statement', { token: member.token, body: { page: 1 } })).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });
  });
});

type Entry = { _id: string; statementType: string; from: string; to: string; amount: number; status: string; createdAt: string; reference?: string };
type Member = Awaited<ReturnType<typeof registerMember>>;

/** A member with one of each kind: an operator credit, a transfer each way, a withdrawal, a bonus and a manual notice. */
async function memberWithEveryKind(): Promise<Member> {
  const member = await registerMember(server);
  await fundWallet(server, member.id, 1_000);
  await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
  await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 200 } });
  await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'PG', to: 'WALLET', amount: 50 } });
  await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 100 } });
  await server.db
    .insertInto('manual_deposit_notices')
    .values({ member_id: BigInt(member.id), amount: 30_000n, created_at: new Date() })
    .execute();
  const funding = await server.db.selectFrom('ledger_transfers').select('id').where('kind', '=', 'adjustment').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await server.db
    .insertInto('reward_claims')
    .values({ member_id: BigInt(member.id), kind: 'invite', offer_code: null, amount: 1_000n, transfer_id: funding.id, claim_day: '2026-01-01', claim_week: '2026-W01', created_at: new Date() })
    .execute();
  return member;
}

const statementOf = (member: Member, filter: Record<string, unknown> = {}, page = 1, limit = 10) =>
  server.api('POST', '/api/statement', { token: member.token, body: { page, limit, ...filter } });

describe('statement filters', () => {
  it('by type: deposits, withdrawals, transfers, bonuses; the total follows the filter', async () => {
    const member = await memberWithEveryKind();
    const kinds = async (type: string) => {
      const { body } = await statementOf(member, { type });
      expect(body.total).toBe(body.statements.length);
      return body.statements.map((entry: Entry) => [entry.statementType, entry.from, entry.to]);
    };
    expect(await kinds('deposit')).toEqual([['deposit', 'MANUAL', 'WALLET'], ['deposit', 'OPERATOR', 'WALLET']]);
    expect(await kinds('withdraw')).toEqual([['withdraw', 'WALLET', member.payload.bankCode]]);
    expect(await kinds('transfer')).toEqual([['transfer', 'PG', 'WALLET'], ['transfer', 'WALLET', 'PG']]);
    expect(await kinds('bonus')).toEqual([['bonus', 'INVITE', 'WALLET']]);
    expect((await statementOf(member, { type: 'all' })).body.total).toBe(6);
    expect((await statementOf(member)).body.total).toBe(6);
    // Pages follow the filter too.
    expect((await statementOf(member, { type: 'transfer' }, 2, 1)).body).toMatchObject({ total: 2, statements: [expect.objectContaining({ from: 'WALLET', to: 'PG' })] });
  });

  it('by days: a day starts at midnight in Bangkok (UTC+7), both ends included', async () => {
    const member = await registerMember(server);
    // 23:59:59 on 9 March, 00:00:00 on 10 March and 23:59:59 on 10 March, Bangkok time.
    const times: [number, string][] = [[10, '2026-03-09T16:59:59Z'], [20, '2026-03-09T17:00:00Z'], [30, '2026-03-10T16:59:59Z']];
    for (const [baht, at] of times) {
      await server.db.insertInto('manual_deposit_notices').values({ member_id: BigInt(member.id), amount: BigInt(baht * 100), created_at: new Date(at) }).execute();
    }
    const amounts = async (filter: Record<string, string>) => {
      const { body } = await statementOf(member, filter);
      expect(body.total).toBe(body.statements.length);
      return body.statements.map((entry: Entry) => entry.amount);
    };
    expect(await amounts({ from: '2026-03-10', to: '2026-03-10' })).toEqual([30, 20]);
    expect(await amounts({ to: '2026-03-09' })).toEqual([10]);
    expect(await amounts({ from: '2026-03-10' })).toEqual([30, 20]);
    expect(await amounts({ from: '2026-03-11' })).toEqual([]);
    expect(await amounts({ from: '2026-03-09', to: '2026-03-10', type: 'deposit' })).toEqual([30, 20, 10]);
    expect(await amounts({ from: '2026-03-09', to: '2026-03-10', type: 'withdraw' })).toEqual([]);
  });

  it('refuses a bad filter with 400 and the translated code, member or operator', async () => {
    const member = await memberWithEveryKind();
    for (const filter of [{ type: 'deposits' }, { type: 1 }, { from: '2026-02-30' }, { to: '10/03/2026' }, { from: '2026-03-11', to: '2026-03-10' }, { from: 20260310 }]) {
      expect(await statementOf(member, filter)).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    for (const query of ['type=bonuses', 'from=2026-13-01', 'from=2026-03-11&to=2026-03-10']) {
      expect(await server.api('GET', `/api/admin/members/${member.id}/statement?${query}`, { token: operator })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    // Authentication comes first: no token, no validation.
    expect((await server.api('POST', '/api/statement', { body: { page: 1, limit: 10, type: 'nonsense' } })).status).toBe(401);
  });

  it('the operator\'s member statement takes the same filters', async () => {
    const member = await memberWithEveryKind();
    const { body } = await server.api('GET', `/api/admin/members/${member.id}/statement?type=transfer&page=1&limit=20`, { token: operator });
    expect(body.total).toBe(2);
    expect(body.statements.every((entry: Entry) => entry.statementType === 'transfer')).toBe(true);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect((await server.api('GET', `/api/admin/members/${member.id}/statement?from=${today}&to=${today}`, { token: operator })).body.total).toBe(6);
  });
});

describe('references of deposits and withdrawals', () => {
  it('are on every deposit and withdrawal line, short, unambiguous, unique and stable', async () => {
    const member = await memberWithEveryKind();
    const first = (await statementOf(member)).body.statements as Entry[];
    const moneyLines = first.filter((entry) => entry.statementType === 'deposit' || entry.statementType === 'withdraw');
    expect(moneyLines).toHaveLength(3);
    for (const entry of moneyLines) expect(entry.reference).toMatch(/^[DWC][0-9A-HJKMNP-TV-Z]{7}$/);
    expect(first.filter((entry) => entry.statementType === 'transfer' || entry.statementType === 'bonus').every((entry) => entry.reference === undefined)).toBe(true);
    expect(moneyLines.find((entry) => entry.statementType === 'withdraw')!.reference).toMatch(/^W/);
    expect(moneyLines.find((entry) => entry.from === 'MANUAL')!.reference).toMatch(/^D/);
    expect(moneyLines.find((entry) => entry.from === 'OPERATOR')!.reference).toBe(referenceOf('C', BigInt(moneyLines.find((entry) => entry.from === 'OPERATOR')!._id)));
    // Stable: the same on every read.
    expect(((await statementOf(member)).body.statements as Entry[]).map((entry) => entry.reference)).toEqual(first.map((entry) => entry.reference));
    // Unique over every row there is.
    const all = await sql<{ reference: string }>`SELECT reference FROM deposits UNION ALL SELECT reference FROM manual_deposit_notices UNION ALL SELECT reference FROM withdrawals`.execute(server.db);
    expect(new Set(all.rows.map((row) => row.reference)).size).toBe(all.rows.length);
  });

  it('are made the same way by the database and the contract, and do not repeat over many numbers', async () => {
    const numbers = [1n, 2n, 3n, 1_000_000n, 34_359_738_367n];
    const made = await sql<{ reference: string }>`SELECT money_reference('D', n) AS reference FROM unnest(${numbers.map(String)}::bigint[]) WITH ORDINALITY AS u(n, i) ORDER BY i`.execute(server.db);
    expect(made.rows.map((row) => row.reference)).toEqual(numbers.map((n) => referenceOf('D', n)));
    const corrections = await sql<{ reference: string }>`SELECT money_reference('C', n) AS reference FROM unnest(${numbers.map(String)}::bigint[]) WITH ORDINALITY AS u(n, i) ORDER BY i`.execute(server.db);
    expect(corrections.rows.map((row) => row.reference)).toEqual(numbers.map((n) => referenceOf('C', n)));
    // The same number as a correction and as a deposit: not the same characters under another letter.
    expect(referenceOf('C', 5n).slice(1)).not.toBe(referenceOf('D', 5n).slice(1));
    expect(numbers.map((n) => numberOfReference(referenceOf('C', n)))).toEqual(numbers);
    const many = await sql<{ count: string }>`SELECT count(DISTINCT money_reference('D', n)) AS count FROM generate_series(1, 20000) AS n`.execute(server.db);
    expect(Number(many.rows[0]!.count)).toBe(20_000);
  });

  it('lead an operator to the item, read out loosely; never a member, and a member sees only their own', async () => {
    const member = await memberWithEveryKind();
    const other = await memberWithEveryKind();
    const lines = (await statementOf(member)).body.statements as Entry[];
    const withdrawal = lines.find((entry) => entry.statementType === 'withdraw')!;
    const credit = lines.find((entry) => entry.from === 'OPERATOR')!;
    const notice = lines.find((entry) => entry.from === 'MANUAL')!;

    const found = await server.api('GET', `/api/admin/references/${formatReference(withdrawal.reference!).toLowerCase()}`, { token: operator });
    expect(found).toMatchObject({ status: 200, body: { reference: withdrawal.reference, kind: 'withdrawal', statementType: 'withdraw', _id: withdrawal._id, memberId: member.id, phone: member.payload.username, amount: 100, status: 'in_progress' } });
    expect((await server.api('GET', `/api/admin/references/${credit.reference}`, { token: operator })).body).toMatchObject({ kind: 'correction', statementType: 'deposit', memberId: member.id, amount: 1_000, from: 'OPERATOR' });
    expect((await server.api('GET', `/api/admin/references/${notice.reference}`, { token: operator })).body).toMatchObject({ kind: 'deposit_notice', memberId: member.id, amount: 300 });
    // Read out with O for 0 and I or L for 1, with a space: the same item.
    const spoken = `${withdrawal.reference!.slice(0, 4)} ${withdrawal.reference!.slice(4)}`.replace(/0/g, 'O').replace(/1/g, 'l');
    expect((await server.api('GET', `/api/admin/references/${encodeURIComponent(spoken)}`, { token: operator })).body._id).toBe(withdrawal._id);
    expect(await server.api('GET', '/api/admin/references/D0000000', { token: operator })).toMatchObject({ status: 404, body: { message: 'NO_DATA' } });
    expect(await server.api('GET', '/api/admin/references/not-a-reference', { token: operator })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    // A member has no way in, not even to their own.
    expect((await server.api('GET', `/api/admin/references/${withdrawal.reference}`, { token: member.token })).status).toBe(401);
    // Nobody else's reference is ever on a member's statement.
    const theirs = ((await statementOf(other)).body.statements as Entry[]).map((entry) => entry.reference).filter(Boolean);
    const mine = lines.map((entry) => entry.reference).filter(Boolean);
    expect(theirs.some((reference) => mine.includes(reference))).toBe(false);
  });

  it('are in the operator\'s withdrawal and deposit-notice queues', async () => {
    await server.api('PUT', '/api/admin/settings/site', { token: operator, body: { isManualDeposit: true } });
    const member = await memberWithEveryKind();
    const lines = (await statementOf(member)).body.statements as Entry[];
    const withdrawals = (await server.api('GET', '/api/admin/withdrawals?status=pending&limit=50', { token: operator })).body.withdrawals;
    expect(withdrawals.find((row: { username: string }) => row.username === member.payload.username).reference).toBe(lines.find((entry) => entry.statementType === 'withdraw')!.reference);
    const notices = (await server.api('GET', '/api/admin/deposit-notices?status=pending&limit=50', { token: operator })).body.notices;
    expect(notices.find((row: { username: string }) => row.username === member.payload.username).reference).toBe(lines.find((entry) => entry.from === 'MANUAL')!.reference);
  });
});

// Last: the migration is run again on this file's database, which moves each reference column to the
// end of its row, and a plan the server cached for a whole withdrawal row would no longer fit it.
describe('references, again', () => {
  it('are kept by a notice the operator credits, and the migration gives existing rows theirs', async () => {
    await server.api('PUT', '/api/admin/settings/site', { token: operator, body: { isManualDeposit: true } });
    const member = await registerMember(server);
    const notice = (await server.api('POST', '/api/wallet/add', { token: member.token, body: { amount: 120 } })).body.notice;
    const waiting = ((await statementOf(member)).body.statements as Entry[])[0]!;
    expect((await server.api('POST', `/api/admin/deposit-notices/${notice._id}/approve`, { token: operator })).body.status).toBe('SUCCESS');
    const credited = ((await statementOf(member)).body.statements as Entry[])[0]!;
    expect(credited).toMatchObject({ from: 'MANUAL', status: 'SUCCESS', reference: waiting.reference });

    // The migration on a database that had rows before it: every row gets one, the credited notice's deposit the notice's.
    const before = await sql<{ reference: string }>`SELECT reference FROM withdrawals ORDER BY created_at, id`.execute(server.db);
    await server.handle.withSession((run) =>
      run(`DROP INDEX manual_deposit_notices_reference_idx, deposits_reference_idx, withdrawals_reference_idx;
        ALTER TABLE manual_deposit_notices DROP COLUMN reference; ALTER TABLE deposits DROP COLUMN reference; ALTER TABLE withdrawals DROP COLUMN reference;
        DROP FUNCTION money_reference(text, bigint); DROP SEQUENCE money_reference_seq;
        ${fs.readFileSync(new URL('../migrations/060_money_references.sql', import.meta.url), 'utf8')}`),
    );
    const after = ((await statementOf(member)).body.statements as Entry[])[0]!;
    expect(after.reference).toMatch(/^D[0-9A-HJKMNP-TV-Z]{7}$/);
    const pair = await sql<{ notice: string; deposit: string }>`SELECT n.reference AS notice, d.reference AS deposit FROM manual_deposit_notices n JOIN deposits d ON d.external_ref = 'manual:' || n.id::text WHERE n.id = ${notice._id}`.execute(server.db);
    expect(pair.rows[0]!.deposit).toBe(pair.rows[0]!.notice);
    expect((await sql<{ reference: string }>`SELECT reference FROM withdrawals ORDER BY created_at, id`.execute(server.db)).rows).toHaveLength(before.rows.length);
    const all = await sql<{ reference: string }>`SELECT reference FROM deposits WHERE external_ref NOT LIKE 'manual:%' UNION ALL SELECT reference FROM manual_deposit_notices UNION ALL SELECT reference FROM withdrawals`.execute(server.db);
    expect(new Set(all.rows.map((row) => row.reference)).size).toBe(all.rows.length);
  });
});
