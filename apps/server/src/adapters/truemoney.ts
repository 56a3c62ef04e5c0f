import { parseDecimal } from '@wallet/contract';
/** TrueMoney gift vouchers (PAYMENTS.md): redeem by hash into the operator's wallet number. */
export type RedeemOutcome =
  | { kind: 'redeemed'; amount: bigint }
  /** A definite answer from TrueMoney: nothing moved by this call. */
  | { kind: 'refused'; code: string }
  /** No answer, or TrueMoney's own failure: the voucher may or may not have been redeemed. */
  | { kind: 'unknown'; code: string };

/**
 * What TrueMoney says of a voucher, asked with our number (`…/verify?mobile=`): whether our
 * number holds a ticket of it (and its amount), or it can still be redeemed, or it is gone.
 */
export type VoucherStatus =
  | { kind: 'ours'; amount: bigint }
  | { kind: 'available' }
  | { kind: 'gone'; code: 'VOUCHER_OUT_OF_STOCK' | 'VOUCHER_NOT_FOUND' | 'VOUCHER_EXPIRED' }
  | { kind: 'unknown'; code: string };

export interface TrueMoney {
  redeem(voucherHash: string, mobile: string): Promise<RedeemOutcome>;
  status(voucherHash: string, mobile: string): Promise<VoucherStatus>;
}

interface VoucherAnswer {
  status?: { code?: string };
  data?: { voucher?: { status?: string; amount_baht?: string }; my_ticket?: { amount_baht?: string } | null };
}


/** TrueMoney's own failure: the voucher may or may not have been redeemed. */
const UNKNOWN_CODES = new Set(['INTERNAL_ERROR']);

export function createHttpTrueMoney(options: { baseUrl: () => string; timeoutMs: number }): TrueMoney {
  async function call(path: string, init: RequestInit): Promise<{ httpStatus: number; body: VoucherAnswer } | null> {
    try {
      const response = await fetch(`${options.baseUrl()}${path}`, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
      return { httpStatus: response.status, body: (await response.json()) as VoucherAnswer };
    } catch {
      return null;
    }
  }

  return {
    async redeem(voucherHash, mobile) {
      const answer = await call(`/campaign/vouchers/${encodeURIComponent(voucherHash)}/redeem`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile, voucher_hash: voucherHash }),
      });
      const code = answer?.body.status?.code;
      if (!answer || answer.httpStatus >= 500 || !code || UNKNOWN_CODES.has(code)) return { kind: 'unknown', code: code ?? 'INTERNAL_ERROR' };
      if (code !== 'SUCCESS') return { kind: 'refused', code };
      // Envelopes can be split: what this redemption received is my_ticket, not the voucher total.
      const amount = parseDecimal(answer.body.data?.my_ticket?.amount_baht ?? '');
      return amount === null || amount <= 0n ? { kind: 'unknown', code: 'BAD_ANSWER' } : { kind: 'redeemed', amount };
    },

    async status(voucherHash, mobile) {
      const answer = await call(`/campaign/vouchers/${encodeURIComponent(voucherHash)}/verify?mobile=${encodeURIComponent(mobile)}`, { method: 'GET' });
      const code = answer?.body.status?.code;
      if (!answer || answer.httpStatus >= 500 || !code) return { kind: 'unknown', code: code ?? 'INTERNAL_ERROR' };
      if (code === 'VOUCHER_NOT_FOUND' || code === 'VOUCHER_EXPIRED') return { kind: 'gone', code };
      if (code !== 'SUCCESS') return { kind: 'unknown', code };
      const ticket = answer.body.data?.my_ticket?.amount_baht;
      if (ticket !== undefined) {
        const amount = parseDecimal(ticket);
        return amount === null || amount <= 0n ? { kind: 'unknown', code: 'BAD_ANSWER' } : { kind: 'ours', amount };
      }
      const state = answer.body.data?.voucher?.status;
      if (state === 'active') return { kind: 'available' };
      if (state === 'redeemed') return { kind: 'gone', code: 'VOUCHER_OUT_OF_STOCK' };
      if (state === 'expired') return { kind: 'gone', code: 'VOUCHER_EXPIRED' };
      return { kind: 'unknown', code: 'BAD_ANSWER' };
    },
  };
}
