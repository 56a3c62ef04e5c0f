/** TrueMoney gift vouchers (PAYMENTS.md): redeem by hash into the operator's wallet number. */
export type RedeemOutcome = { code: 'SUCCESS'; amount: bigint } | { code: string };

export interface TrueMoney {
  redeem(voucherHash: string, mobile: string): Promise<RedeemOutcome>;
}

export function createHttpTrueMoney(options: { baseUrl: () => string; timeoutMs: number }): TrueMoney {
  return {
    async redeem(voucherHash, mobile) {
      try {
        const response = await fetch(`${options.baseUrl()}/campaign/vouchers/${encodeURIComponent(voucherHash)}/redeem`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mobile, voucher_hash: voucherHash }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const body = (await response.json()) as { status?: { code?: string }; data?: { my_ticket?: { amount_baht?: string } } };
        const code = body.status?.code ?? 'INTERNAL_ERROR';
        if (code !== 'SUCCESS') return { code };
        // Envelopes can be split: what this redemption received is my_ticket, not the voucher total.
        const baht = body.data?.my_ticket?.amount_baht ?? '0';
        const [whole = '0', fraction = ''] = baht.split('.');
        return { code, amount: BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)) };
      } catch {
        return { code: 'INTERNAL_ERROR' };
      }
    },
  };
}
