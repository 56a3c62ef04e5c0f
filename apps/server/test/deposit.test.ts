import crypto from 'node:crypto';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { parse } from 'promptparse';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/adapters/payment-gateway.js';
import { type TestServer, registerMember, startTestServer } from './harness.js';

// jsqr is CommonJS with `export default` typings: under NodeNext the default import is the module.
const jsQR = (jsQRModule as unknown as { default: typeof jsQRModule.default }).default ?? (jsQRModule as unknown as typeof jsQRModule.default);

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
const createQr = (member: Member, method: string, amount: number) => server.api('POST', `/api/qrcode/${method}`, { token: member.token, body: { amount } });
const walletAmount = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount;

/** CRC-16/CCITT-FALSE written here on its own, to check the payload independently of promptparse. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'ascii')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

async function decodeQrImage(payload: string): Promise<string> {
  const png = PNG.sync.read(await QRCode.toBuffer(payload, { type: 'png', width: 400 }));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!decoded) throw new Error('QR did not decode');
  return decoded.data;
}

async function webhook(body: object, { secret = WEBHOOK_SECRET, timestamp = Date.now(), tamper }: { secret?: string; timestamp?: number; tamper?: (raw: string) => string } = {}) {
  const raw = JSON.stringify(body);
  const signature = signWebhook(secret, timestamp, raw);
  return server.api('POST', '/api/webhooks/gateway', { raw: tamper ? tamper(raw) : raw, headers: { 'x-timestamp': String(timestamp), 'x-signature': signature } });
}

describe('QR deposits', () => {
  it('issues a dynamic PromptPay payload for the exact amount that an independent decoder reads back', async () => {
    const member = await registerMember(server);
    const created = await createQr(member, 'KBANK', 150.25);
    expect(created.body).toMatchObject({ hasQrcode: true, amount: 150.25, qrcode: expect.stringContaining('<svg') });
    expect(created.body.expireIn - Date.now()).toBeGreaterThan(14 * 60_000);

    const fromImage = await decodeQrImage(created.body.payload);
    expect(fromImage).toBe(created.body.payload);
    expect(crc16(fromImage.slice(0, -4))).toBe(fromImage.slice(-4));
    const parsed = parse(fromImage, true);
    expect(parsed?.getTagValue('01')).toBe('12'); // dynamic: one payment, this amount
    expect(parsed?.getTagValue('54')).toBe('150.25');
    expect(parsed?.getTagValue('53')).toBe('764');
    expect(parsed?.getTagValue('58')).toBe('TH');
    expect(parsed?.getTagValue('30', '00')).toBe('A000000677010112');
  });

  it('keeps one open QR per member and method, cancels it, and refuses other members', async () => {
    const member = await registerMember(server);
    const stranger = await registerMember(server);
    const first = await createQr(member, 'KBANK', 100);
    const second = await createQr(member, 'KBANK', 200);
    const current = await server.api('GET', '/api/qrcode/KBANK', { token: member.token });
    expect(current.body.qrcodeId).toBe(second.body.qrcodeId);
    expect(current.body.qrcodeId).not.toBe(first.body.qrcodeId);
    expect(await server.api('DELETE', `/api/qrcode/${second.body.qrcodeId}`, { token: stranger.token })).toMatchObject({ status: 404 });
    expect((await server.api('DELETE', `/api/qrcode/${second.body.qrcodeId}`, { token: member.token })).status).toBe(200);
    expect((await server.api('GET', '/api/qrcode/KBANK', { token: member.token })).body).toEqual({ hasQrcode: false });
    expect((await server.api('GET', '/api/qrcode/KBANK', { token: stranger.token })).body).toEqual({ hasQrcode: false });
  });

  it('cancels a QR at the gateway too: the gateway refuses to take a payment for it', async () => {
    const member = await registerMember(server);
    const cancelled = (await createQr(member, 'KBANK', 120)).body;
    expect((await server.api('DELETE', `/api/qrcode/${cancelled.qrcodeId}`, { token: member.token })).status).toBe(200);
    expect(await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: cancelled.qrcodeId } })).toMatchObject({ status: 409, body: { error: 'QR_CANCELLED' } });
    // A QR replaced by a new one is cancelled at the gateway as well.
    const replaced = (await createQr(member, 'KBANK', 130)).body;
    const current = (await createQr(member, 'KBANK', 140)).body;
    expect(await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: replaced.qrcodeId } })).toMatchObject({ status: 409 });
    expect((await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: current.qrcodeId } })).body).toEqual({ paid: true, webhookStatus: 200 });
    expect(await walletAmount(member)).toBe(140);
  });

  it('still credits a payment that arrives for a QR the member cancelled: the money did arrive', async () => {
    const member = await registerMember(server);
    const qr = (await createQr(member, 'WW', 250)).body;
    const row = await server.db.selectFrom('deposit_qrcodes').select('gateway_ref').where('id', '=', qr.qrcodeId).executeTakeFirstOrThrow();
    await server.api('DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: member.token });
    expect((await webhook({ eventId: crypto.randomUUID(), gatewayRef: row.gateway_ref, amount: 25_000 })).body).toEqual({ status: 'credited' });
    expect(await walletAmount(member)).toBe(250);
  });

  it('expires a QR after 15 minutes', async () => {
    const member = await registerMember(server);
    await createQr(member, 'KBANK', 100);
    server.clock.advance(15 * 60_000 + 1000);
    try {
      expect((await server.api('GET', '/api/qrcode/KBANK', { token: member.token })).body).toEqual({ hasQrcode: false });
    } finally {
      server.clock.advance(-(15 * 60_000 + 1000)); // webhooks that follow are checked against this clock
    }
  });

  it('answers hasQrcode false with a message for the gateway minimum and unknown methods', async () => {
    const member = await registerMember(server);
    expect((await createQr(member, 'WW', 99.99)).body).toEqual({ hasQrcode: false, message: 'DEPOSIT_MINIMUM' });
    expect((await createQr(member, 'ZAPMAN', 100)).body.hasQrcode).toBe(true);
    expect((await createQr(member, 'SCB', 100)).body).toEqual({ hasQrcode: false, message: 'QR_FAIL' });
    expect(await createQr(member, 'KBANK', 1.001)).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
  });

  it('credits the wallet once when the sandbox gateway is paid, and shows it in the statement', async () => {
    const member = await registerMember(server);
    const qr = (await createQr(member, 'KBANK', 300)).body;
    const paid = await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } });
    expect(paid.body).toEqual({ paid: true, webhookStatus: 200 });
    expect(await walletAmount(member)).toBe(300);
    // The screen still showing that QR learns it was paid, and how much was credited.
    expect((await server.api('GET', '/api/qrcode/KBANK', { token: member.token })).body).toEqual({ hasQrcode: false, paid: { qrcodeId: qr.qrcodeId, amount: 300 } });
    const statement = await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } });
    expect(statement.body.statements[0]).toMatchObject({ statementType: 'deposit', from: 'KBANK', to: 'WALLET', amount: 300, status: 'SUCCESS' });
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });
});

describe('gateway webhooks', () => {
  async function paidQr() {
    const member = await registerMember(server);
    const qr = (await createQr(member, 'WW', 500)).body;
    const row = await server.db.selectFrom('deposit_qrcodes').select('gateway_ref').where('id', '=', qr.qrcodeId).executeTakeFirstOrThrow();
    return { member, event: { eventId: crypto.randomUUID(), gatewayRef: row.gateway_ref, amount: 50_000 } };
  }

  it('credits nothing for unsigned, re-signed, tampered or stale deliveries', async () => {
    const { member, event } = await paidQr();
    const unsigned = await server.api('POST', '/api/webhooks/gateway', { body: event });
    expect(unsigned).toMatchObject({ status: 401, body: { message: 'UNAUTHORIZED' } });
    expect((await webhook(event, { secret: 'someone-elses-secret-123456' })).status).toBe(401);
    expect((await webhook(event, { tamper: (raw) => raw.replace('50000', '5000000') })).status).toBe(401);
    expect((await webhook(event, { timestamp: Date.now() - 6 * 60_000 })).status).toBe(401);
    expect(await walletAmount(member)).toBe(0);
    expect((await webhook(event)).body).toEqual({ status: 'credited' });
    expect(await walletAmount(member)).toBe(500);
  });

  it('credits once for a replayed delivery, a redelivery with a new event id, and two at the same time', async () => {
    const { member, event } = await paidQr();
    const [a, b] = await Promise.all([webhook(event), webhook(event)]);
    expect([a.body.status, b.body.status].sort()).toEqual(['credited', 'duplicate']);
    expect((await webhook(event)).body).toEqual({ status: 'duplicate' });
    expect((await webhook({ ...event, eventId: crypto.randomUUID() })).body).toEqual({ status: 'duplicate' });
    expect(await walletAmount(member)).toBe(500);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  // The sandbox never sent a webhook twice, so nothing showed the product takes repeats.
  it('the gateway sends the same event again after answers it did not see, and the payment is credited once', async () => {
    const member = await registerMember(server);
    const qr = (await createQr(member, 'KBANK', 180)).body;
    const { gateway_ref: gatewayRef } = await server.db.selectFrom('deposit_qrcodes').select('gateway_ref').where('id', '=', qr.qrcodeId).executeTakeFirstOrThrow();
    await server.api('PUT', '/sandbox/gateway/faults', { body: { loseWebhookAnswers: 2, webhookRetryDelaysMs: [20, 40, 80] } });
    try {
      expect((await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } })).body).toEqual({ paid: true, webhookStatus: 200 });
      let deliveries: Array<{ eventId: string; status: number; lost: boolean }> = [];
      for (let wait = 0; wait < 100 && deliveries.length < 3; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        deliveries = (await server.api('GET', `/sandbox/gateway/deliveries?gatewayRef=${gatewayRef}`)).body.deliveries;
      }
      // Three deliveries of one event: two whose answers were lost, then one seen; no fourth.
      expect(deliveries.map((delivery) => [delivery.status, delivery.lost])).toEqual([[200, true], [200, true], [200, false]]);
      expect(new Set(deliveries.map((delivery) => delivery.eventId)).size).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await server.api('GET', `/sandbox/gateway/deliveries?gatewayRef=${gatewayRef}`)).body.deliveries).toHaveLength(3);
      expect(await walletAmount(member)).toBe(180);
      const statement = await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } });
      expect(statement.body.statements.filter((line: { amount: number; statementType: string }) => line.statementType === 'deposit')).toHaveLength(1);
      expect((await server.app.ledger.verify()).ok).toBe(true);
    } finally {
      await server.api('PUT', '/sandbox/gateway/faults', { body: {} });
    }
  });

  it('the gateway retries a delivery our server failed, with its backoff, until one is answered', async () => {
    const member = await registerMember(server);
    const qr = (await createQr(member, 'KBANK', 60)).body;
    const { gateway_ref: gatewayRef } = await server.db.selectFrom('deposit_qrcodes').select('gateway_ref').where('id', '=', qr.qrcodeId).executeTakeFirstOrThrow();
    // Our webhook fails while the deposit table cannot be read (a database hiccup), then recovers.
    await server.db.schema.alterTable('deposit_qrcodes').renameTo('deposit_qrcodes_away').execute();
    await server.api('PUT', '/sandbox/gateway/faults', { body: { webhookRetryDelaysMs: [150, 150, 150] } });
    try {
      const paid = await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } });
      expect(paid.body).toEqual({ paid: true, webhookStatus: 500 });
    } finally {
      await server.db.schema.alterTable('deposit_qrcodes_away').renameTo('deposit_qrcodes').execute();
    }
    try {
      for (let wait = 0; wait < 100 && (await walletAmount(member)) !== 60; wait += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await walletAmount(member)).toBe(60);
      const deliveries = (await server.api('GET', `/sandbox/gateway/deliveries?gatewayRef=${gatewayRef}`)).body.deliveries;
      expect(deliveries.map((delivery: { status: number }) => delivery.status)).toEqual([500, 200]);
    } finally {
      await server.api('PUT', '/sandbox/gateway/faults', { body: {} });
    }
  });

  it('a payment whose webhook was lost (a crash) is credited once by the reconciler asking the gateway', async () => {
    const member = await registerMember(server);
    const [paid, unpaid] = [(await createQr(member, 'WW', 250)).body, (await createQr(member, 'KBANK', 120)).body];
    // The gateway took the money, and the process died before its webhook was handled.
    await server.db.updateTable('sandbox_gateway_qrs').set({ paid_at: new Date() }).where('reference', '=', paid.qrcodeId).execute();
    expect(await walletAmount(member)).toBe(0);
    const runs = await Promise.all([server.app.reconciler.run(), server.app.reconciler.run()]);
    expect(runs.map((run) => (run.qrPayments as { credited: number }).credited).sort()).toEqual([0, 1]);
    expect(await walletAmount(member)).toBe(250);
    const row = await server.db.selectFrom('deposit_qrcodes').select(['status', 'gateway_ref']).where('id', '=', paid.qrcodeId).executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    // The webhook, delivered late after all, moves nothing again; the unpaid QR stays open.
    expect((await webhook({ eventId: crypto.randomUUID(), gatewayRef: row.gateway_ref, amount: 25_000 })).body).toEqual({ status: 'duplicate' });
    await server.app.reconciler.run();
    expect(await walletAmount(member)).toBe(250);
    expect((await server.api('GET', '/api/qrcode/KBANK', { token: member.token })).body.qrcodeId).toBe(unpaid.qrcodeId);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  it('refuses a signed event for an unknown payment', async () => {
    expect((await webhook({ eventId: crypto.randomUUID(), gatewayRef: 'GW-NOT-OURS', amount: 100 })).status).toBe(404);
  });
});
