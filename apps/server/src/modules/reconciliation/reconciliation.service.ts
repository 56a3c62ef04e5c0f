import type { ReconciliationException, ReconciliationRule, ReconciliationRun, ReconciliationRuleSettings } from '@wallet/contract';
import { type CorrectionBody, reconciliationRuleSettings } from '@wallet/contract';
import type { Db, Trx } from '../../db/database.js';
import { decideOnce } from '../../db/decide-once.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { AdminContext } from '../../http/context.js';
import type { OperatorNames } from '../admin/operator-names.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import type { CorrectionService } from '../corrections/corrections.service.js';
import { type Disagreement, type Entry, type MatchResult, type RuleSettings, type SourceName, match } from './matcher.js';
import * as repo from './reconciliation.repository.js';
import type { ReconciliationSource } from './source.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const foundOf = (item: Disagreement): repo.FoundException => {
  const side = (item.ours ?? item.theirs)!;
  return {
    kind: item.kind,
    ourRef: item.ours?.ref ?? '',
    theirRef: item.theirs?.ref ?? '',
    currency: side.currency,
    ourAmount: item.ours?.amount ?? null,
    theirAmount: item.theirs?.amount ?? null,
    memberId: item.ours?.memberId ?? item.theirs?.memberId ?? null,
    detail: { kindOfRecord: side.kind, ...item.theirs?.detail, ...item.ours?.detail, ...item.detail },
  };
};

/** What a run counts: entries of the day itself, and per currency the money that moved (results are net, so apart). */
function tally(ours: Entry[], theirs: Entry[], result: MatchResult) {
  const inDay = (entry: Entry) => !entry.outsideDay;
  const totals: Record<string, { ours: string; theirs: string; matched: string }> = {};
  const add = (entries: Entry[], field: 'ours' | 'theirs' | 'matched') => {
    for (const entry of entries.filter(inDay)) {
      if (entry.kind === 'results') continue;
      const row = (totals[entry.currency] ??= { ours: '0', theirs: '0', matched: '0' });
      row[field] = String(BigInt(row[field]) + entry.amount);
    }
  };
  add(ours, 'ours');
  add(theirs, 'theirs');
  add(result.matched.flatMap((pair) => pair.ours), 'matched');
  return {
    ours: ours.filter(inDay).length,
    theirs: theirs.filter(inDay).length,
    matched: result.matched.reduce((count, pair) => count + pair.ours.filter(inDay).length, 0),
    exceptions: result.exceptions.length,
    totals,
  };
}

/**
 * Reconciliation with the outside records (docs/operations.md "Reconciliation", ADR 0348): each
 * source's gaming day matched under its latest rule, on a schedule and on demand, every run kept;
 * what does not match waits as an exception with an owner until it is matched by hand, corrected
 * through a four-eyes correction, written off by two operators, or found matched by a later run.
 */
export function createReconciliationService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  operatorNames: OperatorNames;
  corrections: Pick<CorrectionService, 'propose'>;
  now: () => Date;
  timeZone: string;
  /** How often the schedule runs each source's today and yesterday. */
  everyMs: number;
}) {
  const { db, auditTrail, operatorNames } = deps;
  const sources = new Map<SourceName, ReconciliationSource>();

  const sourceOf = (name: SourceName) => {
    const source = sources.get(name);
    if (!source) throw notFound('NO_DATA');
    return source;
  };

  async function gatherAndMatch(name: SourceName, day: string, settings: RuleSettings) {
    const bounds = await repo.dayBounds(db, day, deps.timeZone);
    const { ours, theirs } = await sourceOf(name).gather({ day, ...bounds }, settings);
    return { ours, theirs, result: match(ours, theirs, settings) };
  }

  /**
   * One run of a source's day, kept with what it found: claimed (the source's rule locked, so one
   * run of a source starts at a time and the schedule skips a day run lately), gathered with no
   * transaction open (the outside record answers over HTTP), then written in one transaction.
   * Undefined when the schedule finds the source busy or its day run lately.
   */
  async function run(name: SourceName, day: string, askedBy: AdminContext | null): Promise<bigint | undefined> {
    sourceOf(name);
    const claimed = await db.transaction().execute(async (trx) => {
      const rule = await repo.lockLatestRule(trx, name, askedBy !== null);
      if (!rule) return undefined;
      if (!askedBy) {
        const last = await repo.lastRunStarted(trx, name, day);
        if (last && deps.now().getTime() - last.getTime() < deps.everyMs) return undefined;
      }
      const runId = await repo.startRun(trx, { source: name, day, ruleVersion: rule.version, askedBy: askedBy?.username ?? null });
      return { runId, rule };
    });
    if (!claimed) return undefined;
    const { runId, rule } = claimed;
    let outcome: Awaited<ReturnType<typeof gatherAndMatch>> | { error: string };
    try {
      outcome = await gatherAndMatch(name, day, reconciliationRuleSettings.parse(rule.settings));
    } catch (error) {
      // The outside record could not be read (its service down, an answer we do not understand): the run is kept with why.
      outcome = { error: (error as Error).message.slice(0, 500) };
    }
    await db.transaction().execute(async (trx) => {
      // Runs of one source write one at a time: a later run's clearing never races an earlier run's findings.
      await repo.lockLatestRule(trx, name, true);
      if ('error' in outcome) await repo.finishRun(trx, runId, outcome);
      else {
        await repo.upsertExceptions(trx, name, day, runId, outcome.result.exceptions.map(foundOf));
        await repo.clearUnseen(trx, name, day, runId);
        await repo.finishRun(trx, runId, tally(outcome.ours, outcome.theirs, outcome.result));
      }
      if (askedBy) await auditTrail.record(trx, askedBy, 'reconciliation.run', { source: name, day, runId: String(runId), ruleVersion: rule.version });
    });
    return runId;
  }

  async function named(trx: Db, rows: repo.ExceptionRow[]): Promise<ReconciliationException[]> {
    const notes = await repo.notesOf(trx, rows.map((row) => row.id));
    const names = await operatorNames.usernames(trx, [...rows.flatMap((row) => [row.assignee, row.proposed_by, row.decided_by]), ...notes.map((note) => note.admin_id)]);
    const nameOf = (id: bigint | null) => (id === null ? null : (names.get(id) ?? null));
    const now = deps.now().getTime();
    return rows.map((row) => ({
      id: row.id,
      source: row.source,
      day: row.day,
      kind: row.kind,
      ourRef: row.our_ref,
      theirRef: row.their_ref,
      currency: row.currency,
      ourAmount: row.our_amount === null ? null : String(row.our_amount),
      theirAmount: row.their_amount === null ? null : String(row.their_amount),
      memberId: row.member_id === null ? null : String(row.member_id),
      detail: Object.fromEntries(Object.entries(row.detail as Record<string, unknown>).flatMap(([key, value]) => (value === null ? [] : [[key, String(value)]]))),
      openedAt: row.opened_at.toISOString(),
      ageSeconds: Math.max(0, Math.floor((now - row.opened_at.getTime()) / 1000)),
      assignee: nameOf(row.assignee),
      status: row.status,
      resolutionReason: row.resolution_reason,
      correctionId: row.correction_id,
      proposedBy: nameOf(row.proposed_by),
      decidedBy: nameOf(row.decided_by),
      resolvedAt: row.resolved_at?.toISOString() ?? null,
      notes: notes.filter((note) => note.exception_id === row.id).map((note) => ({ by: nameOf(note.admin_id) ?? '', note: note.note, at: note.created_at.toISOString() })),
    }));
  }
  const exceptionOfId = async (trx: Db, id: string) => {
    const row = await repo.findException(trx, id);
    if (!row) throw notFound('NO_DATA');
    return (await named(trx, [row]))[0]!;
  };

  /** An operator's step on one exception, in one transaction with its audit entry; refused once the exception is past it. */
  function act(operator: AdminContext, id: string, step: { action: string; allowed: readonly repo.ExceptionRow['status'][]; apply(trx: Trx, row: repo.ExceptionRow): Promise<unknown>; detail?: object }) {
    return decideOnce(
      { db, auditTrail },
      {
        lock: (trx) => repo.lockException(trx, id),
        isOpen: (row) => step.allowed.includes(row.status),
        decidedBy: async (trx, row) => (await named(trx, [row]))[0]!.decidedBy,
        apply: async (trx, row) => {
          await step.apply(trx, row);
          return exceptionOfId(trx, id);
        },
        audit: { actor: operator, action: step.action, detail: (row) => ({ id, source: row.source, day: row.day, kind: row.kind, ...step.detail }) },
      },
    );
  }

  const toRun = (row: repo.RunRow): ReconciliationRun => ({
    id: String(row.id),
    source: row.source,
    day: row.day,
    ruleVersion: row.rule_version,
    askedBy: row.asked_by,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    error: row.error,
    ours: row.ours,
    theirs: row.theirs,
    matched: row.matched,
    exceptions: row.exceptions,
    totals: row.totals as ReconciliationRun['totals'],
  });

  return {
    addSource(source: ReconciliationSource): void {
      sources.set(source.name, source);
    },

    async rules(): Promise<ReconciliationRule[]> {
      const rows = (await repo.latestRules(db)).filter((row) => sources.has(row.source));
      const names = await operatorNames.usernames(db, rows.map((row) => row.created_by));
      return rows.map((row) => ({
        source: row.source,
        version: row.version,
        settings: reconciliationRuleSettings.parse(row.settings),
        note: row.note,
        createdBy: row.created_by === null ? null : (names.get(row.created_by) ?? null),
        createdAt: row.created_at.toISOString(),
      }));
    },

    /** A rule's next version; the runs after it use it. The console shows its dry run first. */
    async saveRule(operator: AdminContext, name: SourceName, settings: ReconciliationRuleSettings, note: string): Promise<ReconciliationRule> {
      sourceOf(name);
      await db.transaction().execute(async (trx) => {
        const latest = (await repo.lockLatestRule(trx, name, true))!;
        await repo.insertRule(trx, { source: name, version: latest.version + 1, settings, note, createdBy: operator.adminId });
        await auditTrail.record(trx, operator, 'reconciliation.rule', { source: name, version: latest.version + 1, before: latest.settings, after: settings, note });
      });
      return (await this.rules()).find((rule) => rule.source === name)!;
    },

    /** What a rule would match on a day: nothing is kept. */
    async dryRun(name: SourceName, settings: ReconciliationRuleSettings, day: string) {
      const { ours, theirs, result } = await gatherAndMatch(name, day, settings);
      const counts = tally(ours, theirs, result);
      return {
        ours: counts.ours,
        theirs: counts.theirs,
        matched: counts.matched,
        exceptions: result.exceptions.map(foundOf).map((item) => ({
          kind: item.kind,
          ourRef: item.ourRef,
          theirRef: item.theirRef,
          ourAmount: item.ourAmount === null ? null : String(item.ourAmount),
          theirAmount: item.theirAmount === null ? null : String(item.theirAmount),
        })),
      };
    },

    async runNow(operator: AdminContext, name: SourceName, day: string): Promise<ReconciliationRun> {
      const id = (await run(name, day, operator))!;
      return toRun(await repo.findRun(db, id));
    },

    /** The schedule: today and yesterday of every source, each at most once an interval across the nodes. */
    async runDue(): Promise<{ ran: number }> {
      let ran = 0;
      for (const day of await repo.currentDays(db, deps.timeZone, deps.now())) {
        for (const name of sources.keys()) if (await run(name, day, null)) ran += 1;
      }
      return { ran };
    },

    async runs(page: number, limit: number) {
      const { total, rows } = await repo.runsPage(db, page, limit);
      return { total, runs: rows.map(toRun) };
    },

    async lastSuccess(): Promise<Map<string, Date>> {
      return repo.lastSuccess(db);
    },

    unownedOverDay: () => repo.unownedSince(db, new Date(deps.now().getTime() - DAY_MS)),

    async exceptions(query: { status: 'waiting' | 'all' | repo.ExceptionRow['status']; source?: SourceName | undefined; page: number; limit: number }) {
      const statuses = query.status === 'all' ? null : query.status === 'waiting' ? repo.WAITING : [query.status];
      const [{ total, rows }, unownedOverDay] = await Promise.all([repo.exceptionsPage(db, { statuses, source: query.source }, query.page, query.limit), this.unownedOverDay()]);
      return { total, unownedOverDay, exceptions: await named(db, rows) };
    },

    exception: (id: string) => exceptionOfId(db, id),

    async assign(operator: AdminContext, id: string, username: string | null) {
      const assignee = username === null ? null : await operatorNames.activeIdOf(db, username);
      if (assignee === undefined) throw badRequest('NO_OPERATOR');
      return act(operator, id, {
        action: 'reconciliation.assign',
        allowed: repo.WAITING,
        detail: { assignee: username },
        apply: (trx) => repo.updateException(trx, id, { assignee, assigned: assignee !== null }),
      });
    },

    note: (operator: AdminContext, id: string, note: string) =>
      act(operator, id, { action: 'reconciliation.note', allowed: repo.WAITING, detail: { note }, apply: (trx) => repo.addNote(trx, { exceptionId: id, adminId: operator.adminId, note }) }),

    /** The operator found the other side by hand: the reason says where. */
    matchByHand: (operator: AdminContext, id: string, reason: string) =>
      act(operator, id, {
        action: 'reconciliation.match',
        allowed: ['open'],
        detail: { reason },
        apply: (trx) => repo.updateException(trx, id, { status: 'matched', resolution_reason: reason, decided_by: operator.adminId, resolved: true }),
      }),

    /** A correction proposed for the exception: a second operator approves it where corrections are decided. */
    proposeCorrection(operator: AdminContext, id: string, body: Omit<CorrectionBody, 'memberId'> & { memberId?: string | undefined }, idempotencyKey: string | null) {
      return act(operator, id, {
        action: 'reconciliation.correction',
        allowed: ['open'],
        apply: async (trx, row) => {
          const memberId = body.memberId ?? (row.member_id === null ? undefined : String(row.member_id));
          if (!memberId) throw badRequest('NO_MEMBER_NAMED');
          const correction = await deps.corrections.propose(operator, { ...body, memberId }, idempotencyKey, trx);
          await repo.updateException(trx, id, { status: 'correcting', correction_id: correction._id, resolution_reason: body.note });
        },
      });
    },

    /** Called in a correction's decision: its exceptions are corrected, or open again when it is rejected. */
    async correctionDecided(trx: Trx, correction: { id: string; status: 'approved' | 'rejected'; decidedBy: bigint }): Promise<void> {
      for (const row of await repo.exceptionsOfCorrection(trx, correction.id)) {
        if (row.status !== 'correcting') continue;
        if (correction.status === 'approved') await repo.updateException(trx, row.id, { status: 'corrected', decided_by: correction.decidedBy, resolved: true });
        else await repo.updateException(trx, row.id, { status: 'open', correction_id: null, resolution_reason: null });
      }
    },

    proposeWriteOff: (operator: AdminContext, id: string, reason: string) =>
      act(operator, id, {
        action: 'reconciliation.write_off.propose',
        allowed: ['open'],
        detail: { reason },
        apply: (trx) => repo.updateException(trx, id, { status: 'write_off_proposed', resolution_reason: reason, proposed_by: operator.adminId }),
      }),

    /** A second operator's decision on a write-off (the database refuses the proposer's too). */
    decideWriteOff: (operator: AdminContext, id: string, approve: boolean, note: string | undefined) =>
      act(operator, id, {
        action: approve ? 'reconciliation.write_off.approve' : 'reconciliation.write_off.reject',
        allowed: ['write_off_proposed'],
        detail: { note: note ?? null },
        apply: async (trx, row) => {
          if (row.proposed_by === operator.adminId) throw forbidden('FOUR_EYES');
          if (approve) await repo.updateException(trx, id, { status: 'written_off', decided_by: operator.adminId, resolved: true });
          else await repo.updateException(trx, id, { status: 'open', proposed_by: null, resolution_reason: note ?? null });
        },
      }),
  };
}
export type ReconciliationService = ReturnType<typeof createReconciliationService>;
