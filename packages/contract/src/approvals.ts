import { z } from 'zod';
import { currencyCode } from './money-schemas.js';

/**
 * Money-making configuration (and looser player protection) with four eyes: a change above the operator's thresholds waits as a
 * config change until a second operator approves it (docs/adr/0159-above-thresholds-a-proposal.md
 * and the ADRs after it).
 */
export const CONFIG_CHANGE_KINDS = ['offer.create', 'offer.update', 'settings.change', 'spin.activate', 'deposits.pause'] as const;
export type ConfigChangeKind = (typeof CONFIG_CHANGE_KINDS)[number];
export const CONFIG_CHANGE_STATUSES = ['proposed', 'approved', 'rejected'] as const;
/** Why a change needs a second operator. */
export const APPROVAL_REASONS = [
  'reward_above',
  'share_above',
  'no_condition',
  'no_deposit',
  'rate_above',
  'prize_above',
  'pays_more_than_coin',
  'coin_cheaper',
  'thresholds',
  // Pausing or resuming deposits always takes two operators.
  'deposit_pause',
  // Loosening player protection: a shorter cooling period, strict off, no limit prompt, rarer reality checks.
  'protection_looser',
  // A higher amount or daily budget paid out by the bank's transfer API without an operator.
  'auto_payout_looser',
] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

export const configChange = z.object({
  _id: z.string(),
  kind: z.enum(CONFIG_CHANGE_KINDS),
  /** What it changes: an offer's code, a campaign's id, or `site` for settings. */
  subject: z.string(),
  currency: currencyCode.nullable(),
  reasons: z.array(z.enum(APPROVAL_REASONS)),
  /** The values before the change (null for something new) and the full proposed values; amounts in major units. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()),
  status: z.enum(CONFIG_CHANGE_STATUSES),
  proposedBy: z.string(),
  decidedBy: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ConfigChange = z.infer<typeof configChange>;
export const configChangesQuery = z.object({
  status: z.enum(CONFIG_CHANGE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const configChangesResponse = z.object({ total: z.number(), changes: z.array(configChange) });
export const configRejectBody = z.object({ note: z.string({ error: 'KEY_MISSING' }).trim().min(3, { error: 'KEY_MISSING' }).max(500, { error: 'KEY_INVALID' }) });
