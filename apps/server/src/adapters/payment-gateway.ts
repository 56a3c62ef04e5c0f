import crypto from 'node:crypto';
import { z } from 'zod';
import type { CurrencyCode } from '@wallet/contract';

/**
 * A payment gateway (DESIGN §6 Deposits, §7): it issues the QR a member pays, and tells us of
 * each payment with a signed webhook.
 */
export interface PaymentGateway {
  /** `amount` in minor units of `currency`: the QR asks for exactly that, in that currency. */
  createQr(request: { method: string; amount: bigint; currency: CurrencyCode; reference: string; expiresAt: Date }): Promise<{ gatewayRef: string; payload: string }>;
  /** After this the gateway refuses payments for the QR; one already under way may still be reported. */
  cancelQr(gatewayRef: string): Promise<void>;
  /**
   * A QR's payment as the gateway knows it, looked up by our reference: what the reconciler asks
   * when a webhook may have been lost. Throws GatewayError when the gateway cannot answer.
   */
  paymentStatus(reference: string): Promise<{ status: 'paid'; gatewayRef: string; amount: bigint; paidAt?: Date } | { status: 'unpaid' } | { status: 'not_found' }>;
  /**
   * The gateway's settlement report of one day (YYYY-MM-DD) in `timeZone` (Asia/Bangkok unless
   * given), for one currency (THB unless given): each payment and refund with its fee, and what
   * it paid out to the operator. Throws GatewayError when the report cannot be had.
   */
  settlementReport(date: string, options?: { timeZone?: string; currency?: CurrencyCode }): Promise<SettlementReport>;
}

/** One line of a settlement report; a refund's amounts are negative. Minor units. */
export interface SettlementLine {
  gatewayRef: string;
  /** Our reference: the QR's id we gave when creating it. */
  reference: string;
  type: 'payment' | 'refund';
  gross: bigint;
  fee: bigint;
  net: bigint;
  currency: CurrencyCode;
  paidAt: Date;
}

export interface SettlementReport {
  date: string;
  currency: CurrencyCode;
  lines: SettlementLine[];
  /** As the gateway states them: `net` is what it paid out to the operator for the day. */
  totals: { gross: bigint; fees: bigint; net: bigint };
}

const minor = z.number().int().safe();
const settlementAnswer = z.object({
  date: z.string(),
  currency: z.enum(['THB', 'LAK']),
  lines: z.array(
    z.object({
      gatewayRef: z.string().min(1),
      reference: z.string(),
      type: z.enum(['payment', 'refund']),
      gross: minor,
      fee: minor,
      net: minor,
      currency: z.enum(['THB', 'LAK']),
      paidAt: z.string().refine((text) => !Number.isNaN(new Date(text).getTime())),
    }),
  ),
  totals: z.object({ gross: minor, fees: minor, net: minor }),
});

export class GatewayError extends Error {}

export function createHttpPaymentGateway(options: { baseUrl: () => string; apiKey?: string; timeoutMs: number }): PaymentGateway {
  async function call(path: string, body: object): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new GatewayError(`gateway unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new GatewayError(`gateway answered ${response.status}`);
    return response;
  }
  return {
    async createQr(request) {
      const response = await call('/qrs', { ...request, amount: Number(request.amount), expiresAt: request.expiresAt.toISOString() });
      return (await response.json()) as { gatewayRef: string; payload: string };
    },
    async cancelQr(gatewayRef) {
      await call(`/qrs/${encodeURIComponent(gatewayRef)}/cancel`, {});
    },

    async paymentStatus(reference) {
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl()}/qrs?reference=${encodeURIComponent(reference)}`, {
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new GatewayError(`gateway unreachable: ${(error as Error).message}`);
      }
      if (response.status === 404) return { status: 'not_found' };
      if (!response.ok) throw new GatewayError(`gateway answered ${response.status}`);
      const body = (await response.json()) as { gatewayRef?: string; status?: string; amount?: number; paidAt?: unknown };
      if (body.status === 'PAID' && body.gatewayRef && Number.isSafeInteger(body.amount) && body.amount! > 0) {
        // Only measured (the credit delay): a missing or unreadable time never refuses the payment.
        const paidAt = typeof body.paidAt === 'string' ? new Date(body.paidAt) : undefined;
        return { status: 'paid', gatewayRef: body.gatewayRef, amount: BigInt(body.amount!), ...(paidAt && !Number.isNaN(paidAt.getTime()) ? { paidAt } : {}) };
      }
      if (body.status === 'PENDING') return { status: 'unpaid' };
      throw new GatewayError(`unexpected payment status ${String(body.status)}`);
    },

    async settlementReport(date, { timeZone = 'Asia/Bangkok', currency = 'THB' } = {}) {
      let response: Response;
      try {
        const query = new URLSearchParams({ date, timeZone, currency });
        response = await fetch(`${options.baseUrl()}/settlements?${query}`, {
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new GatewayError(`gateway unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new GatewayError(`gateway answered ${response.status}`);
      const parsed = settlementAnswer.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new GatewayError('unreadable settlement report');
      const report = parsed.data;
      return {
        date: report.date,
        currency: report.currency,
        lines: report.lines.map((line) => ({ ...line, gross: BigInt(line.gross), fee: BigInt(line.fee), net: BigInt(line.net), paidAt: new Date(line.paidAt) })),
        totals: { gross: BigInt(report.totals.gross), fees: BigInt(report.totals.fees), net: BigInt(report.totals.net) },
      };
    },
  };
}

/** Webhook signature: HMAC-SHA256 over `timestamp.body`, hex, in `x-signature`; `x-timestamp` in ms. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Posts a JSON event signed as above: what a gateway (or TrueMoney) does, and our sandboxes too. */
export function deliverSignedWebhook(url: string, secret: string, event: object): Promise<Response> {
  const body = JSON.stringify(event);
  const timestamp = Date.now();
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-timestamp': String(timestamp), 'x-signature': signWebhook(secret, timestamp, body) },
    body,
  });
}

export const WEBHOOK_WINDOW_MS = 5 * 60_000;

export function verifyWebhook(secret: string, headers: { signature?: string; timestamp?: string }, body: string, now: number): boolean {
  const timestamp = Number(headers.timestamp);
  if (!headers.signature || !Number.isFinite(timestamp) || Math.abs(now - timestamp) > WEBHOOK_WINDOW_MS) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body), 'hex');
  const given = Buffer.from(headers.signature, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
