import { z } from 'zod';
import { currencyCode, moneyAmount } from './money-schemas.js';
import { cappedTotalFields } from './schemas.js';
import { withdrawalAutoPayout } from './auto-payout.js';

// ---------- Withdrawals (SPEC §7 Wallet withdraw / withdrawAll; DESIGN §6)
/** `{amount}` in baht: withdraw, withdrawAll and the manual deposit notice. */
export const amountBody = z.object({ amount: moneyAmount });
export const withdrawal = z.object({
  _id: z.string(),
  amount: z.number(),
  currency: currencyCode,
  status: z.enum(['in_progress', 'SUCCESS', 'FAILED']),
  createdAt: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  bankAccountName: z.string(),
  reason: z.string().nullable(),
  /** A risk rule holds it while operators check it (which rule is never said). */
  checking: z.boolean(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawResponse = z.object({ message: z.literal('SUCCESS'), withdrawal });

export const adminWithdrawal = withdrawal.extend({
  username: z.string(),
  memberName: z.string(),
  decidedBy: z.string().nullable(),
  /** Above the operator's amount, the first of the two approvals a payout needs. */
  firstApprovedBy: z.string().nullable(),
  /** What the first of two proposed: a payout, or the money back. */
  firstDecision: z.enum(['SUCCESS', 'FAILED']).nullable(),
  /** A risk rule held it: two operators decide it, whichever way. */
  heldForReview: z.boolean(),
  /** What the member reads out to support (the statement shows the same). */
  reference: z.string(),
  /** Whether the bank's transfer API paid it by itself, and if not why. */
  autoPayout: withdrawalAutoPayout,
});
export const adminWithdrawalsResponse = z.object({ ...cappedTotalFields, withdrawals: z.array(adminWithdrawal) });
