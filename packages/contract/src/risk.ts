import { z } from 'zod';
import { currencyCode } from './money.js';

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
