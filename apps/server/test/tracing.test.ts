import crypto from 'node:crypto';
import { type ReadableSpan, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/adapters/payment-gateway.js';
import { REQUEST_ID_ATTRIBUTE, startTracing } from '../src/telemetry.js';

// Tracing starts before the server's modules are imported, as src/tracing.ts does first in main.ts:
// the pg instrumentation patches `pg` as it loads. (Each test file runs in a process of its own.)
const spans = new InMemorySpanExporter();
const provider = startTracing(new SimpleSpanProcessor(spans));
const { registerMember, startTestServer } = await import('./harness.js');
type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
let server: TestServer;
let operator: string;
beforeAll(async () => {
  server = await startTestServer({ env: { GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  await server.app.adminService.ensureFirstOperator({ username: 'tracer', password: 'tracer-pass-1' });
  operator = (await server.api('POST', '/api/admin/login', { body: { username: 'tracer', password: 'tracer-pass-1' } })).body.token;
});
afterAll(async () => {
  await server.close();
  await provider.shutdown();
});

/** A gateway QR of `baht` for a new member, and the webhook that says it was paid, signed as the gateway signs it. */
async function paidQr(baht: number) {
  const member = await registerMember(server);
  const qr = (await server.api('POST', '/api/qrcode/KBANK', { token: member.token, body: { amount: baht } })).body;
  const row = await server.db.selectFrom('deposit_qrcodes').select('gateway_ref').where('id', '=', qr.qrcodeId).executeTakeFirstOrThrow();
  const raw = JSON.stringify({ eventId: crypto.randomUUID(), gatewayRef: row.gateway_ref, amount: baht * 100 });
  const timestamp = Date.now();
  const deliver = (requestId: string) =>
    server.api('POST', '/api/webhooks/gateway', { raw, headers: { 'x-timestamp': String(timestamp), 'x-signature': signWebhook(WEBHOOK_SECRET, timestamp, raw), 'x-request-id': requestId } });
  return { member, deliver };
}

const requestSpanOf = (requestId: string): ReadableSpan | undefined =>
  spans.getFinishedSpans().find((span) => span.name === 'request' && span.attributes[REQUEST_ID_ATTRIBUTE] === requestId);

describe('a gateway webhook, traced', () => {
  it('is one request span carrying its request id, and its credit records the same id on the ledger line the console shows', async () => {
    const { member, deliver } = await paidQr(250);
    const requestId = `gw-${crypto.randomUUID()}`;
    const answer = await deliver(requestId);
    expect(answer.body).toEqual({ status: 'credited' });
    expect(answer.headers.get('x-request-id')).toBe(requestId);

    const request = requestSpanOf(requestId);
    expect(request?.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/api/webhooks/gateway', 'http.response.status_code': 200 });
    // Its handler's span is in the same trace.
    const traceId = request!.spanContext().traceId;
    expect(spans.getFinishedSpans().some((span) => span.name.startsWith('handler') && span.spanContext().traceId === traceId)).toBe(true);

    const transfer = await server.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'amount', 'request_id'])
      .where('request_id', '=', requestId)
      .execute();
    expect(transfer).toEqual([{ kind: 'deposit', amount: 25_000n, request_id: requestId }]);
    const lines = await server.api('GET', `/api/admin/members/${member.id}/ledger`, { token: operator });
    expect(lines.body.lines[0]).toMatchObject({ kind: 'deposit', amount: 250, requestId });
  });

  it('a caller’s request id that is not short visible text is replaced by a UUID, which the credit records', async () => {
    const { deliver } = await paidQr(120);
    const answer = await deliver('x'.repeat(129));
    const given = answer.headers.get('x-request-id')!;
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestSpanOf(given)).toBeDefined();
    expect(await server.db.selectFrom('ledger_transfers').select('kind').where('request_id', '=', given).execute()).toEqual([{ kind: 'deposit' }]);
  });

  // PGlite does not go through `pg`: the SQL spans exist on PostgreSQL only (DATABASE_URL).
  if (process.env.DATABASE_URL) {
    it('on PostgreSQL, the credit’s SQL statements are spans of the same trace, ledger_post among them', async () => {
      const { deliver } = await paidQr(310);
      const requestId = `gw-${crypto.randomUUID()}`;
      expect((await deliver(requestId)).body).toEqual({ status: 'credited' });
      const traceId = requestSpanOf(requestId)!.spanContext().traceId;
      const queries = spans.getFinishedSpans().filter((span) => span.name.startsWith('pg.query') && span.spanContext().traceId === traceId);
      const statements = queries.map((span) => String(span.attributes['db.query.text'] ?? span.attributes['db.statement'] ?? ''));
      expect(statements.some((text) => text.includes('ledger_post('))).toBe(true);
      expect(statements.some((text) => text.includes('webhook_events'))).toBe(true);
      // Statements without their values: no amount, reference or request id leaves in a span.
      expect(queries.every((span) => !JSON.stringify(span.attributes).includes(requestId))).toBe(true);
    });
  }
});
