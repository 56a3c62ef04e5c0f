import { parseDecimal } from '@wallet/contract';
/**
 * The slip verifier (DESIGN §6 Deposits, §7): a bank's (or a slip-checking service's) lookup of a
 * transfer by the reference on the slip's mini-QR. The QR proves nothing by itself
 * (PAYMENTS.md); amount, receiver, sender and time come from here.
 *
 * The wire format follows SCB's slip-verification API: `GET /v1/payment/billpayment/
 * transactions/{transRef}?sendingBank=014`, answering `{ status: { code, description }, data }`
 * with `transDate` (YYYYMMDD) and `transTime` (HH:mm:ss) in Bangkok time and masked accounts.
 */
export type SlipCheck =
  | {
      outcome: 'verified';
      amount: bigint;
      /** As the bank shows them: possibly masked, e.g. `xxx-x-x4567-x`. */
      receiverAccount: string;
      senderAccount: string | null;
      transferredAt: Date;
    }
  | { outcome: 'not_found' }
  /** The verifier could not answer; a person has to look (SPEC §8 reason codes). */
  | { outcome: 'unsettled'; reason: 'TRIPPLE_WRONG_CAPTCHA' | 'UNKNOW_ERROR' };

export interface SlipVerifier {
  verify(sendingBank: string, transRef: string): Promise<SlipCheck>;
}

/** Status codes of the verification API. */
export const VERIFY_STATUS = { success: 1000, notFound: 1101, captcha: 1102 } as const;

interface VerifyAnswer {
  status?: { code?: number; description?: string };
  data?: {
    amount?: string;
    transDate?: string;
    transTime?: string;
    sender?: { account?: { value?: string } };
    receiver?: { account?: { value?: string } };
  };
}


function bangkokTime(date: string, time: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  if (!match || !/^\d{2}:\d{2}:\d{2}$/.test(time)) return null;
  const at = new Date(`${match[1]}-${match[2]}-${match[3]}T${time}+07:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export function createHttpSlipVerifier(options: { baseUrl: () => string; apiKey?: string; timeoutMs: number }): SlipVerifier {
  return {
    async verify(sendingBank, transRef) {
      let body: VerifyAnswer;
      try {
        const response = await fetch(
          `${options.baseUrl()}/v1/payment/billpayment/transactions/${encodeURIComponent(transRef)}?sendingBank=${encodeURIComponent(sendingBank)}`,
          { headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}, signal: AbortSignal.timeout(options.timeoutMs) },
        );
        body = (await response.json()) as VerifyAnswer;
      } catch {
        return { outcome: 'unsettled', reason: 'UNKNOW_ERROR' };
      }
      const code = body.status?.code;
      if (code === VERIFY_STATUS.notFound) return { outcome: 'not_found' };
      if (code === VERIFY_STATUS.captcha) return { outcome: 'unsettled', reason: 'TRIPPLE_WRONG_CAPTCHA' };
      const amount = parseDecimal(body.data?.amount ?? '');
      const transferredAt = bangkokTime(body.data?.transDate ?? '', body.data?.transTime ?? '');
      const receiverAccount = body.data?.receiver?.account?.value;
      if (code !== VERIFY_STATUS.success || amount === null || !transferredAt || !receiverAccount) return { outcome: 'unsettled', reason: 'UNKNOW_ERROR' };
      return { outcome: 'verified', amount, receiverAccount, senderAccount: body.data?.sender?.account?.value ?? null, transferredAt };
    },
  };
}

/**
 * Whether an account number as a bank shows it (digits, dashes, and `x` where it is masked)
 * is this full account number.
 */
export function accountMatches(shown: string, accountNo: string): boolean {
  const visible = shown.replace(/[^0-9xX]/g, '').toLowerCase();
  const digits = accountNo.replace(/\D/g, '');
  if (visible.length !== digits.length || visible.length === 0 || !/\d/.test(visible)) return false;
  return [...visible].every((char, index) => char === 'x' || char === digits[index]);
}
