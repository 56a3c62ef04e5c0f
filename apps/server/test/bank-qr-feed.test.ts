import { generate } from 'promptparse';
import { billPayment } from 'promptparse/validate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/adapters/payment-gateway.js';
import { type TestServer, registerMember, startTestServer } from './harness.js';

// Bank QRs of our own: a PromptPay bill-payment QR to the operator's biller ID, paid straight into
// the operator's account and credited from its statement, with no gateway between. Over real HTTP
// against the sandbox bank, which pays the QR as a member's banking app would.
let server: TestServer;
let chief: string;
let finance: string;
const METHOD = 'KTB'; // the demo's KTB QR account (apps/server/src/seed/seed.ts)
const BILLER_ID = '010556100000101';
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
beforeAll(async () => {
  server = await startTestServer({ env: { GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
  await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'till', password: 'till-pass-1234', roles: ['finance'] } });
  finance = (await server.api('POST', '/api/admin/login', { body: { username: 'till', password: 'till-pass-1234' } })).body.token;
});
afterAll(() => server.close());
afterEach(async () => {
  await server.api('PUT', '/sandbox/bank/faults', { body: {} });
  expect((await server.app.ledger.verify()).ok).toBe(true);
});

type Member = Awaited<ReturnType<typeof registerMember>>;
type ShownQr = { qrcodeId: string; payload: string; amount: number; expireIn: number };
const balance = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount as number;
const read = () => server.app.bankFeed.read();
async function createQr(member: Member, amount: number): Promise<ShownQr> {
  const created = await server.api('POST', `/api/qrcode/${METHOD}`, { token: member.token, body: { amount } });
  expect(created.body).toMatchObject({ hasQrcode: true });
  return created.body as ShownQr;
}
/** The member's banking app pays a QR (by default from their registered account); its transRef and slip. */
async function payQr(payload: string, from: Member, options: { minutesAgo?: number } = {}) {
  const paid = await server.api('POST', '/sandbox/bank/qr-payments', {
    body: { payload, fromBankCode: from.payload.bankCode, fromAccountNo: from.payload.bankAccountNo, ...options },
  });
  expect(paid.status).toBe(200);
  return paid.body as { transRef: string; slip: string };
}
const line = async (bankRef: string) => (await server.db.selectFrom('bank_credits').selectAll().where('bank_ref', '=', bankRef).execute())[0];
const deposits = (member: Member) => server.db.selectFrom('deposits').select(['method', 'amount']).where('member_id', '=', BigInt(member.id)).execute();

describe('a bank QR of our own', () => {
  it('is a bill payment to the operator’s biller ID for the amount, carrying the QR’s reference, and no gateway knows it', async () => {
    const member = await registerMember(server);
    const qr = await createQr(member, 150);
    const read = billPayment(qr.payload);
    expect(read).toMatchObject({ billerId: BILLER_ID, amount: 150 });
    expect(read!.ref1).toMatch(/^Q[0-9A-F]{19}$/);
    const row = await server.db.selectFrom('deposit_qrcodes').select(['gateway_ref', 'account_id']).where('id', '=', qr.qrcodeId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ gateway_ref: read!.ref1, account_id: expect.any(BigInt) });
    expect(await server.db.selectFrom('sandbox_gateway_qrs').select('reference').where('reference', '=', qr.qrcodeId).execute()).toEqual([]);
    // The reconciler never asks a gateway about it.
    await server.app.reconciler.run();
    expect((await server.db.selectFrom('deposit_qrcodes').select('checked_at').where('id', '=', qr.qrcodeId).executeTakeFirstOrThrow()).checked_at).toBeNull();
  });

  it('paid from the member’s registered account is credited from the statement once, however often the feed repeats it, and the QR screen sees it paid', async () => {
    const member = await registerMember(server);
    const qr = await createQr(member, 275);
    await server.api('PUT', '/sandbox/bank/faults', { body: { repeatEvery: 1 } });
    const { transRef } = await payQr(qr.payload, member);
    await read();
    await read();
    expect(await balance(member)).toBe(275);
    expect(await deposits(member)).toEqual([{ method: METHOD, amount: 27_500n }]);
    expect(await line(transRef)).toMatchObject({ status: 'credited', member_id: BigInt(member.id) });
    expect((await server.api('GET', `/api/qrcode/${METHOD}`, { token: member.token })).body).toEqual({ hasQrcode: false, paid: { qrcodeId: qr.qrcodeId, amount: 275 } });
  });

  it('asks one member a few satang more than another who asked the same amount at the same time, so a statement without references still tells them apart', async () => {
    const members = await Promise.all([registerMember(server), registerMember(server), registerMember(server), registerMember(server)]);
    const qrs = await Promise.all(members.map((member) => createQr(member, 333)));
    const amounts = qrs.map((qr) => qr.amount).sort((a, b) => a - b);
    expect(amounts).toEqual([333, 333.01, 333.02, 333.03]);
    for (const qr of qrs) expect(billPayment(qr.payload)!.amount).toBe(qr.amount);
    await server.api('PUT', '/sandbox/bank/faults', { body: { hideBillReferences: true } });
    for (const [index, member] of members.entries()) await payQr(qrs[index]!.payload, member);
    await read();
    for (const [index, member] of members.entries()) expect(await balance(member)).toBe(qrs[index]!.amount);
  });

  it('cancelled, yet paid: the money did arrive, so it is credited by the QR’s reference', async () => {
    const member = await registerMember(server);
    const qr = await createQr(member, 120);
    expect((await server.api('DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: member.token })).status).toBe(200);
    await payQr(qr.payload, member);
    await read();
    expect(await balance(member)).toBe(120);
  });

  it('a slip uploaded for the QR’s transfer after the statement credited it credits nothing more', async () => {
    const member = await registerMember(server);
    const qr = await createQr(member, 210);
    const { slip } = await payQr(qr.payload, member);
    await read();
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(slip.split(',')[1]!, 'base64')], { type: 'image/png' }), 'slip.png');
    const uploaded = await fetch(`${server.url}/api/wallet/slip`, { method: 'POST', headers: { authorization: `Bearer ${member.token}`, 'x-client': 'wallet-user' }, body: form });
    expect(uploaded.status).toBe(200);
    expect(await balance(member)).toBe(210);
    expect(await deposits(member)).toEqual([{ method: METHOD, amount: 21_000n }]);
  });

  it('refuses with QR_FAIL, writing nothing, when a hundred amounts in a row are already asked at the account', async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    const [account] = await server.db.selectFrom('deposit_accounts').select('id').where('bank_code', '=', METHOD).execute();
    const expiresAt = new Date(Date.now() + 10 * 60_000);
    await server.db
      .insertInto('deposit_qrcodes')
      .values(Array.from({ length: 100 }, (_, step) => ({ id: crypto.randomUUID(), member_id: BigInt(other.id), method: METHOD, amount: 77_700n + BigInt(step), payload: 'x', gateway_ref: `QFULL${step}`, expires_at: expiresAt, account_id: account!.id })))
      .execute();
    const refused = await server.api('POST', `/api/qrcode/${METHOD}`, { token: member.token, body: { amount: 777 } });
    expect(refused.body).toEqual({ hasQrcode: false, message: 'QR_FAIL' });
    expect(await server.db.selectFrom('deposit_qrcodes').select('id').where('member_id', '=', BigInt(member.id)).execute()).toEqual([]);
    await server.db.updateTable('deposit_qrcodes').set({ status: 'cancelled', expires_at: new Date(0) }).where('gateway_ref', 'like', 'QFULL%').execute();
  });
});

describe('a member who tries to be credited without paying in', () => {
  it('asks again and again to take every amount near a popular one: the sixth QR held is refused, and others still get theirs', async () => {
    const hoarder = await registerMember(server);
    const other = await registerMember(server);
    const held = [];
    for (let step = 0; step < 5; step += 1) held.push((await createQr(hoarder, 650 + step / 100)).amount);
    expect(held).toEqual([650, 650.01, 650.02, 650.03, 650.04]);
    const refused = await server.api('POST', `/api/qrcode/${METHOD}`, { token: hoarder.token, body: { amount: 650.05 } });
    expect(refused.body).toEqual({ hasQrcode: false, message: 'REQUEST_LIMIT' });
    expect((await server.api('GET', `/api/qrcode/${METHOD}`, { token: hoarder.token })).body).toMatchObject({ hasQrcode: true, amount: 650.04 });
    expect((await createQr(other, 650)).amount).toBe(650.05);
  });

  it('pays another member’s QR from their own account: it waits for operators, naming the QR’s member, and credits neither', async () => {
    const owner = await registerMember(server);
    const payer = await registerMember(server);
    const qr = await createQr(owner, 180);
    const { transRef } = await payQr(qr.payload, payer);
    await read();
    const waiting = await line(transRef);
    expect(waiting).toMatchObject({ status: 'waiting', reason: 'other_sender' });
    expect(waiting!.candidates.map(String)).toEqual([owner.id]);
    expect([await balance(owner), await balance(payer)]).toEqual([0, 0]);
  });

  it('asks for a burst of QRs at once: at most five are held, the rest refused, no two asking one amount', async () => {
    const hoarder = await registerMember(server);
    const answers = await Promise.all(Array.from({ length: 10 }, () => server.api('POST', `/api/qrcode/${METHOD}`, { token: hoarder.token, body: { amount: 720 } })));
    const shown = answers.filter((answer) => answer.body.hasQrcode);
    expect(shown.length).toBe(5);
    expect(answers.filter((answer) => answer.body.message === 'REQUEST_LIMIT')).toHaveLength(5);
    expect(new Set(shown.map((answer) => answer.body.amount)).size).toBe(5);
    const held = await server.db.selectFrom('deposit_qrcodes').select('amount').where('member_id', '=', BigInt(hoarder.id)).execute();
    expect(held).toHaveLength(5);
  });

  it('has one operator credit a waiting QR line to the QR’s member alone: proposed only, and the same operator cannot confirm it', async () => {
    const owner = await registerMember(server);
    const payer = await registerMember(server);
    const qr = await createQr(owner, 190);
    const { transRef } = await payQr(qr.payload, payer);
    await read();
    const waiting = await line(transRef);
    expect(waiting).toMatchObject({ status: 'waiting', reason: 'other_sender' });
    const assign = () => server.api('POST', `/api/admin/bank-credits/${waiting!.id}/assign`, { token: finance, body: { memberId: owner.id } });
    expect((await assign()).body).toMatchObject({ message: 'PROPOSED' });
    expect((await assign()).status).toBe(403);
    expect(await balance(owner)).toBe(0);
    expect(await line(transRef)).toMatchObject({ status: 'waiting' });
  });

  it('pays their own QR’s reference with a smaller amount: credited what they paid, not what the QR asked', async () => {
    const member = await registerMember(server);
    const qr = await createQr(member, 500);
    const forged = generate.billPayment({ billerId: BILLER_ID, amount: 1, ref1: billPayment(qr.payload)!.ref1 });
    await payQr(forged, member);
    await read();
    expect(await balance(member)).toBe(1);
    expect(await deposits(member)).toEqual([{ method: METHOD, amount: 100n }]);
  });

  it('has a gateway claim a payment of a QR of our own: nothing is credited', async () => {
    const member = await registerMember(server);
    const qr = await createQr(member, 260);
    const raw = JSON.stringify({ eventId: crypto.randomUUID(), gatewayRef: billPayment(qr.payload)!.ref1, amount: 26_000, paidAt: new Date().toISOString() });
    const timestamp = Date.now();
    const answer = await server.api('POST', '/api/webhooks/gateway', { raw, headers: { 'x-timestamp': String(timestamp), 'x-signature': signWebhook(WEBHOOK_SECRET, timestamp, raw) } });
    expect(answer.status).toBe(404);
    expect(await balance(member)).toBe(0);
  });

  it('pays a QR’s amount without its reference before the QR existed: no QR is named, so it is the sender’s own deposit', async () => {
    const member = await registerMember(server);
    const stranger = await registerMember(server, { bankCode: 'KTB' });
    const qr = await createQr(member, 90);
    await server.api('PUT', '/sandbox/bank/faults', { body: { hideBillReferences: true } });
    // Paid half an hour ago: before the QR was issued, so its window does not fit the line's time.
    const { transRef } = await payQr(qr.payload, stranger, { minutesAgo: 30 });
    await read();
    expect(await line(transRef)).toMatchObject({ status: 'credited', member_id: BigInt(stranger.id) });
    expect([await balance(member), await balance(stranger)]).toEqual([0, 90]);
  });
});
