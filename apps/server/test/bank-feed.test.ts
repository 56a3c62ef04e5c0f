import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, startTestServer, type TestServer } from './harness.js';

// Bank deposits credited from the operator's account statement (AUTO mode), over real HTTP against
// the sandbox bank's feed.
let server: TestServer;
let chief: string;
let finance: string;
const FEED_ACCOUNT = '4061234567'; // the demo's SCB account, AUTO
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
  await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'till', password: 'till-pass-1234', roles: ['finance'] } });
  finance = (await server.api('POST', '/api/admin/login', { body: { username: 'till', password: 'till-pass-1234' } })).body.token;
});
afterAll(() => server.close());
afterEach(async () => {
  await server.api('PUT', '/sandbox/bank/faults', { body: {} });
  const report = await server.app.ledger.verify();
  expect(report.ok).toBe(true);
});

type Member = Awaited<ReturnType<typeof registerMember>>;
const balance = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount as number;
const read = () => server.app.bankFeed.read();
/** The member's transfer from their registered account into the operator's feed account. */
async function transfer(member: Member, amount: number, options: { fromName?: string; fromBankCode?: string; fromAccountNo?: string; toAccountNo?: string; toBankCode?: string } = {}) {
  const sent = await server.api('POST', '/sandbox/bank/transfers', {
    body: { amount, toAccountNo: options.toAccountNo ?? FEED_ACCOUNT, toBankCode: options.toBankCode ?? 'SCB', fromBankCode: options.fromBankCode ?? member.payload.bankCode, fromAccountNo: options.fromAccountNo ?? member.payload.bankAccountNo, ...(options.fromName ? { fromName: options.fromName } : {}) },
  });
  expect(sent.status).toBe(200);
  return sent.body.transRef as string;
}
const line = (bankRef: string) => server.db.selectFrom('bank_credits').selectAll().where('bank_ref', '=', bankRef).execute();

describe('a transfer from the member’s registered account', () => {
  it('at the same bank (whole number) is credited by itself, once, however often the feed repeats it', async () => {
    const member = await registerMember(server);
    await server.api('PUT', '/sandbox/bank/faults', { body: { repeatEvery: 1 } });
    const ref = await transfer(member, 250);
    await read();
    await read();
    expect(await balance(member)).toBe(250);
    expect(await line(ref)).toEqual([expect.objectContaining({ status: 'credited', member_id: BigInt(member.id) })]);
    const deposits = await server.db.selectFrom('deposits').select(['method', 'amount']).where('member_id', '=', BigInt(member.id)).execute();
    expect(deposits).toEqual([{ method: 'BANK', amount: 25_000n }]);
  });

  it('from another bank (masked number) is credited when the holder’s name says who it is, and waits without a name', async () => {
    const named = await registerMember(server, { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE' });
    const ref = await transfer(named, 300, { fromName: 'Mr. Somchai  Jaidee' });
    const unnamed = await registerMember(server, { bankCode: 'GSB' });
    const waitingRef = await transfer(unnamed, 400);
    await read();
    expect(await balance(named)).toBe(300);
    expect((await line(ref))[0]).toMatchObject({ status: 'credited' });
    expect(await balance(unnamed)).toBe(0);
    const waiting = (await line(waitingRef))[0]!;
    expect(waiting).toMatchObject({ status: 'waiting', reason: 'no_name' });
    expect(waiting.candidates.map(String)).toEqual([unnamed.id]);
  });

  it('from an account no member registered waits for operators, with nothing credited', async () => {
    const member = await registerMember(server);
    const ref = await transfer(member, 120, { fromAccountNo: '9999999999' });
    await read();
    expect((await line(ref))[0]).toMatchObject({ status: 'waiting', reason: 'no_member' });
    expect((await line(ref))[0]!.candidates).toEqual([]);
    expect(await balance(member)).toBe(0);
  });
});

describe('a member who tries to be credited twice for one transfer', () => {
  async function uploadSlip(member: Member, image: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([image], { type: 'image/png' }), 'slip.png');
    const response = await fetch(`${server.url}/api/wallet/slip`, { method: 'POST', headers: { authorization: `Bearer ${member.token}`, 'x-client': 'wallet-user' }, body: form });
    return response.status;
  }
  async function transferWithSlip(member: Member, amount: number) {
    const sent = await server.api('POST', '/sandbox/bank/transfers', {
      body: { amount, toAccountNo: FEED_ACCOUNT, toBankCode: 'SCB', fromBankCode: member.payload.bankCode, fromAccountNo: member.payload.bankAccountNo },
    });
    return Buffer.from((sent.body.slip as string).split(',')[1]!, 'base64');
  }

  it('the feed first, then the slip of the same transfer: credited once', async () => {
    const member = await registerMember(server);
    const image = await transferWithSlip(member, 200);
    await read();
    expect(await balance(member)).toBe(200);
    expect(await uploadSlip(member, image)).toBe(200);
    expect(await balance(member)).toBe(200);
  });

  it('the slip first, then the feed: credited once, the line written as a duplicate', async () => {
    const member = await registerMember(server);
    const image = await transferWithSlip(member, 150);
    expect(await uploadSlip(member, image)).toBe(200);
    expect(await balance(member)).toBe(150);
    await read();
    expect(await balance(member)).toBe(150);
    expect(await server.db.selectFrom('bank_credits').select('status').where('member_id', '=', BigInt(member.id)).execute()).toEqual([{ status: 'duplicate' }]);
  });

  it('the feed first, its line waiting for a name, then the slip: credited once by the slip, the line out of the queue', async () => {
    const member = await registerMember(server, { bankCode: 'GSB' });
    const image = await transferWithSlip(member, 175);
    await read();
    const [waiting] = await server.db.selectFrom('bank_credits').selectAll().where('amount', '=', 17_500n).where('status', '=', 'waiting').execute();
    expect(waiting).toMatchObject({ reason: 'no_name' });
    expect(await uploadSlip(member, image)).toBe(200);
    expect(await balance(member)).toBe(175);
    expect(await line(waiting!.bank_ref)).toEqual([expect.objectContaining({ status: 'duplicate', reason: null, member_id: BigInt(member.id), decided_at: expect.any(Date) })]);
    const queue = await server.api('GET', '/api/admin/bank-credits', { token: finance });
    expect(JSON.stringify(queue.body)).not.toContain(waiting!.bank_ref);
    await read();
    expect(await balance(member)).toBe(175);
  });

  it('the slip first, then a line that names nobody: the line written as a duplicate, not waiting', async () => {
    const member = await registerMember(server, { bankCode: 'GSB' });
    const image = await transferWithSlip(member, 165);
    expect(await uploadSlip(member, image)).toBe(200);
    await read();
    expect(await balance(member)).toBe(165);
    expect(await server.db.selectFrom('bank_credits').select(['status', 'reason', 'member_id']).where('amount', '=', 16_500n).execute()).toEqual([{ status: 'duplicate', reason: null, member_id: BigInt(member.id) }]);
  });

  it('reads racing on two nodes, with the feed repeating itself: credited once', async () => {
    const member = await registerMember(server);
    await server.api('PUT', '/sandbox/bank/faults', { body: { repeatEvery: 1 } });
    await transfer(member, 75);
    // A read's claim on the account lapses only after its lease: clear it between rounds, as a crashed node's would lapse.
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([read(), read(), read()]);
      await server.db.updateTable('bank_feed_cursors').set({ claimed_at: new Date(0) }).execute();
    }
    expect(await balance(member)).toBe(75);
  });

  it('kip sent to a baht account is never credited as baht', async () => {
    const member = await registerMember(server);
    const sent = await server.api('POST', '/sandbox/bank/transfers', {
      body: { amount: 50_000, currency: 'LAK', toAccountNo: FEED_ACCOUNT, toBankCode: 'SCB', fromBankCode: member.payload.bankCode, fromAccountNo: member.payload.bankAccountNo },
    });
    await read();
    expect(await balance(member)).toBe(0);
    const waiting = (await line(sent.body.transRef))[0]!;
    expect(waiting).toMatchObject({ status: 'waiting', reason: 'currency' });
    // Nor can operators assign it to a baht wallet.
    expect((await server.api('POST', `/api/admin/bank-credits/${waiting.id}/assign`, { token: finance, body: { memberId: member.id } })).status).toBe(400);
  });
});

describe('what waits, operators credit: one names the member, a second credits it', () => {
  it('proposes, refuses the same operator, credits once on the second, and never again', async () => {
    const member = await registerMember(server, { bankCode: 'GSB' });
    const ref = await transfer(member, 500);
    await read();
    const queue = (await server.api('GET', '/api/admin/bank-credits', { token: finance })).body;
    const waiting = queue.credits.find((credit: { bankRef: string }) => credit.bankRef === ref);
    expect(waiting).toMatchObject({ amount: 500, reason: 'no_name', assignable: true, candidates: [expect.objectContaining({ memberId: member.id })] });
    const assign = (token: string) => server.api('POST', `/api/admin/bank-credits/${waiting.id}/assign`, { token, body: { memberId: member.id } });
    expect((await assign(finance)).body.message).toBe('PROPOSED');
    expect(await assign(finance)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
    expect(await balance(member)).toBe(0);
    expect((await assign(chief)).body.message).toBe('SUCCESS');
    expect(await balance(member)).toBe(500);
    expect((await assign(finance)).status).toBe(409);
    expect((await line(ref))[0]).toMatchObject({ status: 'assigned', proposed_by: 'till', assigned_by: 'chief' });
    const audit = await server.db.selectFrom('audit_log').select('action').where('action', 'like', 'bank_credit.%').execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['bank_credit.assign', 'bank_credit.propose']);
  });

  it('a batch of several transfers is not assigned to one member: the members’ slips credit it', async () => {
    const first = await registerMember(server);
    const second = await registerMember(server);
    // The demo's GSB account, which no other test here pays into.
    const batched = { toAccountNo: '020123456789', toBankCode: 'GSB' };
    await server.api('PUT', '/sandbox/bank/faults', { body: { batchCreditsWithinMinutes: 10, batchAccounts: [batched.toAccountNo] } });
    await transfer(first, 100, batched);
    await transfer(second, 200, batched);
    await read();
    const batch = await server.db.selectFrom('bank_credits').selectAll().where('batch_count', '=', 2).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ status: 'waiting', reason: 'batch' });
    expect((await server.api('POST', `/api/admin/bank-credits/${batch.id}/assign`, { token: finance, body: { memberId: first.id } })).status).toBe(400);
    expect(await balance(first)).toBe(0);
  });

  it('a member never reaches the queue', async () => {
    const member = await registerMember(server);
    expect((await server.api('GET', '/api/admin/bank-credits', { token: member.token })).status).toBe(401);
  });
});

describe('the feed down or slow', () => {
  it('reads nothing, keeps its place, and reads the transfer on the next run', async () => {
    const member = await registerMember(server);
    const ref = await transfer(member, 90);
    await server.api('PUT', '/sandbox/bank/faults', { body: { unavailable: true } });
    const failed = await read();
    expect(JSON.stringify(failed)).toContain('error');
    expect(await line(ref)).toEqual([]);
    await server.api('PUT', '/sandbox/bank/faults', { body: {} });
    await read();
    expect(await balance(member)).toBe(90);
  });
});
