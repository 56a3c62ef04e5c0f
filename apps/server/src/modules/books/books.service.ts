import type { CurrencyCode, playerFunds } from '@wallet/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import type { InvariantProblem, InvariantReport, Ledger } from '../ledger/ledger.service.js';
import * as repo from './books.repository.js';

/** Who the scheduled check is in the audit log. */
const SCHEDULED_ACTOR: AuditActor = { username: 'system', ip: null };
/** No finished check for this long: the schedule is not running (the console says so). */
const OVERDUE_AFTER_MS = 2 * 60 * 60 * 1000;

export interface BooksProblem {
  check: string;
  id: string;
  problem: string;
}
export type PlayerFundsFigure = z.infer<typeof playerFunds>;
/** What a check found: stored with the check and written into the audit log as it is. */
export interface BooksReport {
  ok: boolean;
  breaches: number;
  transfers: number;
  accounts: number;
  sumOfBalances: Record<string, string>;
  playerFunds: PlayerFundsFigure[];
  problems: BooksProblem[];
}

/** A check beyond the ledger's invariants, run by the scheduled proof of the hours it is due; its problems are breaches. */
export interface ScheduledCheck {
  dueAt(hour: Date): boolean;
  run(): Promise<BooksProblem[]>;
}

/** The ledger's own figures in the report; every other list in it is a registered check's problems. */
const OWN_FIGURES = new Set(['ok', 'sumOfBalances', 'accounts', 'transfers', 'transfersAcrossCurrencies', 'mismatches', 'negativeMemberAccounts']);

/** The invariant report's breaches, one line each, named by the check that found them. */
export function problemsOf(report: InvariantReport): BooksProblem[] {
  const problems: BooksProblem[] = [];
  for (const [currency, sum] of Object.entries(report.sumOfBalances)) {
    if (sum !== 0n) problems.push({ check: 'sumIsZero', id: currency, problem: `accounts sum to ${sum}` });
  }
  if (report.transfersAcrossCurrencies > 0) {
    problems.push({ check: 'oneCurrencyPerTransfer', id: '-', problem: `${report.transfersAcrossCurrencies} transfers between currencies` });
  }
  for (const row of report.mismatches) problems.push({ check: 'balanceEqualsTransfers', id: row.code, problem: `balance ${row.balance}, transfers ${row.computed}` });
  for (const row of report.negativeMemberAccounts) problems.push({ check: 'memberNotNegative', id: row.code, problem: `balance ${row.balance}` });
  for (const [check, value] of Object.entries(report)) {
    if (OWN_FIGURES.has(check) || !Array.isArray(value)) continue;
    for (const found of value as InvariantProblem[]) problems.push({ check, id: found.id, problem: found.problem });
  }
  return problems;
}

/**
 * The books proven every hour (docs/operations.md "Books: the hourly proof"): the ledger's
 * invariants and the player funds, read in one snapshot, each run kept and written into the
 * hash-chained audit log. One node runs each hour's check: the first to claim it.
 */
export function createBooksService(deps: { db: Db; ledger: Pick<Ledger, 'verify' | 'playerFunds'>; auditTrail: AuditTrail; now: () => Date }) {
  const { db, ledger, auditTrail, now } = deps;
  const scheduledChecks: ScheduledCheck[] = [];

  async function prove(scheduledHour: Date | null): Promise<BooksReport> {
    const { report, funds } = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (snapshot) => ({ report: await ledger.verify(snapshot), funds: await ledger.playerFunds(snapshot) }));
    const problems = problemsOf(report);
    for (const check of scheduledChecks) if (scheduledHour && check.dueAt(scheduledHour)) problems.push(...(await check.run()));
    return {
      ok: report.ok && problems.length === 0,
      breaches: problems.length,
      transfers: report.transfers,
      accounts: report.accounts,
      sumOfBalances: Object.fromEntries(Object.entries(report.sumOfBalances).map(([currency, sum]) => [currency, String(sum)])),
      playerFunds: funds.map((row) => ({
        // Member accounts hold wallet currencies only (coins are their own kind of account).
        currency: row.currency as CurrencyCode,
        wallets: String(row.wallets),
        games: String(row.games),
        pending: String(row.pending),
        total: String(row.wallets + row.games + row.pending),
      })),
      problems,
    };
  }

  async function run(id: bigint, actor: AuditActor, scheduledHour: Date | null): Promise<BooksReport> {
    const report = await prove(scheduledHour);
    await db.transaction().execute(async (trx) => {
      await repo.finish(trx, id, { ok: report.ok, breaches: report.breaches, report });
      await auditTrail.record(trx, actor, 'books.check', { checkId: String(id), scheduledHour: scheduledHour?.toISOString() ?? null, ...report });
    });
    return report;
  }

  return {
    /** A check that joins the scheduled proof at the hours it says (a long one, at a quiet hour). */
    addScheduledCheck(check: ScheduledCheck): void {
      scheduledChecks.push(check);
    },
    /** This hour's check, if no node has run it yet. */
    async checkDue(): Promise<{ ran: false } | { ran: true; ok: boolean; breaches: number }> {
      const hour = new Date(Math.floor(now().getTime() / 3_600_000) * 3_600_000);
      const id = await repo.claimHour(db, hour);
      if (id === undefined) return { ran: false };
      const report = await run(id, SCHEDULED_ACTOR, hour);
      return { ran: true, ok: report.ok, breaches: report.breaches };
    },
    /** A check an operator asks for now, named with them. */
    async checkNow(actor: AuditActor) {
      const id = await repo.startAsked(db, actor.username);
      await run(id, actor, null);
      return { check: toView((await repo.finishedById(db, id))!) };
    },
    async status() {
      const latest = await repo.latestFinished(db);
      const overdue = !latest?.finished_at || now().getTime() - new Date(latest.finished_at).getTime() > OVERDUE_AFTER_MS;
      return { latest: latest ? toView(latest) : null, overdue };
    },
    async list(page: number, limit: number) {
      const { rows, total } = await repo.finishedPage(db, page, limit);
      return { total, checks: rows.map(toView) };
    },
    /** For the metrics: the latest finished check's breaches and when it finished (none: undefined). */
    latest: () => repo.latestFinished(db),
  };
}
export type BooksService = ReturnType<typeof createBooksService>;

type CheckRow = NonNullable<Awaited<ReturnType<typeof repo.latestFinished>>>;
const iso = (value: Date | string) => new Date(value).toISOString();

function toView(row: CheckRow) {
  const report = row.report as BooksReport;
  return {
    id: String(row.id),
    scheduledHour: row.scheduled_hour ? iso(row.scheduled_hour) : null,
    askedBy: row.asked_by,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at!),
    ok: row.ok!,
    breaches: row.breaches!,
    playerFunds: report.playerFunds,
    problems: report.problems.slice(0, 100),
  };
}
