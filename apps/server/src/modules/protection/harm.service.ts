import {
  type HarmActionBody,
  type HarmCaseDetail,
  type HarmCaseSummary,
  type HarmMarker,
  type HarmMetrics,
  type HarmRuleVersion,
  type CloseHarmCaseBody,
  type CurrencyCode,
  type HarmLevel,
} from '@wallet/contract';
import type { Db, Trx } from '../../db/database.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { AdminContext } from '../../http/context.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import * as repo from './harm.repository.js';
import { LEVEL_DEFAULTS, MARKER_RULES, type Params, type RuleVersion, assess, markerRule } from './harm.rules.js';
import type { ProtectionService } from './protection.service.js';

/**
 * What one transaction of the sweep takes at most: transfers, refused deposits and limit changes.
 * PostgreSQL keeps every row version made while a transaction is open, so a long one makes every
 * hot row (a house account's balance, a member's wallet) slower to read and write for everyone.
 */
const SWEEP_BATCH = 200;
/** A pass goes on batch after batch until it has caught up, or for this long: the run's other jobs wait for it. */
const SWEEP_PASS_MS = 20_000;
/** Long enough for a transfer written under an earlier id to have committed. */
const SWEEP_LAG_SECONDS = 60;
const METRICS_DAYS = 30;

const toSummary = (row: repo.HarmCaseRow): HarmCaseSummary => ({
  id: row.id,
  memberId: String(row.member_id),
  memberPhone: row.phone,
  status: row.status as 'open' | 'closed',
  level: row.level as HarmLevel,
  score: row.score,
  markers: (row.markers as HarmMarker[]).map((marker) => marker.code),
  openedAt: row.opened_at.getTime(),
  dueAt: row.due_at.getTime(),
  firstActionAt: row.first_action_at?.getTime() ?? null,
  outcome: (row.outcome as HarmCaseSummary['outcome']) ?? null,
  closedAt: row.closed_at?.getTime() ?? null,
  closedBy: row.closed_by,
});

/**
 * Markers of harm: a sweep assesses each member whose money or play moved, from versioned rules
 * over their own history; reaching interact or intervene opens a case whose first action is due
 * within the hour. Operators act on a case (a message through support, a break, a lower limit, a
 * note) and close it with an outcome.
 */
export function createHarmService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  timeZone: string;
  protection: Pick<ProtectionService, 'applyRestriction' | 'tightenLimit'>;
  members: { find(db: Db, id: bigint): Promise<{ id: bigint; currency: CurrencyCode } | undefined> };
  support: { tellMember(trx: Db, agent: Pick<AdminContext, 'adminId'>, memberId: bigint, text: string): Promise<() => Promise<void>> };
}) {
  const { db } = deps;

  /** Assesses one member in the caller's transaction: stores the assessment and opens or raises their case. */
  async function assessMember(trx: Db, memberId: bigint, versions: ReadonlyMap<string, RuleVersion>): Promise<string | null> {
    const inputs = await repo.harmInputs(trx, memberId, deps.timeZone);
    const assessment = assess(inputs, versions);
    const assessedAt = await repo.saveAssessment(trx, memberId, assessment);
    if (assessment.level !== 'interact' && assessment.level !== 'intervene') return null;
    return repo.openOrRaiseCase(trx, memberId, { ...assessment, level: assessment.level, assessedAt });
  }

  async function detail(id: string): Promise<HarmCaseDetail> {
    const row = await repo.caseById(db, id);
    if (!row) throw notFound('NO_DATA');
    const actions = await repo.actionsOf(db, id);
    return {
      ...toSummary(row),
      assessment: { score: row.score, level: row.level as HarmLevel, markers: row.markers as HarmMarker[], assessedAt: row.assessed_at.getTime() },
      actions: actions.map((action) => ({ id: action.id, kind: action.kind as HarmCaseDetail['actions'][number]['kind'], detail: action.detail, by: action.created_by, at: action.created_at.getTime() })),
      closingNote: row.closing_note,
    };
  }

  /** The open case, locked, in its own transaction; closed: 409 ALREADY_DECIDED. */
  async function onOpenCase<T>(id: string, change: (trx: Trx, row: NonNullable<Awaited<ReturnType<typeof repo.lockCase>>>) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      const row = await repo.lockCase(trx, id);
      if (!row) throw notFound('NO_DATA');
      if (row.status === 'closed') throw new AppError('ALREADY_DECIDED', 409, { decidedBy: row.closed_by ?? '' });
      return change(trx, row);
    });
  }

  async function rules(): Promise<HarmRuleVersion[]> {
    const versions = await repo.latestVersions(db);
    const shown = (code: HarmRuleVersion['code'], points: number, defaults: Params): HarmRuleVersion => {
      const version = versions.get(code);
      return version
        ? { code, version: version.version, points: version.points, params: { ...defaults, ...version.params }, createdBy: version.createdBy, createdAt: version.createdAt.getTime() }
        : { code, version: 0, points, params: defaults, createdBy: null, createdAt: null };
    };
    return [...MARKER_RULES.map((rule) => shown(rule.code, rule.points, rule.defaults)), shown('levels', 0, LEVEL_DEFAULTS)];
  }

  return {
    /** Assesses one member now (also what the sweep does for each member whose history moved). */
    assess: (memberId: bigint) => db.transaction().execute(async (trx) => assessMember(trx, memberId, await repo.latestVersions(trx))),

    /**
     * One pass of the sweep: the members whose history moved since the last pass, a batch to a
     * transaction, each batch taken by one node at a time. Ledger transfers younger than
     * `lagSeconds` wait for the next pass.
     */
    async sweep(lagSeconds = SWEEP_LAG_SECONDS, batchSize = SWEEP_BATCH): Promise<{ assessed: number; opened: number }> {
      const swept = { assessed: 0, opened: 0 };
      const until = performance.now() + SWEEP_PASS_MS;
      for (;;) {
        const batch = await db.transaction().execute(async (trx) => {
          const claimed = await repo.claimSweep(trx, batchSize, lagSeconds);
          if (!claimed) return null;
          const versions = await repo.latestVersions(trx);
          let opened = 0;
          for (const memberId of claimed.members) if (await assessMember(trx, memberId, versions)) opened += 1;
          await repo.advanceSweep(trx, claimed.cursor);
          return { assessed: claimed.members.length, opened, more: claimed.more };
        });
        if (!batch) return swept;
        swept.assessed += batch.assessed;
        swept.opened += batch.opened;
        if (!batch.more || performance.now() >= until) return swept;
      }
    },

    /** Records a deposit a limit or a restriction refused, or an early return asked for (outside any transaction the refusal rolls back). */
    recordEvent: (event: { memberId: bigint; kind: 'deposit_refused' | 'early_return'; detail: string }) => repo.recordEvent(db, event),

    async list(query: { status: 'open' | 'closed'; memberId?: string | undefined; page: number; limit: number }): Promise<HarmCaseSummary[]> {
      const rows = await repo.casesPage(db, { status: query.status, ...(query.memberId ? { memberId: BigInt(query.memberId) } : {}) }, query.page, query.limit);
      return rows.map(toSummary);
    },

    detail,

    /**
     * An action on an open case: a message to the member through support; a break (the operator's
     * reason kept); a lowered limit, the member told in support chat; or a note. Audited.
     */
    async act(id: string, action: HarmActionBody, operator: AdminContext): Promise<HarmCaseDetail> {
      const seen = await repo.caseById(db, id);
      if (!seen) throw notFound('NO_DATA');
      if (seen.status === 'closed') throw new AppError('ALREADY_DECIDED', 409, { decidedBy: seen.closed_by ?? '' });
      // Protection's own changes run in their own transactions (their locks, the member's sockets told);
      // the case records the action after they hold.
      if (action.kind === 'break') await deps.protection.applyRestriction(operator, seen.member_id, { kind: 'break', period: action.period }, `harm case ${id}: ${action.reason}`);
      if (action.kind === 'limit') {
        const member = await deps.members.find(db, seen.member_id);
        if (!member) throw notFound('NO_USER');
        await deps.protection.tightenLimit(operator, { id: member.id, currency: member.currency }, action.limit, action.amount);
      }
      const detailText =
        action.kind === 'break' ? `${action.period}: ${action.reason}` : action.kind === 'limit' ? `${action.limit} ${action.amount}: ${action.text}` : action.text;
      const publish = await onOpenCase(id, async (trx, row) => {
        await repo.addAction(trx, { caseId: id, kind: action.kind, detail: detailText, by: operator.username });
        await deps.auditTrail.record(trx, operator, `protection.case.${action.kind}`, { id, memberId: String(row.member_id), detail: detailText });
        return action.kind === 'message' || action.kind === 'limit' ? deps.support.tellMember(trx, operator, row.member_id, action.text) : null;
      });
      await publish?.();
      return detail(id);
    },

    async close(id: string, closing: CloseHarmCaseBody, operator: AdminContext): Promise<HarmCaseDetail> {
      await onOpenCase(id, async (trx, row) => {
        await repo.closeCase(trx, id, { outcome: closing.outcome, note: closing.note, by: operator.username });
        await deps.auditTrail.record(trx, operator, 'protection.case.close', { id, memberId: String(row.member_id), outcome: closing.outcome, note: closing.note });
      });
      return detail(id);
    },

    async metrics(): Promise<HarmMetrics> {
      const figures = await repo.metrics(db, METRICS_DAYS);
      return { open: figures.open, overdue: figures.overdue, days: METRICS_DAYS, medianMinutesToFirstAction: figures.median, actedWithinHour: figures.withinHour, opened: figures.opened };
    },

    rules,

    /** A new version of a rule's points and thresholds (admin, audited), after the version the admin saw. */
    async changeRule(code: HarmRuleVersion['code'], change: { after: number; points: number; params: Params }, operator: AdminContext): Promise<HarmRuleVersion[]> {
      const defaults = code === 'levels' ? LEVEL_DEFAULTS : markerRule(code)?.defaults;
      if (!defaults) throw badRequest('KEY_INVALID');
      // Only the rule's own thresholds, each given; levels rise with the score.
      const keys = Object.keys(defaults);
      if (Object.keys(change.params).length !== keys.length || !keys.every((key) => change.params[key] !== undefined)) throw badRequest('KEY_INVALID');
      if (code === 'levels' && !(change.params.monitor! <= change.params.interact! && change.params.interact! <= change.params.intervene! && change.params.monitor! >= 1)) throw badRequest('KEY_INVALID');
      await db.transaction().execute(async (trx) => {
        const before = (await repo.latestVersions(trx)).get(code);
        if (!(await repo.insertVersion(trx, { code, after: change.after, points: code === 'levels' ? 0 : change.points, params: change.params, by: operator.username }))) {
          throw new AppError('RULE_CHANGED', 409);
        }
        await deps.auditTrail.record(trx, operator, 'protection.marker_rule', { code, version: change.after + 1, before: before ? { points: before.points, params: before.params } : null, after: { points: change.points, params: change.params } });
      });
      return rules();
    },
  };
}
export type HarmService = ReturnType<typeof createHarmService>;
