import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, approvedBySecondOperator, fundWallet, registerMember, secondOperator, startTestServer } from './harness.js';

// Withdrawals paid by the bank's fund-transfer API without an operator, over real HTTP against the
// sandbox bank (OAuth token, one transfer per reference, status inquiry, faults).
let server: TestServer;
let chief: string;
let finance: string;
const PAYOUT_ACCOUNT = '4061234567'; // the demo's SCB account the sandbox pays from
const NO_FAULTS = {};

async function settings(change: Record<string, unknown>) {
  const answer = await approvedBySecondOperator(server, chief, await server.api('PUT', '/api/admin/settings/site', { token: chief, body: change }), 'admin');
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
  await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'till', password: 'till-pass-1234', roles: ['finance'] } });
  finance = (await server.api('POST', '/api/admin/login', { body: { username: 'till', password: 'till-pass-1234' } })).body.token;
  await settings({ autoPayoutMax: 2_000, autoPayoutDailyBudget: 1_000_000 });
});
afterAll(() => server.close());
afterEach(async () => {
  await server.api('PUT', '/sandbox/bank/transfer-faults', { body: NO_FAULTS });
  expect((await server.app.ledger.verify()).ok).toBe(true);
});

type Member = Awaited<ReturnType<typeof registerMember>>;
const balance = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount as number;
async function memberWith(baht: number, overrides: Record<string, unknown> = {}) {
  const member = await registerMember(server, { bankCode: 'KTB', bankAccountName: 'PAID BY ITSELF', ...overrides });
  await fundWallet(server, member.id, baht);
  return member;
}
async function withdraw(member: Member, amount: number): Promise<string> {
  const answer = await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount } });
  expect(answer.status).toBe(200);
  return answer.body.withdrawal._id as string;
}
const row = (id: string) => server.db.selectFrom('withdrawals').select(['status', 'decided_by', 'reason', 'auto_checked_at', 'auto_reasons']).where('id', '=', id).executeTakeFirstOrThrow();
const payout = (id: string) => server.db.selectFrom('payouts').selectAll().where('withdrawal_id', '=', id).executeTakeFirst();
/**
 * Waits for auto-payout's look at a withdrawal (it runs after the request's answer) and for what it
 * started to stop moving: a payout still `sending` once its call was made is given up to 2 s for the
 * bank's answer (a busy machine answers slowly); one whose answer is lost stays `sending`.
 */
async function looked(id: string) {
  let callMadeAt: number | null = null;
  for (let tries = 0; tries < 400; tries += 1) {
    const current = await row(id);
    const sent = await payout(id);
    if (current.auto_checked_at !== null) {
      // Read again: the withdrawal is settled with its payout, after the first read.
      if (sent === undefined || sent.status !== 'sending') return row(id);
      if (sent.attempts > 0) {
        callMadeAt ??= Date.now();
        if (Date.now() - callMadeAt > 2_000) return row(id);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`withdrawal ${id} was never looked at`);
}
const transfersTo = async (accountNo: string) =>
  ((await server.api('GET', `/sandbox/bank/transfers-made?fromAccountNo=${PAYOUT_ACCOUNT}`)).body.transfers as Array<{ reference: string; status: string; toAccountNo: string; amount: number; requests: number }>).filter(
    (transfer) => transfer.toAccountNo === accountNo,
  );
/** Payouts due now, as if their retry time had come. */
const makeDue = () => sql`UPDATE payouts SET next_try_at = now() - interval '1 second' WHERE status IN ('sending', 'pending')`.execute(server.db);
const faults = (body: Record<string, unknown>) => server.api('PUT', '/sandbox/bank/transfer-faults', { body });

describe('a small withdrawal to the registered account', () => {
  it('is paid by the bank by itself, once, and the operator reads why', async () => {
    const member = await memberWith(1_500);
    const id = await withdraw(member, 1_200);
    expect(await looked(id)).toMatchObject({ status: 'SUCCESS', decided_by: 'auto-payout', auto_reasons: [] });
    expect(await balance(member)).toBe(300);
    const made = await transfersTo(member.payload.bankAccountNo);
    expect(made).toEqual([expect.objectContaining({ status: 'SUCCESS', amount: 1_200, requests: 1 })]);
    const listed = await server.api('GET', `/api/admin/members/${member.id}/withdrawals`, { token: finance });
    expect(listed.body.withdrawals[0].autoPayout).toMatchObject({ reasons: [], payout: { status: 'paid', attempts: 1 } });
    // The operator's statement shows the money leaving once.
    const statement = await server.api('GET', `/sandbox/bank/api/statements?accountNo=${PAYOUT_ACCOUNT}&from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`);
    expect(statement.body.entries.filter((entry: { bankRef: string }) => entry.bankRef === (made[0] as unknown as { bankRef: string }).bankRef)).toHaveLength(1);
  });

  it('refused by the bank for good comes back to the wallet with the reason the member reads, and gives the budget back', async () => {
    const member = await memberWith(1_000);
    await faults({ closedAccounts: [member.payload.bankAccountNo] });
    const spentBefore = (await server.app.autoPayout.state()).THB.spentToday;
    const id = await withdraw(member, 800);
    expect(await looked(id)).toMatchObject({ status: 'FAILED', reason: 'PAYOUT_ACCOUNT_CLOSED', decided_by: 'auto-payout' });
    expect(await balance(member)).toBe(1_000);
    expect((await server.app.autoPayout.state()).THB.spentToday).toBe(spentBefore);
    const statement = await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } });
    expect(JSON.stringify(statement.body)).toContain('PAYOUT_ACCOUNT_CLOSED');
  });
});

describe('whatever the bank does with its answer', () => {
  it('an answer lost after the bank paid: the sweep asks by our reference and settles it, never paying twice', async () => {
    const member = await memberWith(1_000);
    await faults({ loseAnswers: 1 });
    const id = await withdraw(member, 500);
    await looked(id);
    expect(await row(id)).toMatchObject({ status: 'in_progress' });
    expect(await payout(id)).toMatchObject({ status: 'sending', attempts: 1 });
    await makeDue();
    await server.app.autoPayout.sweep();
    expect(await row(id)).toMatchObject({ status: 'SUCCESS', decided_by: 'auto-payout' });
    expect(await transfersTo(member.payload.bankAccountNo)).toEqual([expect.objectContaining({ status: 'SUCCESS', requests: 1 })]);
    expect(await balance(member)).toBe(500);
  });

  it('a call the bank never took: the sweep finds nothing under our reference and sends it again, once, however many nodes sweep', async () => {
    const other = await startTestServer({ sameDatabaseAs: server });
    try {
      const member = await memberWith(1_000);
      await faults({ failBefore: 1 });
      const id = await withdraw(member, 400);
      await looked(id);
      expect(await payout(id)).toMatchObject({ status: 'sending' });
      expect(await transfersTo(member.payload.bankAccountNo)).toEqual([]);
      await makeDue();
      await Promise.all([server.app.autoPayout.sweep(), other.app.autoPayout.sweep(), server.app.autoPayout.sweep()]);
      expect(await row(id)).toMatchObject({ status: 'SUCCESS' });
      expect(await transfersTo(member.payload.bankAccountNo)).toEqual([expect.objectContaining({ status: 'SUCCESS', requests: 1 })]);
    } finally {
      await other.close();
    }
  });

  it('a status inquiry that overtakes the transfer’s own late answer: settled once, by whichever comes first', async () => {
    const member = await memberWith(1_000);
    await faults({ answerDelayMs: 1_500 });
    const id = await withdraw(member, 300);
    for (let tries = 0; tries < 100 && !(await payout(id))?.attempts; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await makeDue();
    await server.app.autoPayout.sweep();
    expect(await row(id)).toMatchObject({ status: 'SUCCESS' });
    // The first call's answer arrives after the inquiry settled it: nothing more moves.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await balance(member)).toBe(700);
    const posted = await server.db.selectFrom('ledger_transfers').select('id').where('reference', '=', id).where('kind', '=', 'withdrawal').execute();
    expect(posted).toHaveLength(2); // the hold and its posting
    expect(await transfersTo(member.payload.bankAccountNo)).toEqual([expect.objectContaining({ requests: 1 })]);
  });

  it('a pending transfer waits for the bank, and the bank down or in maintenance is asked again later', async () => {
    const member = await memberWith(2_000);
    await faults({ pendingSeconds: 1 });
    const id = await withdraw(member, 600);
    await looked(id);
    expect(await payout(id)).toMatchObject({ status: 'pending' });
    expect(await row(id)).toMatchObject({ status: 'in_progress' });
    // Operators cannot decide it meanwhile: the bank's answer does.
    expect(await server.api('POST', `/api/admin/withdrawals/${id}/approve`, { token: finance })).toMatchObject({ status: 409, body: { message: 'AUTO_PAYOUT_IN_FLIGHT' } });
    expect(await server.api('POST', `/api/admin/withdrawals/${id}/fail`, { token: finance, body: { reason: 'changed my mind' } })).toMatchObject({ status: 409, body: { message: 'AUTO_PAYOUT_IN_FLIGHT' } });
    await faults({ maintenance: { from: '00:00', to: '23:59' } });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await makeDue();
    await server.app.autoPayout.sweep();
    const waiting = (await payout(id))!;
    expect(waiting.status).toBe('pending');
    // Asked again when the bank said it would be back (its Retry-After), not at once.
    expect(waiting.next_try_at.getTime()).toBeGreaterThan(Date.now() + 60_000);
    await faults(NO_FAULTS);
    await makeDue();
    await server.app.autoPayout.sweep();
    expect(await row(id)).toMatchObject({ status: 'SUCCESS' });
    expect(await balance(member)).toBe(1_400);
  });
});

describe('a withdrawal waits for operators, with the reason, when', () => {
  it('it is above the auto-pay amount', async () => {
    const member = await memberWith(5_000);
    const id = await withdraw(member, 2_000.01);
    expect(await looked(id)).toMatchObject({ status: 'in_progress', auto_reasons: ['above_limit'] });
    expect(await payout(id)).toBeUndefined();
    const approved = await server.api('POST', `/api/admin/withdrawals/${id}/approve`, { token: finance });
    expect(approved.body).toMatchObject({ status: 'SUCCESS' });
  });

  it('today’s budget is spent: of many racing withdrawals only those that fit it are paid', async () => {
    const spent = (await server.app.autoPayout.state()).THB.spentToday;
    await settings({ autoPayoutDailyBudget: spent + 3_000 });
    try {
      const members = await Promise.all(Array.from({ length: 8 }, () => memberWith(1_000)));
      const ids = await Promise.all(members.map((member) => withdraw(member, 1_000)));
      const rows = await Promise.all(ids.map(looked));
      expect(rows.filter((current) => current.status === 'SUCCESS')).toHaveLength(3);
      expect(rows.filter((current) => current.status === 'in_progress' && current.auto_reasons?.join() === 'budget_spent')).toHaveLength(5);
      expect((await server.app.autoPayout.state()).THB.spentToday).toBe(spent + 3_000);
    } finally {
      await settings({ autoPayoutDailyBudget: 1_000_000 });
    }
  });

  it('the payee is no longer the member’s registered account', async () => {
    const member = await memberWith(1_000);
    await server.api('PUT', '/api/admin/auto-payout/pause', { token: finance, body: { paused: true, reason: 'holding one back' } });
    const id = await withdraw(member, 300);
    expect(await looked(id)).toMatchObject({ auto_reasons: ['paused'] });
    await server.api('PUT', '/api/admin/auto-payout/pause', { token: chief, body: { paused: false, reason: 'go on' } });
    // The member's account changed after the request (an operator's change): the request's account is not paid by itself.
    await sql`UPDATE members SET bank_account_no = '1111111111' WHERE id = ${BigInt(member.id)}`.execute(server.db);
    await sql`UPDATE withdrawals SET auto_checked_at = NULL, auto_reasons = NULL WHERE id = ${id}`.execute(server.db);
    await server.app.autoPayout.consider(id);
    expect(await row(id)).toMatchObject({ status: 'in_progress', auto_reasons: ['not_registered_account'] });
  });

  it('the member is on a break', async () => {
    const member = await memberWith(1_000);
    expect((await server.api('POST', '/api/protection/break', { token: member.token, body: { period: '24h' } })).status).toBe(200);
    const id = await withdraw(member, 500);
    expect(await looked(id)).toMatchObject({ status: 'in_progress', auto_reasons: ['protection'] });
  });

  it('the payout needs two operators', async () => {
    await settings({ withdrawSecondApprovalAbove: 1_000 });
    try {
      const member = await memberWith(2_000);
      const id = await withdraw(member, 1_500);
      expect(await looked(id)).toMatchObject({ status: 'in_progress', auto_reasons: ['second_approval'] });
    } finally {
      await settings({ withdrawSecondApprovalAbove: 0 });
    }
  });

  it('an operator paused it: at once, audited; finance pauses, only an admin resumes', async () => {
    const paused = await server.api('PUT', '/api/admin/auto-payout/pause', { token: finance, body: { paused: true, reason: 'bank reported fraud on our account' } });
    expect(paused.body).toMatchObject({ paused: true, pausedBy: 'till', pauseReason: 'bank reported fraud on our account' });
    const member = await memberWith(1_000);
    const id = await withdraw(member, 500);
    expect(await looked(id)).toMatchObject({ status: 'in_progress', auto_reasons: ['paused'] });
    expect(await server.api('PUT', '/api/admin/auto-payout/pause', { token: finance, body: { paused: false, reason: 'all clear' } })).toMatchObject({ status: 403 });
    expect(await server.api('PUT', '/api/admin/auto-payout/pause', { token: finance, body: { paused: false } })).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });
    expect((await server.api('PUT', '/api/admin/auto-payout/pause', { token: chief, body: { paused: false, reason: 'all clear' } })).body).toMatchObject({ paused: false });
    const audit = await server.db.selectFrom('audit_log').select(['actor', 'action']).where('action', 'like', 'auto_payout.%').orderBy('id', 'desc').limit(2).execute();
    expect(audit.reverse()).toEqual([
      { actor: 'till', action: 'auto_payout.pause' },
      { actor: 'chief', action: 'auto_payout.resume' },
    ]);
  });
});

describe('the configuration', () => {
  it('a higher auto-pay amount or budget takes a second operator, an admin; a lower one applies at once', async () => {
    const raised = await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { autoPayoutMax: 3_000 } });
    expect(raised).toMatchObject({ status: 202, body: { reasons: ['auto_payout_looser'] } });
    const marketing = await secondOperator(server, chief, 'marketing');
    expect(await server.api('POST', `/api/admin/config-changes/${raised.body._id}/approve`, { token: marketing })).toMatchObject({ status: 403 });
    await server.api('POST', `/api/admin/config-changes/${raised.body._id}/reject`, { token: await secondOperator(server, chief, 'admin'), body: { reason: 'not now' } });
    expect(await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { lak: { autoPayoutMax: 100 } } })).toMatchObject({ status: 202 });
    const lowered = await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { autoPayoutMax: 1_999 } });
    expect(lowered).toMatchObject({ status: 200, body: { autoPayoutMax: 1_999 } });
    await settings({ autoPayoutMax: 2_000 });
  });

  it('shows the state, today’s budget and the figures to finance only', async () => {
    const state = await server.api('GET', '/api/admin/auto-payout', { token: finance });
    expect(state.body).toMatchObject({ paused: false, THB: { max: 2_000, payoutAccount: PAYOUT_ACCOUNT }, LAK: { payoutAccount: '0200123456789' } });
    expect(state.body.figures.autoPaid).toBeGreaterThan(0);
    expect(state.body.figures.medianSecondsToPaid).not.toBeNull();
    const metrics = (await server.api('GET', '/metrics', { token: chief })).body as string;
    expect(Number(/^wallet_auto_payout_request_to_paid_seconds_count (\d+)/m.exec(metrics)?.[1])).toBeGreaterThan(0);
    expect(Number(/^wallet_withdrawals_auto_paid_ratio (\S+)/m.exec(metrics)?.[1])).toBeGreaterThan(0);
    expect(metrics).toMatch(/^wallet_auto_payouts_total\{outcome="refused"\} [1-9]/m);
    const member = await registerMember(server);
    expect(await server.api('GET', '/api/admin/auto-payout', { token: member.token })).toMatchObject({ status: 401 });
  });
});
