import type { Db } from '../../db/database.js';
import { SETTINGS_CHANGE } from '../admin/admin.service.js';
import * as repo from './audit.repository.js';

type Entry = Awaited<ReturnType<typeof repo.auditPage>>['rows'][number];

const toItem = (row: Entry) => ({
  _id: String(row.id),
  actor: row.actor,
  action: row.action,
  detail: row.detail,
  ip: row.ip,
  createdAt: row.created_at.toISOString(),
  hash: row.hash,
});

/** The audit log for auditors: searched, exported, and its hash chain checked. */
export function createAuditService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async search(filter: repo.AuditFilter, page: number, limit: number) {
      const { total, rows } = await repo.auditPage(db, filter, page, limit);
      return { total, entries: rows.map(toItem) };
    },

    /** Oldest first, as CSV rows. */
    async *export(filter: repo.AuditFilter) {
      for await (const rows of repo.auditBatches(db, filter)) yield rows.map(toItem);
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

    async verify() {
      const { entries, broken } = await repo.brokenLinks(db);
      return { ok: broken.length === 0, entries, broken };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
