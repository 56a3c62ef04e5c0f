import {
  type BreakPeriod,
  type CurrencyCode,
  type ExclusionPeriod,
  type LimitKind,
  type ProtectionStatus,
  LIMIT_KINDS,
  LIMIT_REVIEW_MONTHS,
  SESSION_MINUTES_RANGE,
  isMoneyLimit,
  isPayableIn,
  toMajor,
  toMinor,
} from '@wallet/contract';
import type { Core } from '../../core.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, businessRule, forbidden, notFound } from '../../errors.js';
import type { AdminContext, MemberContext } from '../../http/context.js';
import * as repo from './protection.repository.js';

const HOUR_MS = 3_600_000;
/** A restriction ending within this of the one in force adds nothing to it. */
const SAME_END_MS = 60_000;
const DAY_MS = 24 * HOUR_MS;
/** A strict profile never relaxes a limit sooner than this (Sweden's 72 hours). */
const STRICT_MINIMUM_HOURS = 72;
const months = (count: number) => (from: Date) => {
  const at = new Date(from);
  at.setUTCMonth(at.getUTCMonth() + count);
  return at;
};
const after = (ms: number) => (from: Date) => new Date(from.getTime() + ms);
const BREAK_ENDS: Record<BreakPeriod, (from: Date) => Date> = { '24h': after(DAY_MS), '1w': after(7 * DAY_MS), '1m': months(1), '2m': months(2), '3m': months(3) };
const EXCLUSION_ENDS: Record<ExclusionPeriod, (from: Date) => Date | null> = { '6m': months(6), '1y': months(12), '5y': months(60), forever: () => null };

const reviewDue = (answeredAt: Date, now: Date): boolean => {
  const due = new Date(answeredAt);
  due.setUTCMonth(due.getUTCMonth() + LIMIT_REVIEW_MONTHS);
  return due <= now;
};

/** The cooling rules of the site: hours a raise or removal waits, and whether the strict rule applies. */
export interface CoolingRules {
  coolingHours: number;
  strict: boolean;
}

export type ProtectionRefusal = repo.Refusal;

/** The refusal as the API answers it: its code, the limit, and when the period resets or the restriction ends. */
export const refusalError = (refusal: repo.Refusal): AppError =>
  businessRule(refusal.refusal, { ...(refusal.limitKind ? { limit: refusal.limitKind } : {}), ...(refusal.until ? { until: refusal.until.getTime() } : {}) });

/**
 * Player protection: the limits a member sets (lowering at once, raising after a cooling period),
 * breaks and self-exclusions, and the checks the money paths make in their own transactions.
 * Times are the database's clock, so every node agrees on when a limit or a break starts and ends.
 */
export function createProtectionService(
  deps: Pick<Core, 'db' | 'auditTrail' | 'site'> & {
    cooling: () => Promise<CoolingRules>;
    promptRequired: () => Promise<boolean>;
    changed: (memberId: bigint) => void;
    /** Ends the member's open games where the provider offers it (never throws). */
    endSessions: (memberId: bigint) => Promise<void>;
    /** What a member tried that protection refused, for the markers of harm. */
    attempted: (event: { memberId: bigint; kind: 'early_return'; detail: string }) => Promise<void>;
  },
) {
  const { db } = deps;
  const timeZone = deps.site.timeZone;

  /** Money kinds are stored in minor units; the session limit in minutes. */
  function storedAmount(kind: LimitKind, amount: number | null, currency: CurrencyCode): bigint | null {
    if (amount === null) return null;
    if (!isMoneyLimit(kind)) {
      if (!Number.isInteger(amount) || amount < SESSION_MINUTES_RANGE.min || amount > SESSION_MINUTES_RANGE.max) throw badRequest('KEY_INVALID');
      return BigInt(amount);
    }
    const minor = toMinor(amount);
    if (minor === null || !isPayableIn(currency, minor)) throw badRequest('KEY_INVALID');
    return minor;
  }
  const shownAmount = (kind: string, amount: bigint | null): number | null => (amount === null ? null : kind === 'session_minutes' ? Number(amount) : toMajor(amount));

  /** When a raise or removal set now takes effect. */
  async function relaxedAt(trx: Db, rules: CoolingRules, memberId: bigint, kind: LimitKind, now: Date): Promise<Date> {
    const cooled = now.getTime() + rules.coolingHours * HOUR_MS;
    if (!rules.strict) return new Date(cooled);
    const strictest = Math.max(cooled, now.getTime() + STRICT_MINIMUM_HOURS * HOUR_MS);
    if (!isMoneyLimit(kind)) return new Date(strictest);
    const period = await repo.used(trx, memberId, kind, timeZone);
    return new Date(Math.max(strictest, period.endsAt.getTime()));
  }

  const inForce = (row: { amount: bigint | null; next_amount: bigint | null; next_at: Date | null }, now: Date): bigint | null =>
    row.next_at && row.next_at <= now ? row.next_amount : row.amount;

  /**
   * Sets, lowers, raises or removes a limit. Setting or lowering applies in this request (and drops
   * a raise that was waiting); raising or removing waits the cooling period. Answers when it applies.
   */
  async function setLimit(memberId: bigint, currency: CurrencyCode, kind: LimitKind, amount: number | null, operator: AdminContext | null): Promise<Date> {
    const wanted = storedAmount(kind, amount, currency);
    const rules = await deps.cooling();
    const appliesAt = await db.transaction().execute(async (trx) => {
      const now = await repo.databaseNow(trx);
      const row = await repo.lockLimit(trx, memberId, kind);
      const current = row ? inForce(row, now) : null;
      const tightens = wanted !== null && (current === null || wanted <= current);
      // An operator only ever tightens (a harm case's action); relaxing is the member's own choice.
      if (operator && !tightens) throw badRequest('KEY_INVALID');
      const at = tightens ? now : await relaxedAt(trx, rules, memberId, kind, now);
      if (tightens) await repo.saveLimit(trx, { memberId, kind, amount: wanted, nextAmount: null, nextAt: null, timeZone });
      else if (current !== wanted) await repo.saveLimit(trx, { memberId, kind, amount: current, nextAmount: wanted, nextAt: at, timeZone });
      else return now;
      await repo.recordLimitChange(trx, { memberId, kind, from: current, to: wanted, effectiveAt: at, operator: operator?.username ?? null });
      if (operator) {
        await deps.auditTrail.record(trx, operator, 'protection.limit', { memberId: String(memberId), kind, before: current === null ? null : String(current), after: String(wanted) });
      }
      return at;
    });
    deps.changed(memberId);
    return appliesAt;
  }

  async function restrict(memberId: bigint, kind: repo.RestrictionKind, endsAt: (from: Date) => Date | null, operator: { by: AdminContext; reason: string } | null): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const now = await repo.databaseNow(trx);
      const ends = endsAt(now);
      // One in force that lasts about as long or longer already covers it: a double tap adds nothing.
      const current = await repo.restrictionRefusal(trx, memberId);
      if (current && (current.until === null || (ends !== null && current.until.getTime() + SAME_END_MS >= ends.getTime()))) return;
      await repo.addRestriction(trx, { memberId, kind, endsAt: ends, operator: operator?.by.username ?? null, reason: operator?.reason ?? null });
      if (operator) {
        await deps.auditTrail.record(trx, operator.by, `protection.${kind}`, { memberId: String(memberId), endsAt: ends?.toISOString() ?? null, reason: operator.reason });
      }
    });
    deps.changed(memberId);
    // After the commit, without the member's tap waiting on providers; a provider's failure never undoes the restriction.
    void deps.endSessions(memberId);
  }

  async function status(memberId: bigint): Promise<ProtectionStatus> {
    const [now, rows, restrictions, changes, rules, restriction, answered, promptRequired] = await Promise.all([
      repo.databaseNow(db),
      repo.limitsOf(db, memberId),
      repo.restrictionsOf(db, memberId),
      repo.limitChanges(db, memberId),
      deps.cooling(),
      repo.restrictionRefusal(db, memberId),
      repo.promptAnswer(db, memberId),
      deps.promptRequired(),
    ]);
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    const amounts = new Map(LIMIT_KINDS.map((kind) => [kind, byKind.has(kind) ? inForce(byKind.get(kind)!, now) : null]));
    const periods = await repo.usedOf(db, memberId, LIMIT_KINDS.filter((kind) => isMoneyLimit(kind) && amounts.get(kind) !== null), timeZone);
    const limits = LIMIT_KINDS.map((kind) => {
      const row = byKind.get(kind);
      const waiting = row?.next_at && row.next_at > now ? { amount: shownAmount(kind, row.next_amount), at: row.next_at.getTime() } : null;
      const period = periods.get(kind);
      return { kind, amount: shownAmount(kind, amounts.get(kind) ?? null), next: waiting, used: period ? toMajor(period.used) : null, resetsAt: period ? period.endsAt.getTime() : null };
    });
    // The row in force, as the database function picks it: of its kind, not lifted, the latest end (none first).
    const kindInForce = restriction?.refusal === 'ON_BREAK' ? 'break' : 'exclusion';
    const endOf = (row: (typeof restrictions)[number]) => row.ends_at?.getTime() ?? Number.POSITIVE_INFINITY;
    const latest = restriction ? restrictions.filter((row) => row.kind === kindInForce && row.lifted_at === null).sort((a, b) => (endOf(a) === endOf(b) ? 0 : endOf(b) > endOf(a) ? 1 : -1))[0] : undefined;
    return {
      limits,
      restriction:
        restriction && latest
          ? {
              kind: latest.kind,
              startsAt: latest.starts_at.getTime(),
              endsAt: restriction.until?.getTime() ?? null,
              returnRequestedAt: latest.return_requested_at?.getTime() ?? null,
              byOperator: latest.operator !== null,
            }
          : null,
      coolingHours: rules.coolingHours,
      strict: rules.strict,
      prompt: !answered ? (promptRequired && rows.length === 0 ? 'first' : null) : reviewDue(answered.answered_at, now) ? 'review' : null,
      history: changes.map((change) => ({
        kind: change.kind as LimitKind,
        from: shownAmount(change.kind, change.from_amount),
        to: shownAmount(change.kind, change.to_amount),
        effectiveAt: change.effective_at.getTime(),
        byOperator: change.operator !== null,
        createdAt: change.created_at.getTime(),
      })),
    };
  }

  return {
    status,

    async setLimit(member: MemberContext, kind: LimitKind, amount: number | null): Promise<Date> {
      const appliesAt = await setLimit(member.memberId, member.currency, kind, amount, null);
      await repo.answerPrompt(db, member.memberId, 'set');
      return appliesAt;
    },

    /** The member's answer to the limit prompt ("not now") or to the review reminder. */
    answerPrompt: (member: MemberContext, answer: 'set' | 'not_now' | 'reviewed') => repo.answerPrompt(db, member.memberId, answer),

    /** An operator tightens a member's limit (never relaxes it): audited, the member sees it in their history. */
    tightenLimit: (operator: AdminContext, member: { id: bigint; currency: CurrencyCode }, kind: LimitKind, amount: number) => setLimit(member.id, member.currency, kind, amount, operator),

    /** One tap, no confirmation: a break of this length starts now. */
    takeBreak: (member: MemberContext, period: BreakPeriod) => restrict(member.memberId, 'break', BREAK_ENDS[period], null),

    selfExclude: (member: MemberContext, period: ExclusionPeriod) => restrict(member.memberId, 'exclusion', EXCLUSION_ENDS[period], null),

    /** An operator applies a break or a self-exclusion, with a reason (audited); nobody can shorten one. */
    applyRestriction: (operator: AdminContext, memberId: bigint, restriction: { kind: 'break'; period: BreakPeriod } | { kind: 'exclusion'; period: ExclusionPeriod }, reason: string) =>
      restrict(memberId, restriction.kind, restriction.kind === 'break' ? BREAK_ENDS[restriction.period] : EXCLUSION_ENDS[restriction.period], { by: operator, reason }),

    /** After a self-exclusion's time has passed, the member asks to return; it ends 24 hours later. */
    async requestReturn(member: MemberContext): Promise<void> {
      const asked = await db.transaction().execute((trx) => repo.requestReturn(trx, member.memberId));
      if (asked === 0) {
        // Asking while a restriction still runs is a marker of harm (an attempt to cut it short).
        const inForce = await repo.restrictionRefusal(db, member.memberId);
        if (inForce) await deps.attempted({ memberId: member.memberId, kind: 'early_return', detail: inForce.refusal });
        throw businessRule('EXCLUSION_NOT_OVER');
      }
      deps.changed(member.memberId);
    },

    /**
     * Lifts a break or a self-exclusion an operator applied, by two operators: the first proposes, a
     * different one lifts it (403 FOUR_EYES for the same one); audited. A member's own is never lifted.
     */
    async liftRestriction(operator: AdminContext, memberId: bigint, restrictionId: bigint): Promise<'PROPOSED' | 'SUCCESS'> {
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await repo.lockRestriction(trx, memberId, restrictionId);
        if (!row || row.operator === null || !row.in_force) throw notFound('NO_DATA');
        const detail = { memberId: String(memberId), restrictionId: String(restrictionId), kind: row.kind, appliedBy: row.operator, reason: row.reason };
        if (row.lift_proposed_by === null) {
          await repo.proposeLift(trx, restrictionId, operator.username);
          await deps.auditTrail.record(trx, operator, 'protection.lift.propose', detail);
          return 'PROPOSED' as const;
        }
        if (row.lift_proposed_by === operator.username) throw forbidden('FOUR_EYES');
        await repo.lift(trx, restrictionId, operator.username);
        await deps.auditTrail.record(trx, operator, 'protection.lift', { ...detail, proposedBy: row.lift_proposed_by });
        return 'SUCCESS' as const;
      });
      if (outcome === 'SUCCESS') deps.changed(memberId);
      return outcome;
    },

    /** Breaks that ended by their time, and limit raises that took effect, in (`from`, `to`]: what members are told of. */
    async endedOrInForceBetween(from: Date, to: Date) {
      const [breaks, raises] = await Promise.all([repo.breaksEndedBetween(db, from, to), repo.limitRaisesBetween(db, from, to)]);
      return { breaks, raises };
    },

    /** The break or exclusion that refuses rewards, spins and deposits now, or null (read in the caller's transaction). */
    restriction: (trx: Db, memberId: bigint) => repo.restrictionRefusal(trx, memberId),

    /** Refuses, in the caller's transaction, what a break or a self-exclusion stops (rewards, spins, invite rewards). */
    async refuseRestricted(trx: Db, memberId: bigint): Promise<void> {
      const refusal = await repo.restrictionRefusal(trx, memberId);
      if (refusal) throw refusalError(refusal);
    },

    /**
     * Why a deposit of `amount` may not start (a restriction, a deposit limit), or null. Inside a
     * transaction it holds the member's deposit limits locked to its end.
     */
    async depositRefusal(trx: Db, memberId: bigint, amount: bigint, replacingMethod: string | null = null): Promise<repo.Refusal | null> {
      return repo.depositRefusal(trx, memberId, amount, replacingMethod);
    },

    /** Flags, in the credit's transaction, a deposit that arrived past a limit or during a restriction. */
    async flagCredited(trx: Db, deposit: { memberId: bigint; depositId: string; method: string }): Promise<void> {
      const refusal = await repo.depositRefusal(trx, deposit.memberId, 0n, deposit.method);
      if (refusal) await repo.flagDeposit(trx, { memberId: deposit.memberId, depositId: deposit.depositId, reason: refusal.refusal, limitKind: refusal.limitKind });
    },

    /** The console's view of a member: status, every restriction with who applied it and why, and flagged deposits. */
    async forOperator(memberId: bigint) {
      const [state, restrictions, flags] = await Promise.all([status(memberId), repo.restrictionsOf(db, memberId), repo.flagsOf(db, memberId)]);
      return {
        ...state,
        restrictions: restrictions.map((row) => ({
          id: String(row.id),
          kind: row.kind,
          startsAt: row.starts_at.getTime(),
          endsAt: row.ends_at?.getTime() ?? null,
          returnRequestedAt: row.return_requested_at?.getTime() ?? null,
          operator: row.operator,
          reason: row.reason,
          liftProposedBy: row.lift_proposed_by,
          liftedBy: row.lifted_by,
          liftedAt: row.lifted_at?.getTime() ?? null,
        })),
        flags: flags.map((row) => ({ depositId: row.deposit_id, reason: row.reason, limit: row.limit_kind, createdAt: row.created_at.getTime() })),
      };
    },
  };
}
export type ProtectionService = ReturnType<typeof createProtectionService>;
