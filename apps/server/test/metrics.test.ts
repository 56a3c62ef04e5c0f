import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '../src/adapters/payment-gateway.js';
import { serveMetrics } from '../src/http/metrics.js';
import { type TestServer, registerMember, startTestServer } from './harness.js';

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer({ env: { GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  await server.app.adminService.ensureFirstOperator({ username: 'metrics-admin', password: 'metrics-pass-1' });
  adminToken = (await server.api('POST', '/api/admin/login', { body: { username: 'metrics-admin', password: 'metrics-pass-1' } })).body.token;
});
afterAll(() => server.close());

interface Exposition {
  /** Each metric family's declared type, by name. */
  types: Map<string, string>;
  /** Each family's label names, as they appear in its samples. */
  labels: Map<string, Set<string>>;
  /** A sample's value by its full line key, e.g. `name{a="1",b="2"}`. */
  samples: Map<string, number>;
}

/** Reads Prometheus' text format, enough for these checks. */
function parse(text: string): Exposition {
  const types = new Map<string, string>();
  const labels = new Map<string, Set<string>>();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      labels.set(type[1]!, new Set());
      continue;
    }
    if (!line || line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText = '', value] = sample;
    samples.set(`${name}${labelText}`, Number(value));
    const family = [...types.keys()].find((declared) => name === declared || /^_(bucket|sum|count)$/.test(name!.slice(declared.length)));
    for (const [, label] of labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)) labels.get(family ?? name!)?.add(label!);
  }
  return { types, labels, samples };
}

async function scrape(): Promise<Exposition> {
  const answer = await server.api('GET', '/metrics', { token: adminToken });
  expect(answer.status).toBe(200);
  return parse(answer.body as string);
}

describe('GET /metrics', () => {
  it('counts failed sign-ins, and the reconciler\'s open intents by kind', async () => {
    const failures = 'wallet_login_failures_total{scope="member",reason="WRONG_CREDENTIAL"}';
    const before = (await scrape()).samples;
    const member = await registerMember(server);
    expect((await server.api('POST', '/api/login', { body: { username: member.payload.username, password: 'not-the-password' } })).status).toBe(401);
    const after = await scrape();
    expect(after.samples.get(failures)).toBe((before.get(failures) ?? 0) + 1);
    for (const kind of ['provider_transfer', 'gift_link', 'slip']) expect(after.samples.has(`wallet_reconciler_open_intents{kind="${kind}"}`), kind).toBe(true);
    expect(after.samples.get('wallet_withdrawal_queue_size')).toBeGreaterThanOrEqual(0);
  });

  it('is never public: refused without a token (401) and to a member (401, as every operator route answers a member token)', async () => {
    expect((await server.api('GET', '/metrics')).status).toBe(401);
    const member = await registerMember(server);
    const asMember = await server.api('GET', '/metrics', { token: member.token });
    expect([401, 403]).toContain(asMember.status);
    expect(String(asMember.body)).not.toContain('wallet_');
  });

  it('counts a gateway deposit credited and its delay from the payment, by method', async () => {
    const credited = 'wallet_deposits_credited_total{method="KBANK",outcome="credited"}';
    const delayCount = 'wallet_deposit_credit_delay_seconds_count{method="KBANK"}';
    const before = (await scrape()).samples;

    const member = await registerMember(server);
    const qr = (await server.api('POST', '/api/qrcode/KBANK', { token: member.token, body: { amount: 200 } })).body;
    expect((await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } })).body).toEqual({ paid: true, webhookStatus: 200 });

    const after = (await scrape()).samples;
    expect(after.get(credited)).toBe((before.get(credited) ?? 0) + 1);
    expect(after.get(delayCount)).toBe((before.get(delayCount) ?? 0) + 1);
    // Paid a moment ago at the sandbox gateway: the delay is small, not the QR's age or the clock's offset.
    const delaySum = (after.get('wallet_deposit_credit_delay_seconds_sum{method="KBANK"}') ?? 0) - (before.get('wallet_deposit_credit_delay_seconds_sum{method="KBANK"}') ?? 0);
    expect(delaySum).toBeGreaterThanOrEqual(0);
    expect(delaySum).toBeLessThan(30);
    // The request that paid was measured by its route template, not by its address.
    expect([...after.keys()].some((key) => key.startsWith('wallet_http_server_request_duration_seconds_count{method="POST",route="/api/qrcode/:bankCode",status="200"}'))).toBe(true);
  });

  it('credits a gateway payment whose time is missing or unreadable: the time is only measured', async () => {
    const member = await registerMember(server);
    const qr = (await server.api('POST', '/api/qrcode/KBANK', { token: member.token, body: { amount: 150 } })).body;
    const row = await server.db.selectFrom('deposit_qrcodes').select('gateway_ref').where('id', '=', qr.qrcodeId).executeTakeFirstOrThrow();
    const raw = JSON.stringify({ eventId: crypto.randomUUID(), gatewayRef: row.gateway_ref, amount: 15_000, paidAt: '27/11/2026 10:00' });
    const timestamp = Date.now();
    const answer = await server.api('POST', '/api/webhooks/gateway', { raw, headers: { 'x-timestamp': String(timestamp), 'x-signature': signWebhook(WEBHOOK_SECRET, timestamp, raw) } });
    expect(answer.body).toEqual({ status: 'credited' });
  });

  it('names every metric by Prometheus’ rules, with no member, session or user ids as labels', async () => {
    const { types, labels } = await scrape();
    expect(types.size).toBeGreaterThan(10);
    for (const [name, type] of types) {
      expect(name).toMatch(/^wallet_[a-z][a-z0-9_]*$/);
      if (type === 'counter') expect(name).toMatch(/_total$/);
      if (/duration|delay|age|latency|lag/.test(name) && !/_bytes$/.test(name)) expect(name).toMatch(/_seconds(_total)?$|_seconds_/);
      for (const label of labels.get(name) ?? []) expect(label).not.toMatch(/member|session|user|phone|account|(^|_)id$/i);
    }
    // The figures the operations issue asks for are all there.
    for (const name of [
      'wallet_http_server_request_duration_seconds',
      'wallet_db_pool_connections_in_use',
      'wallet_db_pool_waiting_requests',
      'wallet_nodejs_eventloop_lag_seconds',
      'wallet_deposits_credited_total',
      'wallet_deposit_credit_delay_seconds',
      'wallet_withdrawal_queue_size',
      'wallet_withdrawal_queue_oldest_age_seconds',
      'wallet_provider_transfer_duration_seconds',
      'wallet_provider_transfers_total',
      'wallet_provider_transfers_pending',
      'wallet_reconciler_open_intents',
      'wallet_reconciler_oldest_open_intent_age_seconds',
      'wallet_ledger_postings_total',
      'wallet_ledger_posting_duration_seconds',
      'wallet_otp_sms_sends_total',
      'wallet_chat_sockets_connected',
      'wallet_chat_deliveries_total',
      'wallet_login_failures_total',
      'wallet_attempt_limit_refusals_total',
    ]) {
      expect(types.has(name), name).toBe(true);
    }
  });
});

describe('METRICS_PORT', () => {
  it('takes the metrics off the API port, onto a listener of their own', async () => {
    const own = await startTestServer({ env: { METRICS_PORT: '9464' } });
    try {
      const onApiPort = await own.api('GET', '/metrics', { token: adminToken });
      expect(String(onApiPort.body)).not.toContain('wallet_');
      // What main.ts starts on METRICS_PORT (here on a free port): the scraper needs no token there.
      const listener = await serveMetrics(own.app.metrics, { port: 0, host: '127.0.0.1' });
      try {
        const { port } = listener.address() as AddressInfo;
        const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toContain('text/plain');
        expect(await answer.text()).toContain('wallet_http_server_request_duration_seconds');
        expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      } finally {
        listener.close();
      }
    } finally {
      await own.close();
    }
  });
});
