import { z } from 'zod';
import { currencyCode } from './money-schemas.js';
import { password, requiredText } from './schemas.js';

/** What an operator may do: an account holds one or more. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'marketing'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const roles = z.array(z.enum(OPERATOR_ROLES, { error: 'KEY_INVALID' }), { error: 'KEY_INVALID' }).min(1, { error: 'KEY_MISSING' }).max(OPERATOR_ROLES.length);
const username = requiredText(64).regex(/^[a-z0-9._-]{3,64}$/, { error: 'KEY_INVALID' });

export const operatorItem = z.object({
  _id: z.string(),
  username: z.string(),
  roles: z.array(z.enum(OPERATOR_ROLES)),
  disabled: z.boolean(),
  totp: z.boolean(),
  createdAt: z.string(),
});
export type OperatorItem = z.infer<typeof operatorItem>;
export const operatorsResponse = z.object({ operators: z.array(operatorItem) });

export const createOperatorBody = z.object({ username, password, roles });
export type CreateOperatorBody = z.infer<typeof createOperatorBody>;
export const updateOperatorBody = z.object({
  roles: roles.optional(),
  /** Disabling ends the operator's sessions; an admin cannot disable the last admin or themselves. */
  disabled: z.boolean({ error: 'KEY_INVALID' }).optional(),
  /** A new password set by an admin, for an operator who lost theirs. */
  password: password.optional(),
  /** Clears the second factor of an operator who lost their phone. */
  resetSecondFactor: z.boolean({ error: 'KEY_INVALID' }).optional(),
});
export type UpdateOperatorBody = z.infer<typeof updateOperatorBody>;

/** The signed-in operator, for the console's menus. */
export const operatorMeResponse = z.object({ _id: z.string(), username: z.string(), roles: z.array(z.enum(OPERATOR_ROLES)), totp: z.boolean() });

// ---------- Queues an operator works on (withdrawals, slips, deposit notices)
/** Paging through a queue by status. */
export const operatorQueueQuery = z.object({
  status: z.enum(['pending', 'SUCCESS', 'FAILED']).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const operatorItemParams = z.object({ id: z.uuid({ error: 'KEY_INVALID' }) });
export const failReasonBody = z.object({
  reason: z.string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') }).trim().min(1, { error: 'KEY_MISSING' }).max(200, { error: 'KEY_INVALID' }),
});

// ---------- Second factor (TOTP, RFC 6238, any authenticator app)
export const totpSetupResponse = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// address the QR code carries. */
  uri: z.string(),
  /** The same address drawn as an SVG QR code. */
  qrcode: z.string(),
});
export const totpCodeBody = z.object({ code: z.string({ error: 'KEY_MISSING' }).trim().regex(/^\d{6}$/, { error: 'TOTP_INVALID' }) });
/** Shown once: each code signs in once when the authenticator is lost. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

// ---------- Audit log
const dateTime = z.iso.datetime({ offset: true, error: 'KEY_INVALID' });
export const auditQuery = z.object({
  actor: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
  /** Found anywhere in an entry's detail: an id, a phone number, an amount. */
  text: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditEntry = z.object({
  _id: z.string(),
  actor: z.string(),
  action: z.string(),
  detail: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  hash: z.string(),
  /** The request (its `x-request-id`, the `reqId` of its log lines) or job run that caused the entry; null when none was recorded. */
  requestId: z.string().nullable().optional(),
});
/** `currency`: the site's wallet currency, for an amount in a detail that names none (amounts there are in minor units). */
export const auditResponse = z.object({ total: z.number(), entries: z.array(auditEntry), currency: currencyCode });
/**
 * The audit log's head as anchored outside the database (a signed file on the upload storage):
 * the entry at `position` had this `id` and `hash`, and the log then held `entries` entries.
 */
export const auditCheckpoint = z.object({ position: z.string(), id: z.string(), hash: z.string(), entries: z.number(), at: z.string() });
export const auditCheckpointResponse = z.object({ checkpoint: auditCheckpoint.nullable() });
export const auditVerifyResponse = z.object({
  ok: z.boolean(),
  entries: z.number(),
  /**
   * Entries that do not hold: `content` changed after its hash was made (the next entry or the
   * checkpoint still vouches for the hash), `rechained` carries a hash the key did not make (hashes
   * recomputed without it), `link` does not follow the entry before (one deleted or inserted),
   * `unkeyed` claims the old unkeyed scheme after keyed entries.
   */
  broken: z.array(z.object({ id: z.string(), position: z.string(), problem: z.enum(['content', 'rechained', 'link', 'unkeyed']) })),
  /**
   * The latest checkpoint and how the log stands against it: `signature` (the file was not signed
   * with the key), `truncated` (its entry is gone, or fewer entries lead up to it), `rewritten` (its
   * entry holds another hash, or more entries lead up to it). null: none written yet.
   */
  checkpoint: auditCheckpoint.extend({ status: z.enum(['ok', 'signature', 'truncated', 'rewritten']) }).nullable(),
});

// ---------- Dashboard
/** Money figures are of one wallet currency: never kip and baht added together. */
export const dashboardQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30), currency: currencyCode.optional() });
const dayFigures = z.object({
  /** YYYY-MM-DD in the site's time zone. */
  date: z.string(),
  /** Baht credited per deposit method. */
  deposits: z.record(z.string(), z.number()),
  depositCount: z.number(),
  /** Baht paid out. */
  withdrawals: z.number(),
  withdrawalCount: z.number(),
  newMembers: z.number(),
  bonusCost: z.number(),
  /** Operator corrections: credits minus debits. */
  corrections: z.number(),
  /** Members' losses minus wins at the providers, from the ledger. */
  netGaming: z.number(),
});
export const dashboardResponse = z.object({
  timeZone: z.string(),
  /** The currency of every amount here (the site's first unless asked), and the site's others. */
  currency: currencyCode,
  currencies: z.array(currencyCode),
  today: dayFigures,
  /** Oldest first, one per day, today last. */
  days: z.array(dayFigures),
  queues: z.array(z.object({ queue: z.string(), count: z.number(), oldestAt: z.string().nullable() })),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
