import { type SiteProfile, walletCurrencyOf } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { SETTINGS_CHANGE } from '../admin/admin.service.js';
import { type AuditChain, type CheckpointFields, unkeyedEntryHash } from './audit-chain.js';
import * as repo from './audit.repository.js';
import type { CheckpointStore } from './checkpoint-store.js';

/**
 * A time as the site's desk reads it in a spreadsheet ("2026-11-01 10:00:00"), in the site's zone
 * (DESIGN §6: shown in Asia/Bangkok or Asia/Vientiane, stored as UTC).
 */
function siteTimeText(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(at);
}

type Entry = Awaited<ReturnType<typeof repo.auditPage>>['rows'][number];
type Problem = 'content' | 'rechained' | 'link' | 'unkeyed';
type CheckpointStanding = 'ok' | 'signature' | 'truncated' | 'rewritten';

const toItem = (row: Entry) => ({
  _id: String(row.id),
  actor: row.actor,
  action: row.action,
  detail: row.detail,
  ip: row.ip,
  createdAt: row.created_at.toISOString(),
  hash: row.hash,
  requestId: row.request_id,
});

const fieldsOf = ({ position, id, hash, entries, at }: CheckpointFields): CheckpointFields => ({ position, id, hash, entries, at });
const UNREADABLE: CheckpointFields = { position: '', id: '', hash: '', entries: 0, at: '' };

/**
 * The audit log for auditors: searched, exported, its keyed hash chain checked, and its head
 * anchored outside the database (a signed checkpoint), so that removing the newest entries shows.
 */
export function createAuditService(deps: { db: Db; chain: AuditChain; checkpoints: CheckpointStore; now: () => Date; site: Pick<SiteProfile, 'timeZone' | 'currencies'> }) {
  const { db, chain, checkpoints } = deps;

  /** How the log stands against a checkpoint whose signature holds. */
  async function standingOf(checkpoint: CheckpointFields): Promise<CheckpointStanding> {
    const { entry, entries } = await repo.entryAt(db, checkpoint.position);
    if (!entry || entries < checkpoint.entries) return 'truncated';
    if (entry.id !== checkpoint.id || entry.hash !== checkpoint.hash || entries > checkpoint.entries) return 'rewritten';
    return 'ok';
  }

  async function latestCheckpoint(): Promise<(CheckpointFields & { status: CheckpointStanding }) | null> {
    const latest = await checkpoints.latest();
    if (latest === null) return null;
    if (latest === 'unreadable') return { ...UNREADABLE, status: 'signature' };
    if (!chain.signatureHolds(latest)) return { ...fieldsOf(latest), status: 'signature' };
    return { ...fieldsOf(latest), status: await standingOf(latest) };
  }

  /**
   * Every entry's hash recomputed (with the key, or by the old scheme for entries from before it)
   * and every link followed. Entries whose hashes do not hold come in runs: one alone kept the hash
   * the key made while its content changed (`content`); several, each following the one before,
   * were hashed again without the key so the links would still match (`rechained`).
   */
  async function brokenEntries() {
    const broken: { id: string; position: string; problem: Problem }[] = [];
    let entries = 0;
    let previousHash = '';
    let keyedSeen = false;
    let run: { id: string; position: string; hash: string }[] = [];
    const endRun = () => {
      const problem = run.length > 1 ? 'rechained' : 'content';
      for (const entry of run) broken.push({ id: entry.id, position: entry.position, problem });
      run = [];
    };

    for await (const rows of repo.chainBatches(db)) {
      for (const row of rows) {
        entries += 1;
        // An unkeyed entry predates request ids: one that has an id was changed since.
        const hashHolds = row.keyed ? chain.entryHash(row) === row.hash : row.requestId === null && unkeyedEntryHash(row) === row.hash;
        if (hashHolds || row.prevHash !== run.at(-1)?.hash) endRun();
        // Unkeyed entries are only those written before the key (migration 054): one after a keyed entry was written around the server.
        if (!row.keyed && keyedSeen) {
          endRun();
          broken.push({ id: row.id, position: row.position, problem: 'unkeyed' });
        } else if (!hashHolds) run.push(row);
        else if (row.prevHash !== previousHash) broken.push({ id: row.id, position: row.position, problem: 'link' });
        keyedSeen ||= row.keyed;
        previousHash = row.hash;
      }
    }
    endRun();
    return { entries, broken };
  }

  return {
    async search(filter: repo.AuditFilter, page: number, limit: number) {
      const { total, rows } = await repo.auditPage(db, filter, page, limit);
      // Amounts in a detail are minor units; one that names no currency is in the site's first.
      return { total, entries: rows.map(toItem), currency: walletCurrencyOf(deps.site.currencies[0]) };
    },

    /** Oldest first, as CSV rows, each time in the site's zone (the header says which). */
    async *export(filter: repo.AuditFilter) {
      for await (const rows of repo.auditBatches(db, filter)) yield rows.map((row) => ({ ...toItem(row), createdAt: siteTimeText(row.created_at, deps.site.timeZone) }));
    },

    /** Every change to the site settings, newest first, each with the keys it changed before and after. */
    async settingsHistory(page: number, limit: number) {
      const { total, rows } = await repo.auditPage(db, { action: SETTINGS_CHANGE, exactAction: true }, page, limit);
      return {
        total,
        changes: rows.map((row) => {
          const detail = row.detail as { before?: Record<string, unknown>; after?: Record<string, unknown> };
          return { _id: String(row.id), actor: row.actor, ip: row.ip, createdAt: row.created_at.toISOString(), before: detail.before ?? {}, after: detail.after ?? {} };
        }),
      };
    },

    /** The latest checkpoint as written (its standing is what `verify` tells). */
    async checkpoint() {
      const latest = await checkpoints.latest();
      return { checkpoint: latest === null || latest === 'unreadable' ? null : fieldsOf(latest) };
    },

    /**
     * Anchors the log's head outside the database. A latest checkpoint that no longer holds is
     * never replaced: it is the evidence (`refused` names why; the caller logs it).
     */
    async writeCheckpoint(): Promise<{ written: CheckpointFields | null; refused?: CheckpointStanding }> {
      const latest = await latestCheckpoint();
      if (latest && latest.status !== 'ok') return { written: null, refused: latest.status };
      const head = await repo.chainHead(db);
      if (!head || (latest && BigInt(latest.position) >= BigInt(head.position))) return { written: null };
      const signed = chain.sign({ ...head, at: deps.now().toISOString() });
      await checkpoints.save(signed);
      return { written: fieldsOf(signed) };
    },

    async verify() {
      const [{ entries, broken }, checkpoint] = await Promise.all([brokenEntries(), latestCheckpoint()]);
      return { ok: broken.length === 0 && (checkpoint === null || checkpoint.status === 'ok'), entries, broken, checkpoint };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
