import { z } from 'zod';
import { moneyAmount } from './money-schemas.js';

/** Why money was corrected; the note says the rest. */
export const CORRECTION_REASONS = ['DEPOSIT_NOT_CREDITED', 'DUPLICATE_CREDIT', 'GAME_DISPUTE', 'GOODWILL', 'WITHDRAWAL_RETURNED_BY_BANK', 'OTHER'] as const;

export const correctionBody = z.object({
  memberId: z.string({ error: 'KEY_MISSING' }).regex(/^\d{1,18}$/, { error: 'KEY_INVALID' }),
  direction: z.enum(['credit', 'debit'], { error: 'KEY_INVALID' }),
  amount: moneyAmount,
  reasonCode: z.enum(CORRECTION_REASONS, { error: 'KEY_INVALID' }),
  note: z.string({ error: 'KEY_MISSING' }).trim().min(3, { error: 'KEY_MISSING' }).max(500, { error: 'KEY_INVALID' }),
});
export type CorrectionBody = z.infer<typeof correctionBody>;

export const correction = z.object({
  _id: z.string(),
  memberId: z.string(),
  memberPhone: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: z.number(),
  reasonCode: z.enum(CORRECTION_REASONS),
  note: z.string(),
  status: z.enum(['proposed', 'approved', 'rejected']),
  proposedBy: z.string(),
  decidedBy: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Correction = z.infer<typeof correction>;
export const correctionsQuery = z.object({
  status: z.enum(['proposed', 'approved', 'rejected']).optional(),
  memberId: z.string().regex(/^\d{1,18}$/, { error: 'KEY_INVALID' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const correctionsResponse = z.object({ total: z.number(), corrections: z.array(correction) });
export const correctionRejectBody = z.object({ reason: z.string({ error: 'KEY_MISSING' }).trim().min(3, { error: 'KEY_MISSING' }).max(500, { error: 'KEY_INVALID' }) });
