import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let admin: string;
let finance: string;
let thirdEyes: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'risk-admin', password: 'risk-admin-pass' });
  admin = (await server.api('POST', '/api/admin/login', { body: { username: 'risk-admin', password: 'risk-admin-pass' } })).body.token;
  const login = async (username: string, roles: string[]) => {
    const credentials = { username, password: `${username}-pass-1` };
    expect((await server.api('POST', '/api/admin/operators', { token: admin, body: { ...credentials, roles } })).status).toBe(200);
    return (await server.api('POST', '/api/admin/login', { body: credentials })).body.token as string;
  };
  finance = await login('risk-finance', ['finance']);
  thirdEyes = await login('risk-finance-two', ['finance']);
  expect((await server.api('PUT', '/api/admin/settings/site', { token: admin, body: { isManualDeposit: true } })).status).toBe(200);
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
const base = '/api/admin/risk';
const walletAmount = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount as number;
const withdraw = (member: Member, amount: number) => server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount } });
const approve = (id: string, token: string) => server.api('POST', `/api/admin/withdrawals/${id}/approve`, { token });
const fail = (id: string, token: string) => server.api('POST', `/api/admin/withdrawals/${id}/fail`, { token, body: { reason: 'not the member' } });
/** A deposit through the product: the member's notice, approved by an operator (one deposit credit). */
async function deposit(member: Member, amount: number) {
  const notice = await server.api('POST', '/api/wallet/add', { token: member.token, body: { amount } });
  expect(notice.status).toBe(200);
  expect((await server.api('POST', `/api/admin/deposit-notices/${notice.body.notice._id}/approve`, { token: finance })).status).toBe(200);
}
async function rule(code: string) {
  const { rules } = (await server.api('GET', `${base}/rules`, { token: finance })).body as { rules: Array<{ code: string; current: { version: number; mode: string; params: Record<string, unknown> } }> };
  return rules.find((each) => each.code === code)!.current;
}
async function setRule(code: string, mode: 'active' | 'observe' | 'off', params: Record<string, unknown> = {}) {
  const current = await rule(code);
  const answer = await server.api('POST', `${base}/rules/${code}`, { token: admin, body: { after: current.version, mode, params: { ...current.params, ...params } } });
  expect(answer.status).toBe(200);
  return answer.body;
}
const decisionsOf = async (member: Member) => (await server.api('GET', `${base}/decisions?outcome=all&memberId=${member.id}`, { token: finance })).body.decisions as Array<Record<string, unknown> & { id: string; outcome: string; movement: string }>;
const expectLedgerExact = async () => expect((await server.app.ledger.verify()).ok).toBe(true);

describe('rules as versioned settings', () => {
  it('start from their defaults at version 1, each change a new version that an admin makes, audited', async () => {
    const before = await rule('withdrawal_velocity');
    expect(before).toMatchObject({ version: 1, mode: 'observe', params: { count: 3, windowHours: 24 } });
    const changed = await setRule('withdrawal_velocity', 'observe', { count: 5 });
    expect(changed).toMatchObject({ version: 2, params: { count: 5, windowHours: 24 } });
    const versions = (await server.api('GET', `${base}/rules/withdrawal_velocity/versions`, { token: finance })).body.versions;
    expect(versions.map((version: { version: number; createdBy: string }) => [version.version, version.createdBy])).toEqual([
      [2, 'risk-admin'],
      [1, 'system'],
    ]);
    const audit = await server.db.selectFrom('audit_log').select(['actor', 'detail']).where('action', '=', 'risk.rule.change').execute();
    expect(audit).toContainEqual(expect.objectContaining({ actor: 'risk-admin' }));
  });

  it('refuses a stale version, a threshold that is not a figure, a key the rule lacks, and anyone but an admin, changing nothing', async () => {
    const change = (token: string, body: Record<string, unknown>) => server.api('POST', `${base}/rules/dormant_wake`, { token, body });
    expect(await change(admin, { after: 7, mode: 'active', params: {} })).toMatchObject({ status: 409, body: { message: 'RULE_CHANGED' } });
    expect(await change(admin, { after: 1, mode: 'active', params: { idleDays: -1 } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await change(admin, { after: 1, mode: 'active', params: { amount: { THB: 'lots' } } })).toMatchObject({ status: 400 });
    expect(await change(admin, { after: 1, mode: 'active', params: { surprise: 1 } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await change(finance, { after: 1, mode: 'off', params: {} })).toMatchObject({ status: 403 });
    expect(await server.api('POST', `${base}/rules/no_such_rule`, { token: admin, body: { after: 1, mode: 'off', params: {} } })).toMatchObject({ status: 404 });
    expect(await rule('dormant_wake')).toMatchObject({ version: 1, mode: 'observe' });
  });
});

describe('a withdrawal a rule holds', () => {
  it('observing, the rule records what it would have done and the withdrawal goes to the queue as always', async () => {
    const member = await registerMember(server);
    await deposit(member, 5_000);
    const { withdrawal } = (await withdraw(member, 4_000)).body;
    expect(withdrawal).toMatchObject({ status: 'in_progress', checking: false });
    const [decision] = (await decisionsOf(member)).filter((each) => each.movement === 'withdrawal');
    expect(decision).toMatchObject({ outcome: 'approve', subject: withdrawal._id });
    expect(decision!.rules).toContainEqual(expect.objectContaining({ code: 'cash_in_cash_out', mode: 'observe', outcome: 'review' }));
  });

  it('active, holds it "being checked": one operator cannot pay it, and of two more releasing at once it is paid once', async () => {
    await setRule('cash_in_cash_out', 'active');
    const member = await registerMember(server);
    await deposit(member, 5_000);
    const answer = await withdraw(member, 4_000);
    expect(answer.body.withdrawal).toMatchObject({ status: 'in_progress', checking: true });
    const id = answer.body.withdrawal._id as string;
    expect(await walletAmount(member)).toBe(1_000);

    const first = await approve(id, finance);
    expect(first.body).toMatchObject({ status: 'in_progress', checking: true });
    expect(await approve(id, finance)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
    const [second, third] = await Promise.all([approve(id, thirdEyes), approve(id, admin)]);
    expect([second.status, third.status].sort()).toEqual([200, 409]);
    expect([second, third].find((each) => each.status === 200)!.body).toMatchObject({ status: 'SUCCESS', checking: false });
    const paid = await server.db.selectFrom('ledger_transfers').select('id').where('idempotency_key', '=', `withdrawal:${id}:paid`).execute();
    expect(paid).toHaveLength(1);
    expect(await walletAmount(member)).toBe(1_000);
    await expectLedgerExact();
  });

  it('is refused only by two operators too; a second who disagrees takes the first one\'s place', async () => {
    const member = await registerMember(server);
    await deposit(member, 3_000);
    const id = (await withdraw(member, 2_500)).body.withdrawal._id as string;
    expect((await fail(id, finance)).body).toMatchObject({ status: 'in_progress' });
    // A second operator who would pay it does not pay it: their approval is now the one waiting.
    expect((await approve(id, thirdEyes)).body).toMatchObject({ status: 'in_progress' });
    expect((await fail(id, admin)).body).toMatchObject({ status: 'in_progress' });
    expect((await fail(id, finance)).body).toMatchObject({ status: 'FAILED', reason: 'not the member' });
    expect(await walletAmount(member)).toBe(3_000);
    await expectLedgerExact();
  });

  it('the database itself refuses a held withdrawal decided without a second operator', async () => {
    const member = await registerMember(server);
    await deposit(member, 2_000);
    const id = (await withdraw(member, 1_500)).body.withdrawal._id as string;
    await expect(server.db.updateTable('withdrawals').set({ status: 'FAILED', decided_by: 'risk-finance' }).where('id', '=', id).execute()).rejects.toThrow(/withdrawals_review_two_operators_check/);
  });
});

describe('a block', () => {
  it('refuses the withdrawal with a message that names no rule, moves nothing, keeps the decision; released, the next one goes through once', async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    await fundWallet(server, member.id, 2_000);
    // Another member was paid to this member's bank account before.
    const account = await server.db.selectFrom('members').select(['bank_code', 'bank_account_no']).where('id', '=', BigInt(member.id)).executeTakeFirstOrThrow();
    await server.db
      .insertInto('withdrawals')
      .values({ member_id: BigInt(other.id), amount: 10_000n, currency: 'THB', bank_code: account.bank_code, bank_account_no: account.bank_account_no, bank_account_name: 'SOMEONE ELSE', status: 'FAILED', decided_by: 'x', reason: 'x' })
      .execute();

    expect(await withdraw(member, 500)).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
    expect(await walletAmount(member)).toBe(2_000);
    expect(await server.db.selectFrom('withdrawals').select('id').where('member_id', '=', BigInt(member.id)).execute()).toHaveLength(0);
    const [blocked] = await decisionsOf(member);
    expect(blocked).toMatchObject({ outcome: 'block', movement: 'withdrawal', amount: 500 });
    expect(blocked!.rules).toContainEqual(expect.objectContaining({ code: 'shared_bank_account', outcome: 'block' }));

    // One operator alone releases nothing: the first proposes, the same one again is refused.
    const release = (token: string) => server.api('POST', `${base}/decisions/${blocked!.id}/release`, { token });
    expect((await release(finance)).body.decision).toMatchObject({ releaseProposedBy: 'risk-finance', releasedBy: null });
    expect(await release(finance)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
    expect(await withdraw(member, 500)).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
    const [released, again] = await Promise.all([release(admin), release(thirdEyes)]);
    expect([released.status, again.status].sort()).toEqual([200, 409]);
    expect(await server.db.selectFrom('audit_log').select('action').where('action', 'in', ['risk.release.propose', 'risk.release']).execute()).toHaveLength(2);
    await expect(server.db.updateTable('risk_decisions').set({ released_by: 'risk-finance', released_at: new Date() }).where('id', '=', blocked!.id).execute()).rejects.toThrow(/risk_decisions_release_two_operators_check/);
    expect(await withdraw(member, 600)).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
    expect((await withdraw(member, 500)).body.withdrawal).toMatchObject({ status: 'in_progress' });
    expect(await withdraw(member, 500)).toMatchObject({ status: 422, body: { message: 'RISK_BLOCKED' } });
    expect(await walletAmount(member)).toBe(1_500);
    await expectLedgerExact();
  });
});

describe('a deposit a rule holds', () => {
  it('is credited (it has arrived), and the member\'s withdrawals wait for review until an operator clears it', async () => {
    await setRule('deposit_velocity', 'active', { count: 1 });
    const member = await registerMember(server);
    await deposit(member, 300);
    await deposit(member, 400);
    expect(await walletAmount(member)).toBe(700);
    const held = (await decisionsOf(member)).find((each) => each.movement === 'deposit' && each.outcome === 'review')!;
    expect(held.rules).toContainEqual(expect.objectContaining({ code: 'deposit_velocity', outcome: 'review' }));
    const first = (await withdraw(member, 100)).body.withdrawal;
    expect(first).toMatchObject({ checking: true });

    expect((await server.api('POST', `${base}/decisions/${held.id}/release`, { token: finance })).body.decision).toMatchObject({ releaseProposedBy: 'risk-finance', releasedBy: null });
    expect((await withdraw(member, 100)).body.withdrawal).toMatchObject({ checking: true });
    expect((await server.api('POST', `${base}/decisions/${held.id}/release`, { token: thirdEyes })).body.decision).toMatchObject({ releasedBy: 'risk-finance-two' });
    await setRule('deposit_velocity', 'observe');
    await setRule('cash_in_cash_out', 'observe');
    expect((await withdraw(member, 100)).body.withdrawal).toMatchObject({ checking: false });
  });
});

describe('an invite accrual a rule blocks', () => {
  const accrualsOf = (inviter: Member) => server.db.selectFrom('invite_accruals').select(['status', 'amount']).where('inviter_id', '=', BigInt(inviter.id)).execute();

  it('is refused while the deposit behind it is credited; observing, it only records what it would have done', async () => {
    // Members register here from one address and browser: an invitee on the inviter's device.
    const inviter = await registerMember(server);
    const invitee = await registerMember(server, { inviteCode: `PR${inviter.id}`, bankAccountName: 'FRIEND ON THE SAME PHONE' });
    await deposit(invitee, 1_000);
    expect(await accrualsOf(inviter)).toEqual([{ status: 'review', amount: 5_000n }]);
    const observed = (await decisionsOf(inviter)).find((each) => each.movement === 'invite')!;
    expect(observed).toMatchObject({ outcome: 'approve', amount: 50 });
    expect(observed.rules).toContainEqual(expect.objectContaining({ code: 'invite_ring', mode: 'observe', outcome: 'block' }));

    await setRule('invite_ring', 'active');
    await deposit(invitee, 1_000);
    expect(await walletAmount(invitee)).toBe(2_000);
    expect((await accrualsOf(inviter)).map((accrual) => accrual.status).sort()).toEqual(['refused', 'review']);
    expect((await decisionsOf(inviter)).filter((each) => each.movement === 'invite').map((each) => each.outcome)).toEqual(['block', 'approve']);
    await setRule('invite_ring', 'observe');
    await expectLedgerExact();
  });
});

describe('a dry run', () => {
  it('shows what a threshold change would have decided over the stored decisions, with examples, changing nothing', async () => {
    const member = await registerMember(server);
    for (const amount of [200, 300, 400]) await deposit(member, amount);
    const before = await rule('deposit_velocity');
    const dryRun = (params: Record<string, unknown>, mode = 'active') => server.api('POST', `${base}/rules/deposit_velocity/dry-run`, { token: finance, body: { mode, params: { ...before.params, ...params } } });
    const strict = (await dryRun({ count: 1, windowHours: 1 })).body;
    // The member's 2nd and 3rd deposits within the hour (and other members' like them) would have been held.
    expect(strict.changes['approve→review']).toBeGreaterThanOrEqual(2);
    expect(strict.examples).toContainEqual(expect.objectContaining({ memberId: member.id, movement: 'deposit', amount: 400, before: 'approve', after: 'review', reason: expect.stringContaining('3 deposits in 1 h') }));
    expect(strict.examples).not.toContainEqual(expect.objectContaining({ memberId: member.id, amount: 200 }));
    // Observing decides nothing: it holds nothing (it would only let through what the rule, active earlier, held).
    const observing = (await dryRun({ count: 1, windowHours: 1 }, 'observe')).body;
    expect(observing.changes['approve→review']).toBeUndefined();
    expect(observing.examples.every((example: { after: string }) => example.after === 'approve')).toBe(true);
    expect((await dryRun({ count: 10, windowHours: 1 })).body.examples.filter((example: { memberId: string }) => example.memberId === member.id)).toEqual([]);
    expect(await dryRun({ count: 'many' })).toMatchObject({ status: 400 });
    expect(await rule('deposit_velocity')).toEqual(before);
  });
});

describe('replay', () => {
  it('takes a month of decisions again from their stored inputs and rule versions, with the same answers', async () => {
    for (const { code } of (await server.api('GET', `${base}/rules`, { token: finance })).body.rules as Array<{ code: string }>) await setRule(code, 'active');
    const members = [await registerMember(server), await registerMember(server)];
    await sql`ALTER TABLE ledger_transfers DISABLE TRIGGER USER`.execute(server.db);
    try {
      for (let day = 0; day < 30; day++) {
        for (const [index, member] of members.entries()) {
          await deposit(member, 500 + ((day * 37 + index * 101) % 900));
          if ((day + index) % 3 === 0) await withdraw(member, 100 + ((day * 53) % 300));
        }
        // The day ends: everything moves one day back, so the next day's decisions read a month of history.
        for (const table of ['deposits', 'withdrawals', 'risk_decisions', 'ledger_transfers'] as const) {
          await sql`UPDATE ${sql.table(table)} SET created_at = created_at - interval '1 day' WHERE created_at > now() - interval '40 days'`.execute(server.db);
        }
      }
    } finally {
      await sql`ALTER TABLE ledger_transfers ENABLE TRIGGER USER`.execute(server.db);
    }
    const stored = await server.db.selectFrom('risk_decisions').select(['outcome', 'inputs', 'rules', 'created_at']).orderBy('created_at').execute();
    expect(stored.length).toBeGreaterThanOrEqual(80);
    const spanDays = (stored.at(-1)!.created_at.getTime() - stored[0]!.created_at.getTime()) / 86_400_000;
    expect(spanDays).toBeGreaterThan(28);
    const outcomes = new Set(stored.map((row) => row.outcome));
    expect(outcomes.has('review')).toBe(true);
    // The inputs and answers as stored (jsonb): what the replay reads.
    for (const row of stored) expect(await server.app.risk.replay(row as Parameters<typeof server.app.risk.replay>[0])).toMatchObject({ same: true, outcome: row.outcome });
  });
});
