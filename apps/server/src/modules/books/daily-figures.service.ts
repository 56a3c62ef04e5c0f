import type { CurrencyCode, DailyFiguresResponse, SiteProfile } from '@wallet/contract';
import { walletCurrencyOf } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import * as repo from './daily-figures.repository.js';
import type { FigureRow } from './daily-figures.repository.js';

const SYSTEM: AuditActor = { username: 'system', ip: null };
/**
 * A transfer committed after the sweep read past its id (a transaction that took its id earlier
 * and committed later) is picked up by recomputing the current gaming days on every run: its
 * created_at is its transaction's start, so it falls on a day at most this far back.
 */
const LATE_COMMIT_WINDOW_MS = 60 * 60 * 1000;
/**
 * Transfers one run reads past the watermark at most: a first run over a long ledger catches up
 * over several runs (each a few seconds) instead of holding the reconciler for minutes.
 */
const TRANSFERS_PER_RUN = 200_000n;

export interface SweepResult {
  days: string[];
  reopened: { day: string; currency: string; transfers: number }[];
  throughTransferId: bigint;
  /** Another node was sweeping: this run did nothing. */
  skipped?: boolean;
  /** More transfers wait past `throughTransferId` than one run reads: the next run goes on. */
  behind?: boolean;
}

/** Rows that differ between the rollup and a recompute, each shown as both had it. */
export interface FiguresDifference {
  key: string;
  stored: { amount: string; count: string } | null;
  recomputed: { amount: string; count: string } | null;
}

/** Figures that count members and carry no amount. */
const COUNT_FIGURES = new Set(['registrations', 'first_depositors', 'active_members']);

/** Minor units as a major-unit decimal ("-1234.50"), exact: no float between. */
export function majorText(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const magnitude = minor < 0n ? -minor : minor;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

const keyOf = (row: FigureRow) => `${row.day} ${row.currency} ${row.figure} ${row.dimension}`;

/** Where two sets of figure rows disagree (empty: they are the same figures). */
export function differences(stored: FigureRow[], recomputed: FigureRow[]): FiguresDifference[] {
  const left = new Map(stored.map((row) => [keyOf(row), row]));
  const right = new Map(recomputed.map((row) => [keyOf(row), row]));
  const found: FiguresDifference[] = [];
  for (const key of new Set([...left.keys(), ...right.keys()])) {
    const a = left.get(key);
    const b = right.get(key);
    if (a && b && a.amount === b.amount && a.count === b.count) continue;
    found.push({ key, stored: a ? { amount: a.amount, count: a.count } : null, recomputed: b ? { amount: b.amount, count: b.count } : null });
  }
  return found.sort((x, y) => x.key.localeCompare(y.key));
}

/**
 * The operator's figures per gaming day (docs/operations.md "Daily figures"): rolled up from the
 * ledger into `ledger_daily_figures` by a sweep that recomputes each day touched since its last
 * run, and checkable against a recompute from scratch.
 */
export function createDailyFigures(deps: { db: Db; site: SiteProfile; auditTrail: AuditTrail; now: () => Date; transfersPerRun?: bigint }) {
  const { db, auditTrail } = deps;
  const transfersPerRun = deps.transfersPerRun ?? TRANSFERS_PER_RUN;
  const timeZone = deps.site.timeZone;
  const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

  async function sweep(): Promise<SweepResult> {
    return db.transaction().execute(async (trx) => {
      const mark = await repo.lockWatermark(trx);
      if (!mark) return { days: [], reopened: [], throughTransferId: 0n, skipped: true };
      const after = { transferId: BigInt(mark.last_transfer_id), memberId: BigInt(mark.last_member_id) };
      const latest = await repo.latestIds(trx);
      const upTo = { ...latest, transferId: latest.transferId - after.transferId > transfersPerRun ? after.transferId + transfersPerRun : latest.transferId };
      // Nothing new: the days stand as they were rolled up.
      if (upTo.transferId === after.transferId && upTo.memberId === after.memberId) return { days: [], reopened: [], throughTransferId: upTo.transferId };
      const now = deps.now();
      const current = [dayFormat.format(new Date(now.getTime() - LATE_COMMIT_WINDOW_MS)), dayFormat.format(now)];
      const touched = await repo.touchedDays(trx, timeZone, after, upTo);
      const days = [...new Set([...touched, ...current])].sort();
      const newest = await repo.newestDay(trx);
      const late = newest ? await repo.lateResults(trx, timeZone, after.transferId, upTo.transferId, newest) : [];
      const rows = await repo.computeFigures(trx, { timeZone, days, upToTransferId: upTo.transferId, upToMemberId: upTo.memberId });
      await repo.replaceDays(trx, days, rows);
      for (const day of late) {
        await auditTrail.record(trx, SYSTEM, 'books.day_reopened', {
          day: day.day,
          currency: day.currency,
          lateResults: Number(day.transfers),
          firstTransferId: day.first_id,
          lastTransferId: day.last_id,
          newestDay: newest,
          figures: rows.filter((row) => row.day === day.day && row.currency === day.currency),
        });
      }
      await repo.advanceWatermark(trx, upTo);
      const reopened = late.map((day) => ({ day: day.day, currency: day.currency, transfers: Number(day.transfers) }));
      return { days, reopened, throughTransferId: upTo.transferId, ...(upTo.transferId < latest.transferId ? { behind: true } : {}) };
    });
  }

  /** The rollup against a recompute of every day from scratch, in one snapshot. */
  async function verify(): Promise<{ ok: boolean; rows: number; differences: FiguresDifference[] }> {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (snapshot) => {
        const mark = await repo.readWatermark(snapshot);
        const [stored, recomputed] = [
          await repo.storedFigures(snapshot),
          await repo.computeFigures(snapshot, { timeZone, upToTransferId: BigInt(mark.last_transfer_id), upToMemberId: BigInt(mark.last_member_id) }),
        ];
        const found = differences(stored, recomputed);
        return { ok: found.length === 0, rows: stored.length, differences: found };
      });
  }

  async function daily(from: string, to: string, asked?: CurrencyCode): Promise<DailyFiguresResponse> {
    const currency = asked ?? walletCurrencyOf(deps.site.currencies[0]!);
    const [rows, coins, mark] = await Promise.all([
      repo.storedFigures(db, { from, to, currency }),
      repo.storedFigures(db, { from, to, currency: 'COIN' }),
      repo.readWatermark(db),
    ]);
    const days = new Map<string, DailyFiguresResponse['days'][number]>();
    for (let day = new Date(`${from}T00:00:00Z`); day <= new Date(`${to}T00:00:00Z`); day = new Date(day.getTime() + 86_400_000)) {
      const key = day.toISOString().slice(0, 10);
      days.set(key, {
        day: key,
        ggr: '0',
        ggrByProvider: {},
        rewardCost: '0',
        rewardCostByKind: {},
        ngr: '0',
        deposits: { amount: '0', count: 0 },
        depositsByMethod: {},
        withdrawals: { amount: '0', count: 0 },
        registrations: 0,
        firstDepositors: 0,
        activeMembers: 0,
      });
    }
    const plus = (a: string, b: string) => String(BigInt(a) + BigInt(b));
    for (const row of rows) {
      const day = days.get(row.day);
      if (!day) continue;
      const count = Number(row.count);
      switch (row.figure) {
        case 'ggr':
          day.ggrByProvider[row.dimension] = row.amount;
          day.ggr = plus(day.ggr, row.amount);
          break;
        case 'reward_cost':
          day.rewardCostByKind[row.dimension] = row.amount;
          day.rewardCost = plus(day.rewardCost, row.amount);
          break;
        case 'ngr':
          day.ngr = row.amount;
          break;
        case 'deposits':
          day.depositsByMethod[row.dimension] = { amount: row.amount, count };
          day.deposits = { amount: plus(day.deposits.amount, row.amount), count: day.deposits.count + count };
          break;
        case 'withdrawals':
          day.withdrawals = { amount: plus(day.withdrawals.amount, row.amount), count: day.withdrawals.count + count };
          break;
        case 'registrations':
          day.registrations = count;
          break;
        case 'first_depositors':
          day.firstDepositors = count;
          break;
        case 'active_members':
          day.activeMembers = count;
          break;
      }
    }
    return {
      timeZone,
      currency,
      from,
      to,
      throughTransferId: String(mark.last_transfer_id),
      sweptAt: new Date(mark.swept_at).toISOString(),
      coinsIssued: Object.fromEntries(coins.filter((row) => row.figure === 'coins_issued').map((row) => [row.day, row.amount])),
      days: [...days.values()],
    };
  }

  /**
   * The stored figures of any range as CSV rows, streamed page by page; the export is written to
   * the audit log once the last row is sent (or the download is cut short), with how many rows went.
   */
  async function* exportRows(actor: AuditActor, range: { from: string; to: string; currency?: string }, batchSize?: number) {
    let rows = 0;
    let complete = false;
    try {
      for await (const batch of repo.figureBatches(db, range, batchSize)) {
        rows += batch.length;
        yield batch.map((row) => ({ ...row, amount: COUNT_FIGURES.has(row.figure) ? '' : row.currency === 'COIN' ? row.amount : majorText(BigInt(row.amount)) }));
      }
      complete = true;
    } finally {
      await db.transaction().execute((trx) => auditTrail.record(trx, actor, 'books.daily_export', { from: range.from, to: range.to, currency: range.currency ?? 'all', rows, complete }));
    }
  }

  return { sweep, verify, daily, exportRows };
}
export type DailyFigures = ReturnType<typeof createDailyFigures>;
