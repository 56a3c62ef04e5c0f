import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let admin: string;
let finance: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'recon-admin', password: 'recon-pass-1' });
  admin = (await server.api('POST', '/api/admin/login', { body: { username: 'recon-admin', password: 'recon-pass-1' } })).body.token;
  const second = { username: 'recon-finance', password: 'recon-finance-1' };
  expect((await server.api('POST', '/api/admin/operators', { token: admin, body: { ...second, roles: ['finance'] } })).status).toBe(200);
  finance = (await server.api('POST', '/api/admin/login', { body: second })).body.token;
});
afterAll(() => server.close());

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
const base = '/api/admin/reconciliation';
const runNow = async (source = 'provider') => {
  const answer = await server.api('POST', `${base}/runs`, { token: admin, body: { source, day: today() } });
  expect(answer.status).toBe(200);
  return answer.body.run;
};
const waiting = async () => (await server.api('GET', `${base}/exceptions`, { token: admin })).body.exceptions as Array<Record<string, unknown> & { id: string; ourRef: string; theirRef: string; kind: string }>;

/** A member who moved 500 baht to PG, played two rounds there and came back with what was left, every result booked. */
async function memberWhoPlayed(bet = 100, win = 40) {
  const member = await registerMember(server);
  await fundWallet(server, member.id, 1_000);
  await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
  const moved = await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 500 } });
  expect(moved.status).toBe(200);
  const username = (await server.api('GET', '/api/wallet', { token: member.token })).body.slots.find((slot: { code: string }) => slot.code === 'PG').username as string;
  await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username, bet, win } });
  await server.api('GET', '/api/wallet/refresh/slot', { token: member.token });
  await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username, bet: 50, win: 0 } });
  await server.api('GET', '/api/wallet/refresh/slot', { token: member.token });
  const back = await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'PG', to: 'WALLET', amount: 100 } });
  expect(back.status).toBe(200);
  const transfers = await server.db.selectFrom('provider_transfers').select(['id', 'direction']).where('member_id', '=', BigInt(member.id)).orderBy('created_at').execute();
  return { member, username, transfers };
}

describe('reconciliation with the game providers', () => {
  it('matches every transfer one to one on its id and every booking of results against the rounds behind it', async () => {
    await memberWhoPlayed();
    await memberWhoPlayed(30, 90);
    const run = await runNow();
    expect(run).toMatchObject({ source: 'provider', error: null, exceptions: 0, ruleVersion: 1, askedBy: 'recon-admin' });
    // Two members: two transfers each, and two bookings of results each.
    expect(run.ours).toBe(8);
    expect(run.matched).toBe(run.ours);
    expect(run.theirs).toBe(run.ours);
    // 1,000 to games and 200 back, in satang: the day's money at the provider agrees with ours.
    expect(run.totals.THB).toEqual({ ours: '120000', theirs: '120000', matched: '120000' });
    expect(await waiting()).toEqual([]);
  });

  it('finds a transfer the provider never saw, one it saw that we never made, and rounds that do not add up to our booking', async () => {
    const { transfers, username } = await memberWhoPlayed();
    const lost = transfers[0]!.id;
    // The provider lost our transfer in (its books no longer have it), reports one we never sent, and changed a round.
    await server.db.deleteFrom('sandbox_provider_transactions').where('tx_id', '=', lost).execute();
    await server.db
      .insertInto('sandbox_provider_transactions')
      .values({ tx_id: 'phantom-transfer-0001', provider_code: 'PG', username, type: 'deposit', credits: 12_345n, status: 'success', reason: null })
      .execute();
    const bet = await server.db.selectFrom('sandbox_provider_transactions').select('tx_id').where('username', '=', username).where('type', '=', 'bet').orderBy('created_at').executeTakeFirstOrThrow();
    await server.db.updateTable('sandbox_provider_transactions').set({ credits: 10_001n }).where('tx_id', '=', bet.tx_id).execute();

    const run = await runNow();
    expect(run.exceptions).toBe(3);
    const found = await waiting();
    expect(found.find((item) => item.ourRef === lost)).toMatchObject({ kind: 'ours_only', theirRef: '', ourAmount: '50000', status: 'open', currency: 'THB' });
    expect(found.find((item) => item.theirRef === 'phantom-transfer-0001')).toMatchObject({ kind: 'theirs_only', ourRef: '', theirAmount: '12345' });
    // The first booking was -60 baht (bet 100, won 40); the provider now says the bet was 100.01.
    expect(found.find((item) => item.kind === 'amount_differs')).toMatchObject({ ourAmount: '-6000', theirAmount: '-6001', detail: expect.objectContaining({ difference: '-1', slot: 'PG', username }) });

    // A rule that tolerates a satang would match that booking: its dry run says so, and keeps nothing.
    const rule = (await server.api('GET', `${base}/rules`, { token: admin })).body.rules.find((item: { source: string }) => item.source === 'provider');
    const dry = await server.api('POST', `${base}/rules/provider/dry-run`, { token: admin, body: { day: today(), settings: { ...rule.settings, amountTolerance: 1 } } });
    expect(dry.status).toBe(200);
    expect(dry.body.exceptions.map((item: { kind: string }) => item.kind).sort()).toEqual(['ours_only', 'theirs_only']);
    expect((await waiting()).length).toBe(3);

    // Found again by the next run: the same three rows, not new ones.
    await runNow();
    expect((await waiting()).map((item) => item.id).sort()).toEqual(found.map((item) => item.id).sort());

    // The provider restores its books: the next run clears what now matches.
    await server.db.updateTable('sandbox_provider_transactions').set({ credits: 10_000n }).where('tx_id', '=', bet.tx_id).execute();
    await server.db.deleteFrom('sandbox_provider_transactions').where('tx_id', '=', 'phantom-transfer-0001').execute();
    await runNow();
    const left = await waiting();
    expect(left.map((item) => item.kind)).toEqual(['ours_only']);
    const cleared = await server.db.selectFrom('reconciliation_exceptions').select(['status', 'resolution_reason']).where('their_ref', '=', 'phantom-transfer-0001').executeTakeFirstOrThrow();
    expect(cleared).toMatchObject({ status: 'cleared', resolution_reason: expect.stringMatching(/^matched by run \d+$/) });
  });

  it('keeps every run, runs each source once an interval on the schedule, and keeps a failed one with why', async () => {
    await server.db.updateTable('reconciliation_runs').set({ started_at: sql`now() - interval '1 hour'` }).execute();
    expect(await server.app.reconciliation.runDue()).toEqual({ ran: 6 });
    expect(await server.app.reconciliation.runDue()).toEqual({ ran: 0 });
    const runs = (await server.api('GET', `${base}/runs?limit=100`, { token: admin })).body;
    const scheduled = runs.runs.slice(0, 6) as Array<{ source: string; day: string; askedBy: string | null; error: string | null }>;
    expect(scheduled.every((run) => run.askedBy === null && run.error === null)).toBe(true);
    expect(new Set(scheduled.map((run) => `${run.source} ${run.day}`)).size).toBe(6);
    expect(runs.total).toBeGreaterThanOrEqual(6);

    // The provider's history cannot be read: the run says so and nothing is cleared.
    const before = await waiting();
    await server.api('PUT', '/sandbox/provider/faults', { body: { latencyMs: 1_500 } });
    const failed = await runNow();
    await server.api('PUT', '/sandbox/provider/faults', { body: {} });
    expect(failed.error).toBeTruthy();
    expect(failed.matched).toBeNull();
    expect((await waiting()).map((item) => item.id)).toEqual(before.map((item) => item.id));
  });
});

describe('exceptions with an owner', () => {
  it('are assigned, noted, matched by hand with a reason, each step audited', async () => {
    const [exception] = await waiting();
    const id = exception!.id;
    expect((await server.api('POST', `${base}/exceptions/${id}/assign`, { token: admin, body: { assignee: 'nobody-here' } })).body.message).toBe('NO_OPERATOR');
    const assigned = await server.api('POST', `${base}/exceptions/${id}/assign`, { token: admin, body: { assignee: 'recon-finance' } });
    expect(assigned.body.exception).toMatchObject({ assignee: 'recon-finance', status: 'open' });
    const noted = await server.api('POST', `${base}/exceptions/${id}/notes`, { token: finance, body: { note: 'asked the provider for its log' } });
    expect(noted.body.exception.notes).toEqual([{ by: 'recon-finance', note: 'asked the provider for its log', at: expect.any(String) }]);
    const matched = await server.api('POST', `${base}/exceptions/${id}/match`, { token: finance, body: { reason: 'provider log shows it under another id' } });
    expect(matched.body.exception).toMatchObject({ status: 'matched', decidedBy: 'recon-finance', resolutionReason: 'provider log shows it under another id' });
    expect((await server.api('POST', `${base}/exceptions/${id}/match`, { token: admin, body: { reason: 'again' } })).status).toBe(409);
    const actions = await server.db.selectFrom('audit_log').select('action').where('action', 'like', 'reconciliation.%').execute();
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['reconciliation.run', 'reconciliation.assign', 'reconciliation.note', 'reconciliation.match']));
  });

  it('are corrected through a correction a second operator approves, and written off by two operators only', async () => {
    const { transfers, member } = await memberWhoPlayed();
    await server.db.deleteFrom('sandbox_provider_transactions').where('tx_id', '=', transfers[0]!.id).execute();
    await server.db.deleteFrom('sandbox_provider_transactions').where('tx_id', '=', transfers[1]!.id).execute();
    await runNow();
    const [toGame, fromGame] = [transfers[0]!.id, transfers[1]!.id];
    const byRef = async (ref: string) => (await waiting()).find((item) => item.ourRef === ref)!;

    // The member's 500 baht never reached the game: the correction gives it back to their wallet once a second operator approves.
    const exception = await byRef(toGame);
    const proposed = await server.api('POST', `${base}/exceptions/${exception.id}/correction`, {
      token: admin,
      headers: { 'idempotency-key': 'recon-correction-1' },
      body: { direction: 'credit', amount: 500, reasonCode: 'GAME_DISPUTE', note: 'provider never received transfer' },
    });
    expect(proposed.status).toBe(200);
    expect(proposed.body.exception).toMatchObject({ status: 'correcting', memberId: member.id, correctionId: expect.any(String) });
    const correctionId = proposed.body.exception.correctionId as string;
    const wallet = async () => (await server.app.ledger.balances([`wallet:${member.id}`])).get(`wallet:${member.id}`) ?? 0n;
    const walletBefore = await wallet();
    expect((await server.api('POST', `/api/admin/corrections/${correctionId}/approve`, { token: admin })).status).toBe(403);
    // Approved twice at once (a double tap): the money moves once.
    const approvals = await Promise.all([1, 2].map(() => server.api('POST', `/api/admin/corrections/${correctionId}/approve`, { token: finance })));
    expect(approvals.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await server.api('GET', `${base}/exceptions/${exception.id}`, { token: admin })).body.exception).toMatchObject({ status: 'corrected', decidedBy: 'recon-finance' });
    expect(await wallet()).toBe(walletBefore + 50_000n);

    // The other is written off: the proposer cannot approve it, a second operator can, once.
    const other = await byRef(fromGame);
    const writeOff = await server.api('POST', `${base}/exceptions/${other.id}/write-off`, { token: finance, body: { reason: 'provider credited it by hand' } });
    expect(writeOff.body.exception).toMatchObject({ status: 'write_off_proposed', proposedBy: 'recon-finance' });
    expect((await server.api('POST', `${base}/exceptions/${other.id}/write-off/decision`, { token: finance, body: { approve: true } })).body.message).toBe('FOUR_EYES');
    await expect(
      server.db.updateTable('reconciliation_exceptions').set({ status: 'written_off', decided_by: sql`proposed_by` }).where('id', '=', other.id).execute(),
    ).rejects.toThrow(/reconciliation_write_off_four_eyes/);
    // A double tap on approve, two calls at once: one decides, the other is told it is decided.
    const decisions = await Promise.all([1, 2].map(() => server.api('POST', `${base}/exceptions/${other.id}/write-off/decision`, { token: admin, body: { approve: true } })));
    expect(decisions.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const approved = decisions.find((answer) => answer.status === 200)!;
    expect(approved.body.exception).toMatchObject({ status: 'written_off', proposedBy: 'recon-finance', decidedBy: 'recon-admin' });
    expect((await server.api('POST', `${base}/exceptions/${other.id}/write-off/decision`, { token: admin, body: { approve: true } })).status).toBe(409);
  });

  it('counts what waits over a day with no owner, for the dashboard and the alert', async () => {
    const metric = async () => Number(/^wallet_reconciliation_unowned_exceptions (\S+)$/m.exec((await server.api('GET', '/metrics', { token: admin })).body as string)?.[1]);
    const { transfers } = await memberWhoPlayed();
    await server.db.deleteFrom('sandbox_provider_transactions').where('tx_id', '=', transfers[0]!.id).execute();
    await runNow();
    expect(await metric()).toBe(0);
    await server.db.updateTable('reconciliation_exceptions').set({ opened_at: sql`now() - interval '25 hours'` }).where('our_ref', '=', transfers[0]!.id).execute();
    expect(await metric()).toBe(1);
    expect((await server.api('GET', `${base}/exceptions`, { token: admin })).body.unownedOverDay).toBe(1);
    const id = (await waiting()).find((item) => item.ourRef === transfers[0]!.id)!.id;
    await server.api('POST', `${base}/exceptions/${id}/assign`, { token: admin, body: { assignee: 'recon-admin' } });
    expect(await metric()).toBe(0);
  });

  it('are for finance and admin only', async () => {
    const member = await registerMember(server);
    expect((await server.api('GET', `${base}/exceptions`, { token: member.token })).status).toBe(401);
    const support = { username: 'recon-support', password: 'recon-support-1' };
    await server.api('POST', '/api/admin/operators', { token: admin, body: { ...support, roles: ['support'] } });
    const token = (await server.api('POST', '/api/admin/login', { body: support })).body.token;
    expect((await server.api('GET', `${base}/exceptions`, { token })).status).toBe(403);
    expect((await server.api('POST', `${base}/runs`, { token, body: { source: 'provider', day: today() } })).status).toBe(403);
  });
});
