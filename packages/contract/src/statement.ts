import { z } from 'zod';

// ---------- Statement (SPEC §3 Statement entry, §7 Statement)
export const pageBody = z.object({
  page: z.number({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') }).int({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_INVALID' }),
  limit: z.number({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') }).int({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_INVALID' }).max(50, { error: 'KEY_INVALID' }),
});
const relatedItem = z.object({ code: z.string(), description: z.string() });
export const statementEntry = z.object({
  _id: z.string(),
  statementType: z.enum(['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer']),
  from: z.string(),
  to: z.string(),
  status: z.enum(['in_progress', 'SUCCESS', 'FAILED']),
  amount: z.number(),
  createdAt: z.string(),
  reason: z.string().nullable(),
  /** SPEC §3: one optional related item of a bonus or finish_bonus entry, with its description. */
  bonus: relatedItem.optional(),
  promotion: relatedItem.optional(),
  invite: relatedItem.optional(),
  refund: relatedItem.optional(),
  luckydraw: relatedItem.optional(),
});
export type StatementEntry = z.infer<typeof statementEntry>;
export const statementResponse = z.object({ total: z.number(), statements: z.array(statementEntry) });
