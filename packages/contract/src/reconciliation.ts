import { z } from 'zod';
import { correctionBody } from './corrections.js';

export const RECONCILIATION_SOURCES = ['provider', 'gateway', 'bank'] as const;
export const reconciliationSource = z.enum(RECONCILIATION_SOURCES, { error: 'KEY_INVALID' });
export const EXCEPTION_KINDS = ['ours_only', 'theirs_only', 'amount_differs', 'date_differs'] as const;
export const EXCEPTION_STATUSES = ['open', 'cleared', 'matched', 'correcting', 'corrected', 'write_off_proposed', 'written_off'] as const;
/** Statuses still waiting on someone. */
export const OPEN_EXCEPTION_STATUSES = ['open', 'correcting', 'write_off_proposed'] as const;

const isoDay = z.string({ error: 'KEY_MISSING' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'KEY_INVALID' });

/** How a source's records are matched to ours (docs/operations.md "Reconciliation"). */
export const reconciliationRuleSettings = z.object({
  matchOn: z.enum(['reference', 'amount'], { error: 'KEY_INVALID' }),
  /** Minor units two amounts may differ by and still match. */
  amountTolerance: z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(100, { error: 'KEY_INVALID' }),
  dateWindowMinutes: z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(1440, { error: 'KEY_INVALID' }),
  /** The source's fee by contract in hundredths of a percent; null: no fee is checked. */
  feeBasisPoints: z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(1000, { error: 'KEY_INVALID' }).nullable(),
});
export const reconciliationRule = z.object({
  source: reconciliationSource,
  version: z.number(),
  settings: reconciliationRuleSettings,
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export const reconciliationRulesResponse = z.object({ rules: z.array(reconciliationRule) });
export const saveRuleBody = z.object({ settings: reconciliationRuleSettings, note: z.string({ error: 'KEY_MISSING' }).trim().min(3, { error: 'KEY_MISSING' }).max(500, { error: 'KEY_INVALID' }) });
export const dryRunBody = z.object({ settings: reconciliationRuleSettings, day: isoDay });

/** Per currency, in minor units as decimal strings. */
const runTotals = z.record(z.string(), z.object({ ours: z.string(), theirs: z.string(), matched: z.string() }));
export const reconciliationRun = z.object({
  id: z.string(),
  source: reconciliationSource,
  day: z.string(),
  ruleVersion: z.number(),
  askedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  ours: z.number().nullable(),
  theirs: z.number().nullable(),
  matched: z.number().nullable(),
  exceptions: z.number().nullable(),
  totals: runTotals.nullable(),
});
export const reconciliationRunsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const reconciliationRunsResponse = z.object({ total: z.number(), runs: z.array(reconciliationRun) });
export const runNowBody = z.object({ source: reconciliationSource, day: isoDay });
export const runNowResponse = z.object({ run: reconciliationRun });

/** What a rule would match on a day, nothing kept. */
export const dryRunResponse = z.object({
  ours: z.number(),
  theirs: z.number(),
  matched: z.number(),
  exceptions: z.array(z.object({ kind: z.enum(EXCEPTION_KINDS), ourRef: z.string(), theirRef: z.string(), ourAmount: z.string().nullable(), theirAmount: z.string().nullable() })),
});

export const reconciliationException = z.object({
  id: z.string(),
  source: reconciliationSource,
  day: z.string(),
  kind: z.enum(EXCEPTION_KINDS),
  ourRef: z.string(),
  theirRef: z.string(),
  currency: z.string(),
  /** Minor units as decimal strings. */
  ourAmount: z.string().nullable(),
  theirAmount: z.string().nullable(),
  memberId: z.string().nullable(),
  /** What the records said beside their amounts (the slot, the username, a fee, how far apart in time), as text. */
  detail: z.record(z.string(), z.string()),
  openedAt: z.string(),
  /** Seconds since it was opened. */
  ageSeconds: z.number(),
  assignee: z.string().nullable(),
  status: z.enum(EXCEPTION_STATUSES),
  resolutionReason: z.string().nullable(),
  correctionId: z.string().nullable(),
  proposedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  notes: z.array(z.object({ by: z.string(), note: z.string(), at: z.string() })),
});
export const exceptionsQuery = z.object({
  status: z.enum(['waiting', 'all', ...EXCEPTION_STATUSES]).default('waiting'),
  source: reconciliationSource.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const exceptionsResponse = z.object({
  total: z.number(),
  /** Waiting exceptions older than 24 hours with no one assigned (the dashboard's figure). */
  unownedOverDay: z.number(),
  exceptions: z.array(reconciliationException),
});
export const exceptionResponse = z.object({ exception: reconciliationException });
export const exceptionParams = z.object({ id: z.string().uuid({ error: 'KEY_INVALID' }) });
/** Assign to an operator by username; null takes the exception off whoever had it. */
export const assignBody = z.object({ assignee: z.string().trim().min(1, { error: 'KEY_INVALID' }).max(64, { error: 'KEY_INVALID' }).nullable() });
export const noteBody = z.object({ note: z.string({ error: 'KEY_MISSING' }).trim().min(1, { error: 'KEY_MISSING' }).max(1000, { error: 'KEY_INVALID' }) });
export const reasonBody = z.object({ reason: z.string({ error: 'KEY_MISSING' }).trim().min(3, { error: 'KEY_MISSING' }).max(500, { error: 'KEY_INVALID' }) });
/** A correction proposed from an exception: the correction's own fields; the member defaults to the exception's. */
export const exceptionCorrectionBody = correctionBody.extend({ memberId: correctionBody.shape.memberId.optional() });
export const writeOffDecisionBody = z.object({ approve: z.boolean({ error: 'KEY_INVALID' }), note: z.string().trim().max(500, { error: 'KEY_INVALID' }).optional() });

export type ReconciliationSourceName = z.infer<typeof reconciliationSource>;
export type ReconciliationRuleSettings = z.infer<typeof reconciliationRuleSettings>;
export type ReconciliationRun = z.infer<typeof reconciliationRun>;
export type ReconciliationException = z.infer<typeof reconciliationException>;
export type ReconciliationRule = z.infer<typeof reconciliationRule>;
