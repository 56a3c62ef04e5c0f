import { z } from 'zod';

// ---------- Withdrawals paid by the bank's transfer API without an operator (operator console)

/**
 * Why auto-payout left a withdrawal to operators: auto-payout off or paused, no account to pay from
 * in its currency, above the auto-pay amount, today's auto-pay budget spent, not to the member's
 * registered account now, held by a risk rule, the member under a protection restriction, a payout
 * that needs two operators, a member's bank the transfer API cannot name (no interbank code).
 */
export const AUTO_PAYOUT_REASONS = ['off', 'paused', 'no_payout_account', 'above_limit', 'budget_spent', 'not_registered_account', 'risk_review', 'protection', 'second_approval', 'bank_unsupported'] as const;
export type AutoPayoutReason = (typeof AUTO_PAYOUT_REASONS)[number];

export const PAYOUT_STATUSES = ['sending', 'pending', 'paid', 'failed'] as const;

/** What auto-payout did with a withdrawal: not looked at yet (null reasons), left to operators (reasons), or paid through the bank (payout). */
export const withdrawalAutoPayout = z.object({
  reasons: z.array(z.enum(AUTO_PAYOUT_REASONS)).nullable(),
  payout: z.object({ status: z.enum(PAYOUT_STATUSES), reference: z.string(), bankRef: z.string().nullable(), failure: z.string().nullable(), attempts: z.number().int() }).nullable(),
});

const currencyState = z.object({
  /** Major units; 0 turns auto-payout off in the currency. */
  max: z.number(),
  dailyBudget: z.number(),
  spentToday: z.number(),
  payoutAccount: z.string().nullable(),
});

export const autoPayoutState = z.object({
  paused: z.boolean(),
  pausedBy: z.string().nullable(),
  pausedAt: z.number().nullable(),
  pauseReason: z.string().nullable(),
  THB: currencyState,
  LAK: currencyState,
  /** The last 30 days' withdrawals: how many, how many paid by themselves, and request-to-paid times of those paid. */
  figures: z.object({
    days: z.number().int(),
    withdrawals: z.number().int(),
    autoPaid: z.number().int(),
    shareAutoPaid: z.number().nullable(),
    medianSecondsToPaid: z.number().nullable(),
    p95SecondsToPaid: z.number().nullable(),
    medianSecondsToPaidByOperators: z.number().nullable(),
  }),
  /** Payouts sent and not yet answered for good by the bank. */
  inFlight: z.number().int(),
});
export type AutoPayoutState = z.infer<typeof autoPayoutState>;

export const autoPayoutPauseBody = z.object({
  paused: z.boolean({ error: 'KEY_INVALID' }),
  reason: z.string().trim().min(1, { error: 'KEY_INVALID' }).max(300, { error: 'KEY_INVALID' }),
});
