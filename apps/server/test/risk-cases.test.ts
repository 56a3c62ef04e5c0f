import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let admin: string;
let investigator: string;
let secondEyes: string;
let marketer: string;
let secondAdmin: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'case-admin', password: 'case-admin-pass' });
  admin = (await server.api('POST', '/api/admin/login', { body: { username: 'case-admin', password: 'case-admin-pass' } })).body.token;
  const login = async (username: string, roles: string[]) => {
    const credentials = { username, password: `${username}-pass-1` };
    expect((await server.api('POST', '/api/admin/operators', { token: admin, body: { ...credentials, roles } })).status).toBe(200);
    return (await server.api('POST', '/api/admin/login', { body: credentials })).body.token as string;
  };
  investigator = await login('case-investigator', ['finance']);
  secondEyes = await login('case-second', ['finance']);
  marketer = await login('case-marketer', ['marketing']);
  secondAdmin = await login('case-second-admin', ['admin']);
  expect((await server.api('PUT', '/api/admin/settings/site', { token: admin, body: { isManualDeposit: true } })).status).toBe(200);
  // Structuring made easy to reach: three deposits within 10 % under 1,000 baht in a day.
  const current = (await server.api('GET', '/api/admin/risk/rules', { token: admin })).body.rules.find((rule: { code: string }) => rule.code === 'structuring').current;
  const changed = await server.api('POST', '/api/admin/risk/rules/structuring', { token: admin, body: { after: current.version, mode: 'active', params: { ...current.params, threshold: { THB: 1_000, LAK: 1_000_000 } } } });
  expect(changed.status).toBe(200);
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
interface CaseBody {
  id: string;
  memberId: string;
  status: string;
  assignee: string | null;
  alerts: number;
  rules: string[];
  decisions: Array<{ id: string; movement: string; subject: string; outcome: string; rules: Array<{ code: string; mode: string; outcome: string }> }>;
  notes: Array<{ author: string; body: string; attachment: { id: string; name: string; contentType: string; size: number } | null }>;
  snoozes: Array<{ code: string; until: string }>;
  freeze: { reason: string } | null;
}
const cases = '/api/admin/risk/cases';
const walletAmount = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount as number;
const withdraw = (member: Member, amount: number) => server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount } });
async function deposit(member: Member, amount: number) {
  const notice = await server.api('POST', '/api/wallet/add', { token: member.token, body: { amount } });
  expect(notice.status).toBe(200);
  expect((await server.api('POST', `/api/admin/deposit-notices/${notice.body.notice._id}/approve`, { token: secondEyes })).status).toBe(200);
}
/** Three deposits just under the threshold: the third is held for review, and the member's case opens. */
async function structure(member: Member) {
  for (const amount of [950, 960, 970]) await deposit(member, amount);
}
const caseOf = async (member: Member, token = investigator, status = 'active') => {
  const answer = await server.api('GET', `${cases}?status=${status}&memberId=${member.id}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.cases as Array<{ id: string; inbox: string; status: string; alerts: number; rules: string[] }>;
};
/** The member's one open case. */
const onlyCase = async (member: Member) => {
  const [only, ...more] = await caseOf(member);
  expect(only).toBeDefined();
  expect(more).toEqual([]);
  return only!;
};
const detail = async (id: string, token = investigator) => (await server.api('GET', `${cases}/${id}`, { token })).body.case as CaseBody;
const close = (id: string, body: Record<string, unknown>, token = investigator) => server.api('POST', `${cases}/${id}/close`, { token, body });
async function attach(id: string, bytes: Buffer, filename: string, body = '') {
  const form = new FormData();
  form.append('body', body);
  form.append('file', new Blob([bytes]), filename);
  const response = await fetch(`${server.url}${cases}/${id}/attachments`, { method: 'POST', headers: { authorization: `Bearer ${investigator}` }, body: form });
  return { status: response.status, body: (await response.json()) as { case?: CaseBody; message?: string } };
}
const memberChat = async (member: Member) => (await server.api('POST', '/api/chat/history', { token: member.token, body: {} })).body.items as Array<{ sender: string; message: { payload: unknown } }>;
const expectLedgerExact = async () => expect((await server.app.ledger.verify()).ok).toBe(true);

describe('alerts open and join a case per member', () => {
  it('a structuring pattern opens one case in the finance inbox; the withdrawals it then holds join it', async () => {
    const member = await registerMember(server);
    await structure(member);
    const [opened] = await caseOf(member);
    expect(opened).toMatchObject({ inbox: 'finance', status: 'open', alerts: 1, rules: ['structuring'] });
    // The deposit's review holds what follows: two withdrawals at once, both in the same case.
    const [first, second] = await Promise.all([withdraw(member, 500), withdraw(member, 600)]);
    expect([first.body.withdrawal.checking, second.body.withdrawal.checking]).toEqual([true, true]);
    const all = await caseOf(member);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: opened!.id, alerts: 3, rules: ['deposit_under_review', 'structuring'] });
  });

  it('an approve opens nothing, and a desk sees only its own inboxes', async () => {
    const member = await registerMember(server);
    await deposit(member, 300);
    expect(await caseOf(member)).toEqual([]);
    await structure(member);
    const [opened] = await caseOf(member);
    expect(await caseOf(member, marketer)).toEqual([]);
    expect(await server.api('GET', `${cases}/${opened!.id}`, { token: marketer })).toMatchObject({ status: 404 });
    expect(await server.api('POST', `${cases}/${opened!.id}/notes`, { token: marketer, body: { body: 'mine now' } })).toMatchObject({ status: 404 });
    expect((await server.api('GET', cases, { token: admin })).body.cases.map((each: { id: string }) => each.id)).toContain(opened!.id);
  });
});

describe('an investigator works a case to an outcome', () => {
  it('takes it, notes and attaches, has each held withdrawal decided with a second operator, closes it and exports the package', async () => {
    const member = await registerMember(server);
    await structure(member);
    const paidOut = (await withdraw(member, 800)).body.withdrawal._id as string;
    const refused = (await withdraw(member, 900)).body.withdrawal._id as string;
    const { id } = await onlyCase(member);

    expect(await server.api('POST', `${cases}/${id}/assign`, { token: investigator, body: { assignee: 'nobody-here' } })).toMatchObject({ status: 400, body: { message: 'NO_OPERATOR' } });
    // Not to someone whose roles do not open the finance inbox.
    expect(await server.api('POST', `${cases}/${id}/assign`, { token: investigator, body: { assignee: 'case-marketer' } })).toMatchObject({ status: 400, body: { message: 'NO_OPERATOR' } });
    expect((await server.api('POST', `${cases}/${id}/assign`, { token: investigator, body: { assignee: 'case-second' } })).body.case).toMatchObject({ assignee: 'case-second' });
    const taken = await server.api('POST', `${cases}/${id}/assign`, { token: investigator, body: { assignee: 'case-investigator' } });
    expect(taken.body.case).toMatchObject({ status: 'in_progress', assignee: 'case-investigator' });
    expect((await server.api('GET', `${cases}?mine=true`, { token: investigator })).body.cases.map((each: { id: string }) => each.id)).toEqual([id]);
    expect((await server.api('GET', `${cases}?mine=true`, { token: secondEyes })).body.cases).toEqual([]);

    const note = await server.api('POST', `${cases}/${id}/notes`, { token: investigator, body: { body: '=HYPERLINK("http://evil") three deposits under 1,000 in an hour' } });
    expect(note.status).toBe(200);
    expect(await server.api('POST', `${cases}/${id}/notes`, { token: investigator, body: { body: '   ' } })).toMatchObject({ status: 400 });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const picture = await attach(id, png, 'statement.png', 'bank statement');
    expect(picture.status).toBe(200);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');
    expect((await attach(id, pdf, 'letter.pdf')).status).toBe(200);
    expect(await attach(id, Buffer.from('<script>alert(1)</script>'), 'fake.pdf')).toMatchObject({ status: 400, body: { message: 'CHAT_FILE_UNSUPPORTED' } });
    expect(await attach(id, Buffer.from('not an image'), 'fake.png')).toMatchObject({ status: 400, body: { message: 'CHAT_FILE_UNSUPPORTED' } });
    const notes = (await detail(id)).notes;
    expect(notes.map((each) => [each.author, each.attachment?.contentType ?? null])).toEqual([
      ['case-investigator', null],
      ['case-investigator', 'image/png'],
      ['case-investigator', 'application/pdf'],
    ]);
    const download = await fetch(`${server.url}${cases}/${id}/attachments/${notes[2]!.attachment!.id}`, { headers: { authorization: `Bearer ${investigator}` } });
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    // One operator alone pays nothing; the investigator and a second operator decide each withdrawal.
    expect((await server.api('POST', `/api/admin/withdrawals/${paidOut}/approve`, { token: investigator })).body).toMatchObject({ status: 'in_progress' });
    expect(await server.api('POST', `/api/admin/withdrawals/${paidOut}/approve`, { token: investigator })).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
    expect((await server.api('POST', `/api/admin/withdrawals/${paidOut}/approve`, { token: secondEyes })).body).toMatchObject({ status: 'SUCCESS' });
    expect((await server.api('POST', `/api/admin/withdrawals/${refused}/fail`, { token: investigator, body: { reason: 'structuring' } })).body).toMatchObject({ status: 'in_progress' });
    expect((await server.api('POST', `/api/admin/withdrawals/${refused}/fail`, { token: secondEyes, body: { reason: 'structuring' } })).body).toMatchObject({ status: 'FAILED' });
    expect(await walletAmount(member)).toBe(950 + 960 + 970 - 800);

    const [closed, again] = await Promise.all([close(id, { outcome: 'valuable' }), close(id, { outcome: 'valuable' }, secondEyes)]);
    expect([closed.status, again.status].sort()).toEqual([200, 409]);
    expect(await server.api('POST', `${cases}/${id}/notes`, { token: investigator, body: { body: 'late' } })).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED' } });

    const csv = await fetch(`${server.url}${cases}/${id}/export.csv`, { headers: { authorization: `Bearer ${investigator}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    const lines = text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('section,time (UTC),item,reference,amount,currency,detail');
    const sections = lines.slice(1).map((line) => line.split(',')[0]);
    for (const section of ['case', 'member', 'alert', 'movement', 'note']) expect(sections).toContain(section);
    expect(text).toContain(member.payload.username);
    expect(text).toContain('structuring v');
    expect(lines.filter((line) => line.startsWith('movement,'))).toHaveLength(5);
    // A note a spreadsheet would run as a formula is kept as text.
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")`);
    await expectLedgerExact();
  });

  it('a confirmed case freezes withdrawals, telling the member why through support; an admin lifts it', async () => {
    const member = await registerMember(server);
    await structure(member);
    const { id } = await onlyCase(member);
    expect(await close(id, { outcome: 'valuable', action: 'freeze', memberMessage: 'why' })).toMatchObject({ status: 400 });
    expect(await close(id, { outcome: 'confirmed', action: 'freeze' })).toMatchObject({ status: 400 });
    const message = 'Your withdrawals are paused while we check your recent deposits. Please send us a statement of the paying account.';
    const closed = await close(id, { outcome: 'confirmed', action: 'freeze', memberMessage: message });
    expect(closed.body.case).toMatchObject({ status: 'closed', outcome: 'confirmed', action: 'freeze', freeze: { reason: message } });
    const before = await walletAmount(member);
    expect(await withdraw(member, 100)).toMatchObject({ status: 422, body: { message: 'WITHDRAWALS_FROZEN' } });
    expect(await walletAmount(member)).toBe(before);
    expect((await memberChat(member)).map((item) => [item.sender, item.message.payload])).toContainEqual(['agent', message]);

    const lift = (token: string) => server.api('DELETE', `/api/admin/risk/freezes/${member.id}`, { token });
    expect(await lift(investigator)).toMatchObject({ status: 403 });
    // Two admins: the first proposes, the same one again is refused, a second lifts it.
    expect(await lift(admin)).toMatchObject({ status: 200, body: { message: 'PROPOSED' } });
    expect(await lift(admin)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
    expect((await detail(id)).freeze).toMatchObject({ liftProposedBy: 'case-admin' });
    expect(await withdraw(member, 100)).toMatchObject({ status: 422, body: { message: 'WITHDRAWALS_FROZEN' } });
    expect(await lift(secondAdmin)).toMatchObject({ status: 200, body: { message: 'SUCCESS' } });
    expect(await lift(admin)).toMatchObject({ status: 404 });
    // Withdrawals are open again; the deposit's review still holds this one for two operators.
    expect((await withdraw(member, 100)).body.withdrawal).toMatchObject({ status: 'in_progress', checking: true });
    const audit = await server.db.selectFrom('audit_log').select(['action', 'actor']).where('action', 'in', ['risk.case.close', 'risk.unfreeze.propose', 'risk.unfreeze']).execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'risk.case.close', actor: 'case-investigator' },
        { action: 'risk.unfreeze.propose', actor: 'case-admin' },
        { action: 'risk.unfreeze', actor: 'case-second-admin' },
      ]),
    );
  });

  it('a confirmed case blocks the member: refused on every call from then on', async () => {
    const member = await registerMember(server);
    await structure(member);
    const { id } = await onlyCase(member);
    expect((await close(id, { outcome: 'confirmed', action: 'block', memberMessage: 'Your account is closed after a review.' })).status).toBe(200);
    expect(await server.api('GET', '/api/wallet', { token: member.token })).toMatchObject({ status: 403, body: { message: 'INACTIVE_USER' } });
    const blocked = await server.db.selectFrom('audit_log').select('detail').where('action', '=', 'member.block').execute();
    expect(blocked.map((row) => (row.detail as { caseId?: string }).caseId)).toContain(id);
  });
});

describe('a rule snoozed for one member', () => {
  it('only from a case closed as a false positive or valuable, at most 180 days, audited; the rule then observes for that member alone', async () => {
    const member = await registerMember(server);
    await structure(member);
    const { id } = await onlyCase(member);
    const snooze = (body: Record<string, unknown>, token = secondEyes) => server.api('POST', `${cases}/${id}/snoozes`, { token, body });
    expect(await snooze({ code: 'structuring', days: 30 })).toMatchObject({ status: 409, body: { message: 'CASE_NOT_REVIEWED' } });
    expect((await close(id, { outcome: 'false_positive' })).status).toBe(200);
    // The operator who closed the case cannot also loosen the rule for this member.
    expect(await snooze({ code: 'structuring', days: 30 }, investigator)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
    expect(await snooze({ code: 'structuring', days: 181 })).toMatchObject({ status: 400 });
    expect(await snooze({ code: 'no_such_rule', days: 30 })).toMatchObject({ status: 400 });
    const snoozed = await snooze({ code: 'structuring', days: 30 });
    expect(snoozed.body.case.snoozes).toEqual([expect.objectContaining({ code: 'structuring' })]);

    // Three more deposits under the threshold: the rule answers, observing, and no case opens.
    await structure(member);
    expect(await caseOf(member)).toEqual([]);
    const decisions = (await server.api('GET', `/api/admin/risk/decisions?outcome=all&memberId=${member.id}`, { token: investigator })).body.decisions as CaseBody['decisions'];
    const latest = decisions.find((decision) => decision.movement === 'deposit')!;
    expect(latest).toMatchObject({ outcome: 'approve' });
    expect(latest.rules).toContainEqual(expect.objectContaining({ code: 'structuring', mode: 'observe', outcome: 'review' }));
    const stored = await server.db.selectFrom('risk_decisions').select(['outcome', 'inputs', 'rules']).where('id', '=', latest.id).executeTakeFirstOrThrow();
    expect(await server.app.risk.replay(stored as never)).toEqual({ same: true, outcome: 'approve' });

    // Another member is still held.
    const other = await registerMember(server);
    await structure(other);
    expect(await caseOf(other)).toHaveLength(1);
    const audit = await server.db.selectFrom('audit_log').select('detail').where('action', '=', 'risk.snooze').execute();
    expect(audit.map((row) => row.detail)).toContainEqual(expect.objectContaining({ caseId: id, code: 'structuring', days: 30 }));
  });

  it('a confirmed case snoozes nothing', async () => {
    const member = await registerMember(server);
    await structure(member);
    const { id } = await onlyCase(member);
    expect((await close(id, { outcome: 'confirmed' })).status).toBe(200);
    expect(await server.api('POST', `${cases}/${id}/snoozes`, { token: investigator, body: { code: 'structuring', days: 10 } })).toMatchObject({ status: 409, body: { message: 'CASE_NOT_REVIEWED' } });
  });
});

describe('the desk\'s figures', () => {
  it('give the median time from alert to decision and each rule\'s false-positive rate over closed cases', async () => {
    const metrics = await server.api('GET', '/api/admin/risk/metrics', { token: investigator });
    expect(metrics.status).toBe(200);
    expect(metrics.body.medianAlertToDecisionSeconds).toBeGreaterThanOrEqual(0);
    const structuring = metrics.body.rules.find((rule: { code: string }) => rule.code === 'structuring');
    // Closed so far: one valuable, one confirmed with a freeze, one with a block, one false positive, one confirmed.
    expect(structuring).toMatchObject({ alerts: 5, falsePositives: 1, falsePositiveRate: 0.2 });
    expect(await server.api('GET', '/api/admin/risk/metrics', { token: marketer })).toMatchObject({ status: 403 });
  });
});
