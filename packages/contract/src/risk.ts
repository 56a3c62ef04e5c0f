import { z } from 'zod';
import { currencyCode } from './money-schemas.js';

// ---------- Risk decisions on money movements (operator console)
export const RISK_MOVEMENTS = ['deposit', 'withdrawal', 'reward', 'invite', 'bank_account'] as const;
export const riskMovement = z.enum(RISK_MOVEMENTS);
export const riskOutcome = z.enum(['approve', 'review', 'block']);
export const riskRuleMode = z.enum(['active', 'observe', 'off']);
export type RiskRuleMode = z.infer<typeof riskRuleMode>;

/** A rule's thresholds: numbers, or a number per currency (major units). */
const ruleParams = z.record(z.string(), z.union([z.number(), z.record(z.string(), z.number())]));
export const riskRuleVersion = z.object({ code: z.string(), version: z.number().int(), mode: riskRuleMode, params: ruleParams });
export const riskRule = z.object({
  code: z.string(),
  movements: z.array(riskMovement),
  /** What it answers when it fires (a deposit's answer is at most review). */
  outcome: riskOutcome,
  defaults: ruleParams,
  current: riskRuleVersion.nullable(),
});
export const riskRulesResponse = z.object({ rules: z.array(riskRule) });
export const riskRuleVersionsResponse = z.object({
  versions: z.array(riskRuleVersion.extend({ createdBy: z.string(), createdAt: z.string() })),
});
/** A new version of a rule, after the version the operator saw. */
export const changeRiskRuleBody = z.object({ after: z.number().int().min(1), mode: riskRuleMode, params: ruleParams });

export const riskAnswer = z.object({ code: z.string(), version: z.number().int(), mode: riskRuleMode, outcome: riskOutcome, reason: z.string().nullable() });
export const riskDecision = z.object({
  id: z.string(),
  memberId: z.string(),
  movement: riskMovement,
  subject: z.string(),
  amount: z.number(),
  currency: currencyCode,
  outcome: riskOutcome,
  rules: z.array(riskAnswer),
  createdAt: z.string(),
  /** The case the alert joined (none for an approval). */
  caseId: z.string().nullable(),
  /** The first of the two operators a release takes, waiting for a second. */
  releaseProposedBy: z.string().nullable(),
  releasedBy: z.string().nullable(),
  releasedAt: z.string().nullable(),
});
export type RiskDecision = z.infer<typeof riskDecision>;
export const riskDecisionsQuery = z.object({
  outcome: z.enum(['held', 'all']).default('held'),
  memberId: z.string().regex(/^\d{1,18}$/).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const riskDecisionsResponse = z.object({ decisions: z.array(riskDecision) });
export const riskDecisionResponse = z.object({ decision: riskDecision });

/** What a proposed version of a rule would have decided over the stored decisions of the last 90 days. */
export const riskDryRunBody = z.object({ mode: riskRuleMode, params: ruleParams });
export const riskDryRunResponse = z.object({
  days: z.number().int(),
  decisions: z.number().int(),
  changed: z.number().int(),
  /** Counts by change, e.g. `approve→review`. */
  changes: z.record(z.string(), z.number().int()),
  examples: z.array(
    z.object({
      id: z.string(),
      memberId: z.string(),
      movement: riskMovement,
      amount: z.number(),
      currency: z.string(),
      createdAt: z.string(),
      before: riskOutcome,
      after: riskOutcome,
      reason: z.string().nullable(),
    }),
  ),
});

// ---------- Cases: the alerts of one member, worked by an investigator to an outcome
/** Which desk works a case: money movements go to finance, rewards and invites to marketing. */
export const riskCaseInbox = z.enum(['finance', 'marketing']);
export type RiskCaseInbox = z.infer<typeof riskCaseInbox>;
export const riskCaseStatus = z.enum(['open', 'in_progress', 'closed']);
export const riskCaseOutcome = z.enum(['false_positive', 'valuable', 'confirmed']);
export type RiskCaseOutcome = z.infer<typeof riskCaseOutcome>;

export const riskCaseSummary = z.object({
  id: z.string(),
  memberId: z.string(),
  inbox: riskCaseInbox,
  status: riskCaseStatus,
  assignee: z.string().nullable(),
  outcome: riskCaseOutcome.nullable(),
  openedAt: z.string(),
  lastAlertAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** Decisions that were not approve, joined to the case. */
  alerts: z.number().int(),
  /** The rules that held or blocked in them. */
  rules: z.array(z.string()),
});
export type RiskCaseSummary = z.infer<typeof riskCaseSummary>;

export const riskCasesQuery = z.object({
  /** `active`: open or in progress. */
  status: z.enum(['active', 'open', 'in_progress', 'closed']).default('active'),
  inbox: riskCaseInbox.optional(),
  mine: z.enum(['true', 'false']).default('false'),
  memberId: z.string().regex(/^\d{1,18}$/).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const riskCasesResponse = z.object({ cases: z.array(riskCaseSummary) });

export const riskCaseAttachment = z.object({ id: z.string(), name: z.string(), contentType: z.string(), size: z.number().int() });
export const riskCaseNote = z.object({ id: z.string(), author: z.string(), body: z.string(), createdAt: z.string(), attachment: riskCaseAttachment.nullable() });
export const riskSnooze = z.object({ code: z.string(), until: z.string(), createdBy: z.string(), createdAt: z.string(), caseId: z.string() });

export const riskCaseDetail = riskCaseSummary.extend({
  /** What closing said to the member, when it blocked them or froze their withdrawals. */
  action: z.enum(['none', 'block', 'freeze']).nullable(),
  decisions: z.array(riskDecision),
  notes: z.array(riskCaseNote),
  snoozes: z.array(riskSnooze),
  /** The member's withdrawals are frozen (by this or another case), with what they were told. */
  freeze: z.object({ reason: z.string(), createdBy: z.string(), createdAt: z.string(), liftProposedBy: z.string().nullable() }).nullable(),
});
export type RiskCaseDetail = z.infer<typeof riskCaseDetail>;
export const riskCaseResponse = z.object({ case: riskCaseDetail });

/** Taking a case (`assignee` the operator's own name) or handing it on; `null` puts it back in the inbox. */
export const assignRiskCaseBody = z.object({ assignee: z.string().min(1).max(64).nullable() });
export const riskCaseNoteBody = z.object({ body: z.string().trim().min(1, { error: 'KEY_MISSING' }).max(4000, { error: 'KEY_INVALID' }) });
/**
 * Closing with an outcome. A confirmed case may block the member or freeze their withdrawals; the
 * member is told `memberMessage` through support (never the rule).
 */
export const closeRiskCaseBody = z
  .object({
    outcome: riskCaseOutcome,
    action: z.enum(['none', 'block', 'freeze']).default('none'),
    memberMessage: z.string().trim().max(500, { error: 'KEY_INVALID' }).optional(),
  })
  .refine((body) => body.action === 'none' || (body.outcome === 'confirmed' && (body.memberMessage ?? '').length > 0), { error: 'KEY_INVALID', path: ['action'] });
/** A rule left out of this member's decisions, for at most 180 days, from a reviewed case. */
export const riskSnoozeBody = z.object({ code: z.string().regex(/^[a-z_]{3,40}$/), days: z.number().int().min(1).max(180, { error: 'KEY_INVALID' }) });

/** Alert to decision and each rule's false positives, over the cases closed in the last 30 days. */
export const riskMetricsResponse = z.object({
  days: z.number().int(),
  /** From an alert to the close of its case. */
  medianAlertToDecisionSeconds: z.number().nullable(),
  alertsDecided: z.number().int(),
  rules: z.array(z.object({ code: z.string(), alerts: z.number().int(), falsePositives: z.number().int(), falsePositiveRate: z.number().nullable() })),
});
