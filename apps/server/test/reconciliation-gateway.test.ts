import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, type SettlementLine, createHttpPaymentGateway } from '../src/adapters/payment-gateway.js';
import { type Entry, type RuleSettings, match } from '../src/modules/reconciliation/matcher.js';
import type { GamingDay } from '../src/modules/reconciliation/source.js';
import { createGatewaySource } from '../src/modules/reconciliation/sources/gateway.source.js';
import { type TestServer, registerMember, startTestServer } from './harness.js';

const TIME_ZONE = 'Asia/Bangkok';
/** The gateway's starting rule (migration 064). */
const RULE: RuleSettings = { matchOn: 'reference', amountTolerance: 0, dateWindowMinutes: 60, feeBasisPoints: 150 };

let server: TestServer;
let gateway: ReturnType<typeof createHttpPaymentGateway>;
let source: ReturnType<typeof createGatewaySource>;
beforeAll(async () => {
  server = await startTestServer();
  gateway = createHttpPaymentGateway({ baseUrl: () => `${server.url}/sandbox/gateway/api`, timeoutMs: 5_000 });
  source = createGatewaySource({ db: server.db, gateway, timeZone: TIME_ZONE, currencies: ['THB'] });
});
afterAll(() => server.close());

/** Today in Bangkok (UTC+7 all year): the day the sandbox's payments fall on. */
function today(): GamingDay {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const from = new Date(`${day}T00:00:00+07:00`);
  return { day, from, to: new Date(from.getTime() + 24 * 3600_000) };
}

const faults = async (body: object) => expect((await server.api('PUT', '/sandbox/gateway/faults', { body })).status).toBe(200);

/** A member's QR, paid at the sandbox gateway: answers our QR id and the gateway's reference. */
async function paidQr(amountBaht: number, member?: Awaited<ReturnType<typeof registerMember>>) {
  const payer = member ?? (await registerMember(server));
  const qr = await server.api('POST', '/api/qrcode/KBANK', { token: payer.token, body: { amount: amountBaht } });
  expect(qr.status).toBe(200);
  const paid = await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.body.qrcodeId } });
  expect(paid.status).toBe(200);
  const row = await server.db.selectFrom('deposit_qrcodes').select(['gateway_ref', 'member_id']).where('id', '=', qr.body.qrcodeId).executeTakeFirstOrThrow();
  return { qrId: qr.body.qrcodeId as string, gatewayRef: row.gateway_ref, memberId: row.member_id, member: payer, webhookStatus: paid.body.webhookStatus as number };
}

const depositOf = (gatewayRef: string) => server.db.selectFrom('deposits').selectAll().where('external_ref', '=', `gateway:${gatewayRef}`).executeTakeFirst();
const lineOf = (lines: SettlementLine[], gatewayRef: string, type: 'payment' | 'refund' = 'payment') => lines.find((line) => line.gatewayRef === gatewayRef && line.type === type);
const refs = (entries: Array<Entry | null>) => entries.map((entry) => entry?.ref);

async function reconcile() {
  const gathered = await source.gather(today(), RULE);
  return { ...gathered, result: match(gathered.ours, gathered.theirs, RULE) };
}

// Clean traffic first: the day holds nothing else yet, so every entry of it must match.
describe('the gateway source', () => {
  it('gathers a clean day and every payment matches its credit, one to one on our reference', async () => {
    const paid = [await paidQr(101), await paidQr(250.5), await paidQr(999.99)];
    const { ours, theirs, result } = await reconcile();
    expect(result.exceptions).toEqual([]);
    expect(result.matched).toHaveLength(3);
    for (const { qrId, gatewayRef, memberId } of paid) {
      const deposit = (await depositOf(gatewayRef))!;
      const our = ours.find((entry) => entry.ref === deposit.id)!;
      const their = theirs.find((entry) => entry.ref === gatewayRef)!;
      // Every field the matcher and the exceptions queue read, on both sides.
      expect(our).toMatchObject({ matchRef: qrId, kind: 'payment', currency: 'THB', amount: deposit.amount, memberId, outsideDay: false });
      expect(our.at.getTime()).toBe(deposit.created_at.getTime());
      const fee = (deposit.amount * 150n + 5_000n) / 10_000n;
      expect(their).toMatchObject({ matchRef: qrId, kind: 'payment', currency: 'THB', amount: deposit.amount, fee, outsideDay: false });
      expect(their.detail).toMatchObject({ gatewayRef, reference: qrId, net: String(deposit.amount - fee) });
      expect(Math.abs(their.at.getTime() - our.at.getTime())).toBeLessThan(60_000);
      expect(result.matched).toContainEqual({ ours: [our], theirs: [their] });
    }
  });

  it('finds a changed fee as amount_differs', async () => {
    const { gatewayRef, qrId } = await paidQr(300);
    await faults({ settlementFees: { [gatewayRef]: 600 } }); // 2 % where the contract says 1.5 %
    const { result } = await reconcile();
    await faults({});
    const found = result.exceptions.filter((exception) => exception.theirs?.ref === gatewayRef);
    expect(found).toMatchObject([{ kind: 'amount_differs', ours: { matchRef: qrId }, theirs: { fee: 600n }, detail: { fee: '600', expectedFee: '450' } }]);
  });

  it('finds a payment the gateway took whose webhook never reached us as theirs_only', async () => {
    await faults({ withholdWebhooks: 1 });
    const { gatewayRef, qrId, webhookStatus } = await paidQr(420);
    expect(webhookStatus).toBe(0);
    expect(await depositOf(gatewayRef)).toBeUndefined();
    const { result } = await reconcile();
    expect(result.exceptions.filter((exception) => exception.theirs?.ref === gatewayRef)).toMatchObject([
      { kind: 'theirs_only', ours: null, theirs: { matchRef: qrId, kind: 'payment', amount: 42_000n } },
    ]);
  });

  it('finds a payment line for a reference we never issued as theirs_only', async () => {
    await faults({ settlementExtraLines: [{ reference: 'never-issued-by-us', amount: 77_700 }] });
    const { result } = await reconcile();
    await faults({});
    expect(result.exceptions.filter((exception) => exception.theirs?.matchRef === 'never-issued-by-us')).toMatchObject([
      { kind: 'theirs_only', theirs: { kind: 'payment', amount: 77_700n, fee: 1_166n } },
    ]);
  });

  it('finds a credited deposit missing from their report as ours_only', async () => {
    const { gatewayRef, qrId } = await paidQr(555);
    const deposit = (await depositOf(gatewayRef))!;
    await faults({ settlementDrop: [gatewayRef] });
    const { result } = await reconcile();
    await faults({});
    expect(result.exceptions.filter((exception) => exception.ours?.ref === deposit.id)).toMatchObject([
      { kind: 'ours_only', theirs: null, ours: { matchRef: qrId, kind: 'payment', amount: 55_500n } },
    ]);
  });

  it('keeps a refund apart from the payment it returns, as theirs only, in its own direction', async () => {
    const { gatewayRef, qrId } = await paidQr(180);
    expect((await server.api('POST', '/sandbox/gateway/refunds', { body: { gatewayRef } })).status).toBe(200);
    const { theirs, result } = await reconcile();
    expect(theirs.find((entry) => entry.ref === `refund:${gatewayRef}`)).toMatchObject({ kind: 'refund', matchRef: qrId, amount: 18_000n });
    expect(result.exceptions.filter((exception) => exception.theirs?.ref === `refund:${gatewayRef}`)).toMatchObject([{ kind: 'theirs_only' }]);
    // The payment itself still matches its credit.
    expect(result.matched.some((pair) => refs(pair.theirs).includes(gatewayRef))).toBe(true);
  });

  it('surfaces a report whose paid-out net is not what its lines add up to', async () => {
    const clean = await reconcile();
    expect(clean.theirs.filter((entry) => entry.kind === 'settlement_totals')).toEqual([]);
    await faults({ settlementNetOffBy: -1_234 });
    const { result } = await reconcile();
    await faults({});
    expect(result.exceptions.filter((exception) => exception.theirs?.kind === 'settlement_totals')).toMatchObject([
      { kind: 'theirs_only', theirs: { ref: `totals:${today().day}:THB`, amount: -1_234n, currency: 'THB' } },
    ]);
  });

  it('fails the gather when the report cannot be had', async () => {
    await faults({ settlementUnavailable: true });
    await expect(source.gather(today(), RULE)).rejects.toBeInstanceOf(GatewayError);
    await faults({});
  });
});

describe('the gateway adapter: settlementReport against the sandbox gateway', () => {
  it('answers each payment with its fee at 1.50 % rounded half up, and totals that add up', async () => {
    const { gatewayRef, qrId } = await paidQr(101); // 1.5 % of 101.00 is 1.515: 1.52
    const report = await gateway.settlementReport(today().day);
    expect(report).toMatchObject({ date: today().day, currency: 'THB' });
    const line = lineOf(report.lines, gatewayRef)!;
    expect(line).toMatchObject({ reference: qrId, type: 'payment', gross: 10_100n, fee: 152n, net: 9_948n, currency: 'THB' });
    expect(Math.abs(line.paidAt.getTime() - Date.now())).toBeLessThan(60_000);
    const sum = (field: 'gross' | 'fee' | 'net') => report.lines.reduce((total, each) => total + each[field], 0n);
    expect(report.totals).toEqual({ gross: sum('gross'), fees: sum('fee'), net: sum('net') });
    // Another day, and another currency, hold none of it.
    expect(lineOf((await gateway.settlementReport('2020-01-01')).lines, gatewayRef)).toBeUndefined();
    expect((await gateway.settlementReport(today().day, { currency: 'LAK' })).lines).toEqual([]);
  });

  it('a different fee, a dropped payment, an invented line, a wrong net, as told', async () => {
    const changed = await paidQr(200);
    const dropped = await paidQr(210);
    await faults({ settlementFees: { [changed.gatewayRef]: 1 }, settlementDrop: [dropped.gatewayRef], settlementExtraLines: [{ reference: 'stranger', amount: 5_000 }], settlementNetOffBy: 99 });
    const report = await gateway.settlementReport(today().day);
    await faults({});
    expect(lineOf(report.lines, changed.gatewayRef)).toMatchObject({ gross: 20_000n, fee: 1n, net: 19_999n });
    expect(lineOf(report.lines, dropped.gatewayRef)).toBeUndefined();
    expect(report.lines.find((line) => line.reference === 'stranger')).toMatchObject({ type: 'payment', gross: 5_000n, fee: 75n, net: 4_925n });
    expect(report.totals.net).toBe(report.lines.reduce((total, line) => total + line.net, 0n) + 99n);
  });

  it('a payment whose webhook was withheld is on the report though we never heard of it', async () => {
    await faults({ withholdWebhooks: 1 });
    const { gatewayRef } = await paidQr(130);
    expect(await depositOf(gatewayRef)).toBeUndefined();
    expect(lineOf((await gateway.settlementReport(today().day)).lines, gatewayRef)).toMatchObject({ type: 'payment', gross: 13_000n });
    // The next payment's webhook is sent again.
    const next = await paidQr(131);
    expect(next.webhookStatus).toBe(200);
    expect(await depositOf(next.gatewayRef)).toBeDefined();
  });

  it('a refund is a line of its own, negative, with no fee returned', async () => {
    const { gatewayRef } = await paidQr(140);
    expect((await server.api('POST', '/sandbox/gateway/refunds', { body: { gatewayRef } })).status).toBe(200);
    expect((await server.api('POST', '/sandbox/gateway/refunds', { body: { gatewayRef } })).status).toBe(409);
    const report = await gateway.settlementReport(today().day);
    expect(lineOf(report.lines, gatewayRef, 'refund')).toMatchObject({ gross: -14_000n, fee: 0n, net: -14_000n });
    expect(lineOf(report.lines, gatewayRef, 'payment')).toMatchObject({ gross: 14_000n, fee: 210n });
  });

  it('throws GatewayError while the report is unavailable (503)', async () => {
    await faults({ settlementUnavailable: true });
    await expect(gateway.settlementReport(today().day)).rejects.toThrow(/503/);
    await faults({});
    await expect(gateway.settlementReport(today().day)).resolves.toMatchObject({ currency: 'THB' });
  });
});
