import { z } from 'zod';
import { type CurrencyCode, toMajor } from '@wallet/contract';

/** A payout as the bank's fund-transfer API takes it: from one of the operator's accounts to a member's. */
export interface TransferOrder {
  /** Ours, unique per payout: the bank refuses a second transfer under it and answers the first one's status. */
  reference: string;
  fromAccountNo: string;
  /**
   * Whom to pay: an account at a bank (its 3-digit interbank code, 004), or a PromptPay ID (a phone
   * or a national ID), which the bank pays into the account that ID is registered to, refusing it
   * (`PROMPTPAY_NOT_REGISTERED`) when it is tied to none.
   */
  to: { bankCode: string; accountNo: string } | { promptPayId: string };
  toName: string;
  amount: bigint;
  currency: CurrencyCode;
}

/**
 * What the bank says of a transfer: paid, still under way, refused for good (with the bank's code), or
 * not known under our reference (never received).
 */
export type TransferStatus =
  | { status: 'SUCCESS'; bankRef: string }
  | { status: 'PENDING' }
  | { status: 'FAILED'; failure: string }
  | { status: 'NOT_FOUND' };

/**
 * The operator's bank's fund-transfer API (DESIGN §7), as Thai banks publish it for corporate
 * accounts: an OAuth client-credentials token that expires, a transfer keyed by the caller's
 * reference, and a status inquiry by that reference. Throws BankTransferError when the answer is
 * unknown (no answer, a time-out, the bank down): the transfer may or may not have been made.
 */
export interface BankTransfer {
  transfer(order: TransferOrder): Promise<Exclude<TransferStatus, { status: 'NOT_FOUND' }>>;
  inquire(reference: string): Promise<TransferStatus>;
}

export class BankTransferError extends Error {
  constructor(
    message: string,
    /** When the bank said to come back (Retry-After, seconds), as in its maintenance window. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() });
const statusAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('SUCCESS'), bankRef: z.string().min(1) }),
  z.object({ status: z.literal('PENDING') }),
  z.object({ status: z.literal('FAILED'), failure: z.string().min(1).max(60) }),
]);

/** A token is renewed this long before the bank says it expires, so a call never carries a stale one. */
const TOKEN_MARGIN_MS = 60_000;

export function createHttpBankTransfer(options: { baseUrl: () => string; clientId: string; clientSecret: string; timeoutMs: number; now?: () => number }): BankTransfer {
  const now = options.now ?? Date.now;
  let token: { value: string; expiresAt: number } | undefined;
  let renewing: Promise<string> | undefined;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${options.baseUrl()}${path}`, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw new BankTransferError(`bank unreachable: ${(error as Error).message}`);
    }
  }

  async function renew(): Promise<string> {
    const response = await send('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    if (!response.ok) throw new BankTransferError(`token refused: ${response.status}`, retryAfter(response));
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new BankTransferError('unreadable token');
    token = { value: parsed.data.access_token, expiresAt: now() + parsed.data.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  async function bearer(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    renewing ??= renew().finally(() => {
      renewing = undefined;
    });
    return renewing;
  }

  /** A call with the current token; a 401 (the bank expired it early) renews it once. */
  async function authorised(path: string, init: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const value = await bearer();
      const response = await send(path, { ...init, headers: { ...init.headers, authorization: `Bearer ${value}` } });
      if (response.status !== 401 || attempt > 0) return response;
      if (token?.value === value) token = undefined;
    }
  }

  async function statusOf(response: Response): Promise<TransferStatus> {
    if (response.status === 404) return { status: 'NOT_FOUND' };
    if (!response.ok) throw new BankTransferError(`bank answered ${response.status}`, retryAfter(response));
    const parsed = statusAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new BankTransferError('unreadable answer');
    return parsed.data;
  }

  return {
    async transfer(order) {
      const response = await authorised('/transfers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          reference: order.reference,
          fromAccountNo: order.fromAccountNo,
          ...('promptPayId' in order.to ? { promptPayId: order.to.promptPayId } : { toBankCode: order.to.bankCode, toAccountNo: order.to.accountNo }),
          toName: order.toName,
          amount: toMajor(order.amount).toFixed(2),
          currency: order.currency,
        }),
      });
      const answer = await statusOf(response);
      // A transfer the bank took answers its status; it never says "not found" of one it was just given.
      if (answer.status === 'NOT_FOUND') throw new BankTransferError('transfer answered 404');
      return answer;
    },
    async inquire(reference) {
      return statusOf(await authorised(`/transfers/${encodeURIComponent(reference)}`, { method: 'GET' }));
    },
  };
}

function retryAfter(response: Response): number | null {
  const seconds = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
  return Number.isNaN(seconds) ? null : seconds;
}
