import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, playAndLose, registerMember, startTestServer, type TestServer } from './harness.js';

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let chief: string;
let support: string;
let support2: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
  expect((await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { isManualDeposit: true } })).status).toBe(200);
  const operator = async (username: string) => {
    expect((await server.api('POST', '/api/admin/operators', { token: chief, body: { username, password: `${username}-pass-1`, roles: ['support'] } })).status).toBe(200);
    return (await server.api('POST', '/api/admin/login', { body: { username, password: `${username}-pass-1` } })).body.token as string;
  };
  support = await operator('carer');
  support2 = await operator('carer-two');
});
afterAll(() => server.close());

const notice = (member: Member, amount: number) => server.api('POST', '/api/wallet/add', { token: member.token, body: { amount } });
const setLimit = (member: Member, kind: string, amount: number | null) => server.api('PUT', '/api/protection/limits', { token: member.token, body: { kind, amount } });
const sweep = () => server.app.harm.sweep(0);
const casesOf = async (member: Member, status = 'open') => (await server.api('GET', `/api/admin/protection/cases?status=${status}&memberId=${member.id}`, { token: support })).body.cases;
const act = (id: string, body: object, token = support) => server.api('POST', `/api/admin/protection/cases/${id}/actions`, { token, body });

/** A deposit credited: a notice an operator approves. */
async function deposit(member: Member, amount: number) {
  const sent = await notice(member, amount);
  expect(sent.status).toBe(200);
  expect((await server.api('POST', `/api/admin/deposit-notices/${sent.body.notice._id}/approve`, { token: chief })).status).toBe(200);
}

/** Three deposits refused by a day limit and the limit raised twice: 2 + 2 points, level interact. */
async function strugglingMember(): Promise<Member> {
  const member = await registerMember(server);
  await setLimit(member, 'deposit_day', 100);
  for (let attempt = 0; attempt < 3; attempt += 1) expect((await notice(member, 200)).body.message).toBe('DEPOSIT_LIMIT');
  await setLimit(member, 'deposit_day', 300);
  await setLimit(member, 'deposit_day', 500);
  return member;
}

describe('markers of harm open cases from a member’s history', () => {
  it('a quiet member is assessed and opens no case', async () => {
    const member = await registerMember(server);
    await deposit(member, 300);
    await fundWallet(server, member.id, 100);
    await sweep();
    expect(await casesOf(member)).toEqual([]);
    const assessed = await server.db.selectFrom('harm_assessments').selectAll().where('member_id', '=', BigInt(member.id)).executeTakeFirst();
    expect(assessed).toMatchObject({ score: 0, level: 'none' });
  });

  it('refused deposits and raised limits open one case at interact, its first action due within the hour; sweeping again opens no second', async () => {
    const member = await strugglingMember();
    await sweep();
    const [opened] = await casesOf(member);
    expect(opened).toMatchObject({ level: 'interact', score: 4, markers: ['limit_increases', 'refused_deposits'], firstActionAt: null, memberPhone: member.payload.username });
    expect(opened.dueAt - opened.openedAt).toBe(3_600_000);
    await Promise.all([server.app.harm.assess(BigInt(member.id)), server.app.harm.assess(BigInt(member.id)), sweep()]);
    expect(await casesOf(member)).toHaveLength(1);
    const detail = (await server.api('GET', `/api/admin/protection/cases/${opened.id}`, { token: support })).body.case;
    expect(detail.assessment.markers).toEqual([
      expect.objectContaining({ code: 'limit_increases', version: 0, points: 2 }),
      expect.objectContaining({ code: 'refused_deposits', version: 0, points: 2, reason: expect.stringContaining('3 deposits refused') }),
    ]);
  });

  it('asking to end a self-exclusion early raises the open case to intervene, its clock unchanged', async () => {
    const member = await strugglingMember();
    await sweep();
    const [opened] = await casesOf(member);
    expect((await server.api('POST', '/api/protection/exclusion', { token: member.token, body: { period: '6m' } })).status).toBe(200);
    expect((await server.api('POST', '/api/protection/return', { token: member.token })).body.message).toBe('EXCLUSION_NOT_OVER');
    await sweep();
    const [raised] = await casesOf(member);
    expect(raised).toMatchObject({ id: opened.id, level: 'intervene', score: 7, dueAt: opened.dueAt });
  });

  // A transaction kept open keeps every row version made meanwhile: hot rows slow down for everyone.
  it('a pass takes what moved a batch to a transaction, and goes on until it has caught up', async () => {
    await sweep();
    const members = [await registerMember(server), await registerMember(server), await registerMember(server)];
    for (const member of members) await fundWallet(server, member.id, 100);
    const swept = await server.app.harm.sweep(0, 1);
    expect(swept.assessed).toBe(3);
    // xmin: the transaction that wrote the row. Three batches, three transactions.
    const assessed = await server.db
      .selectFrom('harm_assessments')
      .select(sql<string>`xmin::text`.as('writtenBy'))
      .where('member_id', 'in', members.map((member) => BigInt(member.id)))
      .execute();
    expect(assessed).toHaveLength(3);
    expect(new Set(assessed.map((row) => row.writtenBy)).size).toBe(3);
  });

  it('deposits soon after game losses are chasing losses, read from the ledger', async () => {
    const member = await registerMember(server);
    for (let round = 0; round < 3; round += 1) {
      await playAndLose(server, member, 100);
      await deposit(member, 100);
    }
    await server.app.harm.assess(BigInt(member.id));
    const assessed = await server.db.selectFrom('harm_assessments').select('markers').where('member_id', '=', BigInt(member.id)).executeTakeFirstOrThrow();
    expect(assessed.markers).toEqual([expect.objectContaining({ code: 'chasing_losses', points: 3 })]);
  });
});

describe('an operator works a case', () => {
  it('a note is not an action; a message reaches the member in support chat and starts the clock; a break refuses their play; closing records the outcome', async () => {
    const member = await strugglingMember();
    await sweep();
    const [opened] = await casesOf(member);
    const noted = await act(opened.id, { kind: 'note', text: 'looked at the deposits' });
    expect(noted.body.case).toMatchObject({ firstActionAt: null, actions: [expect.objectContaining({ kind: 'note', by: 'carer' })] });
    const messaged = await act(opened.id, { kind: 'message', text: 'We noticed you raised your limits. Can we help?' });
    expect(messaged.body.case.firstActionAt).toBeGreaterThanOrEqual(opened.openedAt);
    const told = await server.db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
      .select('m.payload')
      .where('c.member_id', '=', BigInt(member.id))
      .execute();
    expect(JSON.stringify(told)).toContain('Can we help?');

    expect((await act(opened.id, { kind: 'break', period: '24h', reason: 'asked for it in chat' })).status).toBe(200);
    const moved = await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 10 } });
    expect(moved.body.message).toBe('ON_BREAK');
    const protection = (await server.api('GET', `/api/admin/members/${member.id}/protection`, { token: support })).body;
    expect(protection.restrictions[0]).toMatchObject({ kind: 'break', operator: 'carer', reason: expect.stringContaining(opened.id) });

    expect((await act(opened.id, { kind: 'limit', limit: 'deposit_day', amount: 50, text: 'Your daily deposit limit is now 50.' })).status).toBe(200);
    const limits = (await server.api('GET', '/api/protection', { token: member.token })).body.limits;
    expect(limits.find((limit: { kind: string }) => limit.kind === 'deposit_day').amount).toBe(50);
    expect((await act(opened.id, { kind: 'limit', limit: 'deposit_day', amount: 5_000, text: 'raised' })).status).toBe(400);

    const closed = await server.api('POST', `/api/admin/protection/cases/${opened.id}/close`, { token: support2, body: { outcome: 'restricted', note: 'break and a lower limit' } });
    expect(closed.body.case).toMatchObject({ status: 'closed', outcome: 'restricted', closedBy: 'carer-two', closingNote: 'break and a lower limit' });
    expect(await act(opened.id, { kind: 'note', text: 'too late' })).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED', decidedBy: 'carer-two' } });
    expect((await server.api('POST', `/api/admin/protection/cases/${opened.id}/close`, { token: support, body: { outcome: 'no_concern', note: 'again' } })).status).toBe(409);
    const audit = await server.db.selectFrom('audit_log').select('action').where('action', 'like', 'protection.case.%').execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['protection.case.note', 'protection.case.message', 'protection.case.break', 'protection.case.limit', 'protection.case.close']));
  });

  it('the dashboard counts open cases, those past their clock, and the minutes to a first action', async () => {
    const member = await strugglingMember();
    await sweep();
    const [opened] = await casesOf(member);
    await server.db.updateTable('harm_cases').set({ due_at: new Date(Date.now() - 60_000) }).where('id', '=', opened.id).execute();
    const before = (await server.api('GET', '/api/admin/protection/cases/metrics', { token: support })).body;
    expect(before.overdue).toBeGreaterThanOrEqual(1);
    await act(opened.id, { kind: 'message', text: 'Are you all right?' });
    const after = (await server.api('GET', '/api/admin/protection/cases/metrics', { token: support })).body;
    expect(after.overdue).toBe(before.overdue - 1);
    expect(after.medianMinutesToFirstAction).not.toBeNull();
    expect(after.opened).toBeGreaterThanOrEqual(1);
  });

  it('a member never reaches the cases', async () => {
    const member = await registerMember(server);
    expect((await server.api('GET', '/api/admin/protection/cases', { token: member.token })).status).toBe(401);
  });
});

describe('marker rules are versioned', () => {
  it('an admin changes a threshold after the version seen; a stale change is refused; support cannot change one', async () => {
    const rules = (await server.api('GET', '/api/admin/protection/harm-rules', { token: support })).body.rules;
    const refused = rules.find((rule: { code: string }) => rule.code === 'refused_deposits');
    expect(refused).toMatchObject({ version: 0, points: 2, params: { times: 3 } });
    expect((await server.api('PUT', '/api/admin/protection/harm-rules/refused_deposits', { token: support, body: { after: 0, points: 2, params: { times: 5 } } })).status).toBe(403);
    expect((await server.api('PUT', '/api/admin/protection/harm-rules/refused_deposits', { token: chief, body: { after: 0, points: 2, params: { wrong: 5 } } })).status).toBe(400);
    const changed = await server.api('PUT', '/api/admin/protection/harm-rules/refused_deposits', { token: chief, body: { after: 0, points: 3, params: { times: 5 } } });
    expect(changed.body.rules.find((rule: { code: string }) => rule.code === 'refused_deposits')).toMatchObject({ version: 1, points: 3, params: { times: 5 }, createdBy: 'chief' });
    expect(await server.api('PUT', '/api/admin/protection/harm-rules/refused_deposits', { token: chief, body: { after: 0, points: 3, params: { times: 4 } } })).toMatchObject({ status: 409, body: { message: 'RULE_CHANGED' } });
    expect((await server.api('PUT', '/api/admin/protection/harm-rules/levels', { token: chief, body: { after: 0, points: 0, params: { monitor: 5, interact: 4, intervene: 7 } } })).status).toBe(400);

    // Three refusals no longer fire it: the member who raised limits twice is watched, no case.
    const member = await strugglingMember();
    await sweep();
    expect(await casesOf(member)).toEqual([]);
    const assessed = await server.db.selectFrom('harm_assessments').selectAll().where('member_id', '=', BigInt(member.id)).executeTakeFirstOrThrow();
    expect(assessed).toMatchObject({ level: 'monitor', score: 2 });
    await server.api('PUT', '/api/admin/protection/harm-rules/refused_deposits', { token: chief, body: { after: 1, points: 2, params: { times: 3 } } });
  });
});

describe('lifting a restriction an operator applied takes a second operator', () => {
  it('the first proposes, the same one cannot lift it, a second lifts it and the member plays again; a member’s own break is never lifted', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 50);
    await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
    const applied = await server.api('POST', `/api/admin/members/${member.id}/protection/restrictions`, { token: support, body: { kind: 'break', period: '1w', reason: 'applied by mistake to the wrong member' } });
    expect(applied.status).toBe(200);
    const [row] = (await server.api('GET', `/api/admin/members/${member.id}/protection`, { token: support })).body.restrictions;
    const lift = (token: string, id = row.id, memberId = member.id) => server.api('POST', `/api/admin/members/${memberId}/protection/restrictions/${id}/lift`, { token });
    expect((await lift(support)).body.message).toBe('PROPOSED');
    expect(await lift(support)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
    expect((await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 10 } })).body.message).toBe('ON_BREAK');
    expect((await lift(support2)).body.message).toBe('SUCCESS');
    expect((await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 10 } })).status).toBe(200);
    const shown = (await server.api('GET', `/api/admin/members/${member.id}/protection`, { token: support })).body;
    expect(shown.restrictions[0]).toMatchObject({ liftProposedBy: 'carer', liftedBy: 'carer-two' });
    expect(shown.restriction).toBeNull();
    expect((await lift(support)).status).toBe(404);

    expect((await server.api('POST', '/api/protection/break', { token: member.token, body: { period: '24h' } })).status).toBe(200);
    const own = (await server.api('GET', `/api/admin/members/${member.id}/protection`, { token: support })).body.restrictions[0];
    expect(own.operator).toBeNull();
    expect((await lift(support, own.id)).status).toBe(404);
    const other = await registerMember(server);
    expect((await lift(support2, row.id, other.id)).status).toBe(404);
  });
});
