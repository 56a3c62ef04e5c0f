import { z } from 'zod';
import { MAX_MAJOR_AMOUNT } from './money.js';
import { BREAK_PERIODS, EXCLUSION_PERIODS, LIMIT_KINDS } from './protection-kinds.js';

// ---------- Player protection (member app: limits, breaks, self-exclusion)

export const limitKind = z.enum(LIMIT_KINDS, { error: 'KEY_INVALID' });
export const breakPeriod = z.enum(BREAK_PERIODS, { error: 'KEY_INVALID' });
export const exclusionPeriod = z.enum(EXCLUSION_PERIODS, { error: 'KEY_INVALID' });
export type BreakPeriod = z.infer<typeof breakPeriod>;
export type ExclusionPeriod = z.infer<typeof exclusionPeriod>;

/**
 * A limit to set (a number) or remove (null): money in the member's currency (major units), or
 * minutes for the session-time limit.
 */
export const setLimitBody = z.object({
  kind: limitKind,
  amount: z.number({ error: 'KEY_INVALID' }).gt(0, { error: 'KEY_INVALID' }).max(MAX_MAJOR_AMOUNT, { error: 'KEY_INVALID' }).nullable(),
});
export type SetLimitBody = z.infer<typeof setLimitBody>;
export const takeBreakBody = z.object({ period: breakPeriod });
export const selfExcludeBody = z.object({ period: exclusionPeriod });

export const protectionLimit = z.object({
  kind: limitKind,
  /** In force now (major units, or minutes); null: none. */
  amount: z.number().nullable(),
  /** A raise or a removal waiting for its cooling period: what it becomes, and when (epoch ms). */
  next: z.object({ amount: z.number().nullable(), at: z.number() }).nullable(),
  /** How much of a money limit the running period has used, and when the period ends (epoch ms). */
  used: z.number().nullable(),
  resetsAt: z.number().nullable(),
});
export type ProtectionLimit = z.infer<typeof protectionLimit>;

export const protectionRestriction = z.object({
  kind: z.enum(['break', 'exclusion']),
  startsAt: z.number(),
  /** Epoch ms; null: a self-exclusion without end. */
  endsAt: z.number().nullable(),
  /** A self-exclusion whose time has passed: when the member asked to return (it ends 24 h later). */
  returnRequestedAt: z.number().nullable(),
  /** An operator applied it (their reason is not shown to the member). */
  byOperator: z.boolean(),
});
export type ProtectionRestriction = z.infer<typeof protectionRestriction>;

export const limitChange = z.object({
  kind: limitKind,
  from: z.number().nullable(),
  to: z.number().nullable(),
  effectiveAt: z.number(),
  byOperator: z.boolean(),
  createdAt: z.number(),
});

export const protectionStatus = z.object({
  limits: z.array(protectionLimit),
  /** The restriction in force, if any. */
  restriction: protectionRestriction.nullable(),
  /** Hours a raise or a removal waits (the site's setting); with `strict`, also until the running period ends, and at least 72. */
  coolingHours: z.number(),
  strict: z.boolean(),
  history: z.array(limitChange),
  /**
   * What the app asks: `first`, a limit before anything else (at registration, before the first
   * deposit) where the site asks for one; `review`, six months after the last answer, to look at
   * the limits again; null, nothing.
   */
  prompt: z.enum(['first', 'review']).nullable(),
});
export type ProtectionStatus = z.infer<typeof protectionStatus>;

export const PROMPT_ANSWERS = ['set', 'not_now', 'reviewed'] as const;
export const answerPromptBody = z.object({ answer: z.enum(PROMPT_ANSWERS, { error: 'KEY_INVALID' }) });
/** Months after the last answer that the app reminds a member to review their limits. */
export const LIMIT_REVIEW_MONTHS = 6;

/** What a limit change did: applied now, or waiting until `at`. */
export const setLimitResponse = z.object({ message: z.literal('SUCCESS'), appliesAt: z.number() });

// ---------- Player protection (operator console)
export const applyRestrictionBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('break'), period: breakPeriod, reason: z.string({ error: 'KEY_MISSING' }).trim().min(3, { error: 'KEY_MISSING' }).max(1000, { error: 'KEY_INVALID' }) }),
    z.object({ kind: z.literal('exclusion'), period: exclusionPeriod, reason: z.string({ error: 'KEY_MISSING' }).trim().min(3, { error: 'KEY_MISSING' }).max(1000, { error: 'KEY_INVALID' }) }),
  ],
  { error: 'KEY_INVALID' },
);
export type ApplyRestrictionBody = z.infer<typeof applyRestrictionBody>;
export const tightenLimitBody = z.object({ kind: limitKind, amount: z.number({ error: 'KEY_INVALID' }).gt(0, { error: 'KEY_INVALID' }).max(MAX_MAJOR_AMOUNT, { error: 'KEY_INVALID' }) });
export const memberProtectionResponse = protectionStatus.extend({
  restrictions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['break', 'exclusion']),
      startsAt: z.number(),
      endsAt: z.number().nullable(),
      returnRequestedAt: z.number().nullable(),
      operator: z.string().nullable(),
      reason: z.string().nullable(),
      /** An operator-applied one in force: who proposed lifting it (a second operator lifts it). */
      liftProposedBy: z.string().nullable(),
      liftedBy: z.string().nullable(),
      liftedAt: z.number().nullable(),
    }),
  ),
  /** Deposits that arrived past a limit or during a restriction (credited, flagged). */
  flags: z.array(z.object({ depositId: z.string(), reason: z.string(), limit: z.string().nullable(), createdAt: z.number() })),
});
export type MemberProtection = z.infer<typeof memberProtectionResponse>;
export const restrictionParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'KEY_INVALID' }), restrictionId: z.string().regex(/^\d{1,18}$/, { error: 'KEY_INVALID' }) });
