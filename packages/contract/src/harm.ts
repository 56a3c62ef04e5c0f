import { z } from 'zod';
import { MAX_MAJOR_AMOUNT } from './money.js';
import { breakPeriod, limitKind } from './protection.js';

// ---------- Markers of harm (operator console): rules over a member's play and money, a score, cases

/** The markers, each a rule over the member's own history with versioned thresholds. */
export const HARM_MARKERS = [
  'long_play',
  'night_play',
  'rising_deposits',
  'chasing_losses',
  'limit_increases',
  'refused_deposits',
  'return_attempts',
  'near_limit_deposits',
] as const;
export const harmMarkerCode = z.enum(HARM_MARKERS, { error: 'KEY_INVALID' });
export type HarmMarkerCode = z.infer<typeof harmMarkerCode>;

/** `monitor` is watched; `interact` and `intervene` open a case with a one-hour clock. */
export const HARM_LEVELS = ['none', 'monitor', 'interact', 'intervene'] as const;
export const harmLevel = z.enum(HARM_LEVELS);
export type HarmLevel = z.infer<typeof harmLevel>;

/** A marker that fired: the version of its rule, the points it adds, and what it saw (in English, for the operator). */
export const harmMarker = z.object({ code: harmMarkerCode, version: z.number().int(), points: z.number().int(), reason: z.string() });
export type HarmMarker = z.infer<typeof harmMarker>;

export const harmAssessment = z.object({ score: z.number().int(), level: harmLevel, markers: z.array(harmMarker), assessedAt: z.number() });
export type HarmAssessment = z.infer<typeof harmAssessment>;

export const HARM_OUTCOMES = ['no_concern', 'supported', 'restricted'] as const;
export const harmOutcome = z.enum(HARM_OUTCOMES, { error: 'KEY_INVALID' });
export type HarmOutcome = z.infer<typeof harmOutcome>;

export const HARM_ACTIONS = ['message', 'break', 'limit', 'note'] as const;
export type HarmActionKind = (typeof HARM_ACTIONS)[number];

export const harmCaseSummary = z.object({
  id: z.string(),
  memberId: z.string(),
  memberPhone: z.string(),
  status: z.enum(['open', 'closed']),
  level: harmLevel,
  score: z.number().int(),
  markers: z.array(harmMarkerCode),
  openedAt: z.number(),
  /** The clock: the first action is due an hour after the case opened. */
  dueAt: z.number(),
  /** A message, a break, a lowered limit or the close; a note is not an action on the member. */
  firstActionAt: z.number().nullable(),
  outcome: harmOutcome.nullable(),
  closedAt: z.number().nullable(),
  closedBy: z.string().nullable(),
});
export type HarmCaseSummary = z.infer<typeof harmCaseSummary>;

export const harmCaseAction = z.object({
  id: z.string(),
  kind: z.enum(HARM_ACTIONS),
  /** The message sent, the break's length and reason, the limit and amount, or the note. */
  detail: z.string(),
  by: z.string(),
  at: z.number(),
});
export type HarmCaseAction = z.infer<typeof harmCaseAction>;

export const harmCaseDetail = harmCaseSummary.extend({
  /** The assessment that opened the case or last raised its level. */
  assessment: harmAssessment,
  actions: z.array(harmCaseAction),
  /** The note the operator closed it with. */
  closingNote: z.string().nullable(),
});
export type HarmCaseDetail = z.infer<typeof harmCaseDetail>;

export const harmCasesQuery = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  memberId: z.string().regex(/^\d{1,18}$/).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const harmCasesResponse = z.object({ cases: z.array(harmCaseSummary) });
export const harmCaseResponse = z.object({ case: harmCaseDetail });

/** For the dashboard: cases open now, those past their clock with no action, and the median minutes to a first action over 30 days. */
export const harmMetricsResponse = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  days: z.number().int(),
  medianMinutesToFirstAction: z.number().nullable(),
  actedWithinHour: z.number().int(),
  opened: z.number().int(),
});
export type HarmMetrics = z.infer<typeof harmMetricsResponse>;

const text = (max: number) => z.string({ error: 'KEY_MISSING' }).trim().min(3, { error: 'KEY_MISSING' }).max(max, { error: 'KEY_INVALID' });

/** An action on a case: a message through support chat, a break, a lowered limit (the member told in chat), or a note. */
export const harmActionBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('message'), text: text(2000) }),
    z.object({ kind: z.literal('break'), period: breakPeriod, reason: text(1000) }),
    z.object({
      kind: z.literal('limit'),
      limit: limitKind,
      amount: z.number({ error: 'KEY_INVALID' }).gt(0, { error: 'KEY_INVALID' }).max(MAX_MAJOR_AMOUNT, { error: 'KEY_INVALID' }),
      text: text(2000),
    }),
    z.object({ kind: z.literal('note'), text: text(4000) }),
  ],
  { error: 'KEY_INVALID' },
);
export type HarmActionBody = z.infer<typeof harmActionBody>;
export const closeHarmCaseBody = z.object({ outcome: harmOutcome, note: text(4000) });
export type CloseHarmCaseBody = z.infer<typeof closeHarmCaseBody>;

/** A marker rule's version in force: the points it adds and its thresholds. `levels` holds the score each level starts at. */
export const harmRuleVersion = z.object({
  code: z.union([harmMarkerCode, z.literal('levels')]),
  version: z.number().int(),
  points: z.number().int(),
  params: z.record(z.string(), z.number()),
  createdBy: z.string().nullable(),
  createdAt: z.number().nullable(),
});
export type HarmRuleVersion = z.infer<typeof harmRuleVersion>;
export const harmRulesResponse = z.object({ rules: z.array(harmRuleVersion) });
/** A new version of one rule, after the version the admin saw (409 RULE_CHANGED otherwise). */
export const changeHarmRuleBody = z.object({
  after: z.number().int().min(0),
  points: z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(20, { error: 'KEY_INVALID' }),
  params: z.record(z.string(), z.number({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(1_000_000, { error: 'KEY_INVALID' })),
});
export const harmRuleParams = z.object({ code: z.union([harmMarkerCode, z.literal('levels')]) });
