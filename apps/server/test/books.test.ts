import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'books-admin', password: 'books-pass-1' });
  admin = (await server.api('POST', '/api/admin/login', { body: { username: 'books-admin', password: 'books-pass-1' } })).body.token;
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
async function memberWith(baht: number): Promise<Member> {
  const member = await registerMember(server);
  await fundWallet(server, member.id, baht);
  return member;
}
const withdraw = (member: Member, amount: number) => server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount } });
const toGame = async (member: Member, amount: number) => {
  await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
  return server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount } });
};
const checkNow = () => server.api('POST', '/api/admin/books/checks', { token: admin });
const metric = async (name: string) => {
  const text = (await server.api('GET', '/metrics', { token: admin })).body as string;
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
};
const booksEntries = async () =>
  (await server.db.selectFrom('audit_log').select(['actor', 'action', 'detail']).where('action', '=', 'books.check').orderBy('position').execute()).map((row) => ({
    ...row,
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as { ok: boolean; breaches: number; problems: { check: string }[] },
  }));

describe('the books, proven every hour', () => {
  it('proves balanced books: player funds are wallets, games and what is on its way out, audited and measured', async () => {
    const [before] = await server.app.ledger.playerFunds();
    const member = await memberWith(1_000);
    expect((await withdraw(member, 300)).status).toBe(200);
    expect((await toGame(member, 200)).status).toBe(200);

    const first = await server.app.books.checkDue();
    expect(first).toEqual({ ran: true, ok: true, breaches: 0 });

    const status = (await server.api('GET', '/api/admin/books/status', { token: admin })).body;
    expect(status).toMatchObject({ overdue: false, latest: { ok: true, breaches: 0, askedBy: null, problems: [] } });
    // Wallet 500, game 200, the withdrawal's 300 held on its way out: the 1,000 baht the member was given.
    const added = (figure: keyof Omit<NonNullable<typeof before>, 'currency'>, satang: bigint) => String((before?.[figure] ?? 0n) + satang);
    expect(status.latest.playerFunds).toEqual([
      { currency: 'THB', wallets: added('wallets', 50_000n), games: added('games', 20_000n), pending: added('pending', 30_000n), total: String(BigInt(added('wallets', 0n)) + BigInt(added('games', 0n)) + BigInt(added('pending', 0n)) + 100_000n) },
    ]);

    const [entry] = await booksEntries();
    expect(entry).toMatchObject({ actor: 'system', detail: { ok: true, breaches: 0 } });
    expect(await metric('wallet_books_breaches')).toBe(0);
    expect(await metric('wallet_books_last_check_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('runs each hour once, whichever node asks, and again the next hour', async () => {
    const otherNode = await startTestServer({ sameDatabaseAs: server });
    try {
      const answers = await Promise.all([server.app.books.checkDue(), otherNode.app.books.checkDue(), otherNode.app.books.checkDue()]);
      expect(answers.filter((answer) => answer.ran)).toHaveLength(0);
      server.clock.advance(60 * 60 * 1000);
      otherNode.clock.advance(60 * 60 * 1000);
      const nextHour = await Promise.all([server.app.books.checkDue(), otherNode.app.books.checkDue()]);
      expect(nextHour.filter((answer) => answer.ran)).toHaveLength(1);
    } finally {
      await otherNode.close();
    }
  });

  it('finds no breach while money moves during the check: every figure is read in one snapshot', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => memberWith(500)));
    for (const member of members) expect((await server.api('GET', '/api/wallet/activate/PG', { token: member.token })).status).toBe(200);
    const moving = members.flatMap((member) => [
      withdraw(member, 100),
      server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 150 } }),
      withdraw(member, 120),
    ]);
    const checks = [checkNow(), checkNow(), checkNow()];
    const answers = await Promise.all([...moving, ...checks]);
    // A transfer the sandbox provider answers late (a loaded machine) is left pending: its money is
    // held in the provider's in-flight account, which the check must balance all the same.
    expect(answers.filter((answer) => answer.status !== 200 && answer.body.message !== 'TRANSFER_PENDING').map((answer) => answer.body)).toEqual([]);
    for (const check of (await Promise.all(checks)).map((answer) => answer.body.check)) expect(check).toMatchObject({ ok: true, breaches: 0, askedBy: 'books-admin' });
  });

  it('keeps the proof to finance and admin operators', async () => {
    const created = await server.api('POST', '/api/admin/operators', { token: admin, body: { username: 'books-support', password: 'books-support-1', roles: ['support'] } });
    expect(created.status).toBe(200);
    const support = (await server.api('POST', '/api/admin/login', { body: { username: 'books-support', password: 'books-support-1' } })).body.token;
    expect((await server.api('GET', '/api/admin/books/status', { token: support })).status).toBe(403);
    expect((await server.api('POST', '/api/admin/books/checks', { token: support })).status).toBe(403);
    expect((await server.api('GET', '/api/admin/books/checks')).status).toBe(401);
    const member = await memberWith(10);
    expect((await server.api('GET', '/api/admin/books/checks', { token: member.token })).status).toBe(401);
  });

  // Last: it breaks the books of this file's database on purpose.
  it('names every breach: a balance changed outside the ledger, a withdrawal marked paid without it', async () => {
    const member = await memberWith(700);
    const withdrawal = (await withdraw(member, 250)).body.withdrawal;
    await sql`UPDATE ledger_accounts SET balance = balance + 100 WHERE code = ${`wallet:${member.id}`}`.execute(server.db);
    await sql`UPDATE withdrawals SET status = 'SUCCESS' WHERE id = ${withdrawal._id}`.execute(server.db);

    const check = (await checkNow()).body.check;
    expect(check.ok).toBe(false);
    const found = check.problems.map((problem: { check: string; id: string }) => `${problem.check} ${problem.id}`);
    expect(found).toEqual(expect.arrayContaining(['sumIsZero THB', `balanceEqualsTransfers wallet:${member.id}`]));
    expect(check.problems.filter((problem: { check: string }) => problem.check === 'withdrawalHolds')).toHaveLength(1);
    expect(check.breaches).toBe(check.problems.length);

    const status = (await server.api('GET', '/api/admin/books/status', { token: admin })).body;
    expect(status.latest).toMatchObject({ id: check.id, ok: false });
    expect(await metric('wallet_books_breaches')).toBe(check.breaches);
    const last = (await booksEntries()).at(-1)!;
    expect(last).toMatchObject({ actor: 'books-admin', detail: { ok: false, breaches: check.breaches } });
    const history = (await server.api('GET', '/api/admin/books/checks?limit=2', { token: admin })).body;
    expect(history.checks[0]).toMatchObject({ id: check.id, ok: false });
    expect(history.total).toBeGreaterThanOrEqual(6);
  });
});
