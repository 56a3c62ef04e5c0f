import { z } from 'zod';

// ---------- Bank deposits credited from the operator's statement (operator console: what waits)

export const BANK_CREDIT_REASONS = ['no_sender', 'batch', 'currency', 'no_member', 'no_name', 'several_members', 'other_sender'] as const;

export const bankCreditsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const bankCreditCandidate = z.object({ memberId: z.string(), phone: z.string(), bank: z.string(), accountNo: z.string(), accountName: z.string() });

/** An incoming line of a statement-fed account that no member, or more than one, fits. */
export const waitingBankCredit = z.object({
  id: z.string(),
  bankRef: z.string(),
  /** Major units of the line's currency. */
  amount: z.number(),
  currency: z.enum(['THB', 'LAK']),
  bookedAt: z.number(),
  sender: z.object({ bank: z.string().nullable(), account: z.string().nullable(), name: z.string().nullable() }),
  batchCount: z.number().int().nullable(),
  reason: z.enum(BANK_CREDIT_REASONS),
  /** Members it could be (by number, and name where the bank gave one). */
  candidates: z.array(bankCreditCandidate),
  /** The member an operator named; a second operator credits it. */
  proposed: z.object({ memberId: z.string(), by: z.string() }).nullable(),
  /** False for a batch or an unknown sending bank: the member's slip credits it. */
  assignable: z.boolean(),
});
export type WaitingBankCredit = z.infer<typeof waitingBankCredit>;

export const bankCreditsResponse = z.object({
  credits: z.array(waitingBankCredit),
  /** The last 30 days' lines: credited by themselves, by operators, and waiting now. */
  figures: z.object({ days: z.number().int(), byItself: z.number().int(), byOperators: z.number().int(), waiting: z.number().int(), shareByItself: z.number().nullable() }),
});
export const assignBankCreditBody = z.object({ memberId: z.string().regex(/^\d{1,18}$/, { error: 'KEY_INVALID' }) });

/** Seconds from the member's transfer (the statement line's time) to the credit: median and 95th percentile; null when none. */
const transferToCredit = z.object({ p50: z.number(), p95: z.number() }).nullable();

/** Bank deposits of one period (by the statement line's time): how many came in, how they were credited, and how fast. */
export const bankAutoFiguresPeriod = z.object({
  period: z.enum(['today', 'days30']),
  /** Where the period starts (epoch ms): the site's midnight today, or 29 days before it. */
  from: z.number(),
  received: z.number().int(),
  /** Credited without staff: by the feed itself, or by the member's own slip of the transfer first. */
  byItself: z.number().int(),
  byOperators: z.number().int(),
  waiting: z.number().int(),
  /** byItself of received (waiting lines count against it); null when nothing came in. */
  shareByItself: z.number().nullable(),
  delaySeconds: z.object({ byItself: transferToCredit, byOperators: transferToCredit }),
});
export const bankAutoFiguresResponse = z.object({ timeZone: z.string(), today: z.string(), periods: z.array(bankAutoFiguresPeriod) });
export type BankAutoFiguresResponse = z.infer<typeof bankAutoFiguresResponse>;
