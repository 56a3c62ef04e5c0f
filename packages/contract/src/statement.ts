import { z } from 'zod';
import { STATEMENT_TYPE_FILTERS, type StatementTypeFilter, isCalendarDay } from './statement-filters.js';

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
  /** Deposits and withdrawals: what a member reads out to support (reference.ts), e.g. `D7K2M9QX`. */
  reference: z.string().optional(),
  /** A withdrawal that operators are checking before it is paid (which rule held it is never said). */
  checking: z.literal(true).optional(),
});
export type StatementEntry = z.infer<typeof statementEntry>;
export const statementResponse = z.object({ total: z.number(), statements: z.array(statementEntry) });

// ---------- Statement filters: by type and by member days (statement-filters.ts)
const calendarDay = z.string({ error: 'KEY_INVALID' }).refine(isCalendarDay, { error: 'KEY_INVALID' });
/** Optional filters: a type (bonus includes ended conditions) and a range of days, both days included. */
export const statementFilterFields = {
  type: z.enum(STATEMENT_TYPE_FILTERS, { error: 'KEY_INVALID' }).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
};
export type StatementFilter = { type?: StatementTypeFilter; from?: string; to?: string };
const rangeInOrder = (filter: StatementFilter) => !filter.from || !filter.to || filter.from <= filter.to;
/** SPEC §7 POST /api/statement {page, limit}, with the optional filters. */
export const statementBody = pageBody.extend(statementFilterFields).refine(rangeInOrder, { error: 'KEY_INVALID' });
/** The operator's member statement: page, limit and the same filters, in the query string. */
export const memberStatementQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    ...statementFilterFields,
  })
  .refine(rangeInOrder, { error: 'KEY_INVALID' });

// ---------- An operator finds a deposit or withdrawal by its reference
export const referenceParams = z.object({ reference: z.string().max(20, { error: 'KEY_INVALID' }) });
export const referenceLookupResponse = z.object({
  reference: z.string(),
  kind: z.enum(['deposit', 'deposit_notice', 'withdrawal', 'correction']),
  statementType: z.enum(['deposit', 'withdraw']),
  /** The row's own id: a deposit or notice or withdrawal uuid, a correction's ledger transfer id. */
  _id: z.string(),
  memberId: z.string(),
  phone: z.string(),
  memberName: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['in_progress', 'SUCCESS', 'FAILED']),
  createdAt: z.string(),
  /** A deposit's method or a withdrawal's bank, as the statement names them. */
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
});
export type ReferenceLookup = z.infer<typeof referenceLookupResponse>;
