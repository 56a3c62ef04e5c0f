import { type ConfigChange, type ConfigChangeKind, toMajor } from '@wallet/contract';
import type { Db, Trx } from '../../db/database.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import { decideOnce } from '../../db/decide-once.js';
import { SETTINGS_CHANGE } from '../admin/admin.service.js';
import type { AdminContext } from '../../http/context.js';
import type { OperatorNames } from '../admin/operator-names.js';
import { type ChangedValues, type SettingsChange, type SettingsService, type SiteSettings, changeOf } from '../settings/settings.service.js';
import * as repo from './approvals.repository.js';
import { settingsReasons } from './approvals.rules.js';
import type { ProtectionDefaults } from '../protection/site-defaults.js';

/** A change that applied at once, or the proposal that waits for a second operator. */
export type Outcome<T> = { applied: T } | { pending: ConfigChange };
/** Applies an approved change of its kind, in the approval's transaction; the approver is the actor. */
export type Applier = (trx: Trx, approver: AdminContext, change: repo.ConfigChangeRow) => Promise<void>;
export interface Proposal {
  kind: ConfigChangeKind;
  subject: string;
  currency: ConfigChange['currency'];
  reasons: ConfigChange['reasons'];
  proposed: Record<string, unknown>;
  previous: Record<string, unknown> | null;
}

/** Amounts in minor units (bigint), which JSON cannot write, are kept in major units as typed. */
export const inMajorUnits = (value: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? toMajor(item) : item))) as Record<string, unknown>;

const toChange = (row: repo.ConfigChangeRow, names: Map<bigint, string>): ConfigChange => ({
  _id: row.id,
  kind: row.kind,
  subject: row.subject,
  currency: row.currency,
  reasons: row.reasons,
  before: row.previous,
  after: row.proposed,
  status: row.status,
  proposedBy: names.get(row.proposed_by) ?? '',
  decidedBy: row.decided_by === null ? null : (names.get(row.decided_by) ?? null),
  decisionNote: row.decision_note,
  createdAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
});

/**
 * Money-making configuration with four eyes, as corrections: above the operator's thresholds a
 * change is a proposal that changes nothing; a second, different operator approves it (the change
 * applies in the approval's transaction, once) or rejects it. The database refuses a decision by
 * the proposer too (config_changes_four_eyes). Each kind's module says how its change applies.
 */
export function createApprovalService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  settings: SettingsService;
  operatorNames: OperatorNames;
  /** The site profile's player-protection defaults: loosening protection is judged against them. */
  protectionDefaults: ProtectionDefaults;
}) {
  const { db } = deps;

  /** The changes with their proposers' and deciders' names, read in one query. */
  async function named(trx: Db, rows: repo.ConfigChangeRow[]): Promise<ConfigChange[]> {
    const names = await deps.operatorNames.usernames(trx, rows.flatMap((row) => [row.proposed_by, row.decided_by]));
    return rows.map((row) => toChange(row, names));
  }
  const changeOfId = async (trx: Db, id: string) => (await named(trx, [await repo.findChange(trx, id)]))[0]!;
  const appliers = new Map<ConfigChangeKind, Applier>();
  appliers.set('settings.change', async (trx, approver, change) => {
    const { before, after } = await deps.settings.updateSite(changeOf(change.proposed as ChangedValues), trx);
    await deps.auditTrail.record(trx, approver, SETTINGS_CHANGE, { before, after, configChange: change.id });
  });

  /** `kind`: decided only if the change is of this kind (a module's own route for its changes), else 404. */
  function decide(operator: AdminContext, id: string, status: 'approved' | 'rejected', note: string | null, kind?: ConfigChangeKind): Promise<ConfigChange> {
    return decideOnce(deps, {
      lock: (trx) => repo.lockChange(trx, id),
      isOpen: (row) => row.status === 'proposed',
      decidedBy: async (trx) => (await changeOfId(trx, id)).decidedBy,
      apply: async (trx, row) => {
        if (kind !== undefined && row.kind !== kind) throw notFound();
        if (row.proposed_by === operator.adminId) throw forbidden('FOUR_EYES');
        // Only admins change the site settings; looser player protection is approved by one too, never
        // by marketing alone (docs/adr/0392-loosening-player-protection-takes-two-operators.md).
        // So is more money out without staff (auto-payout's amount or budget).
        if (status === 'approved' && (row.reasons.includes('protection_looser') || row.reasons.includes('auto_payout_looser')) && !operator.roles.includes('admin')) throw forbidden('UNAUTHORIZED');
        if (status === 'approved') {
          const applier = appliers.get(row.kind);
          if (!applier) throw new Error(`no applier for ${row.kind}`);
          await applier(trx, operator, row);
        }
        await repo.decide(trx, id, { status, decidedBy: operator.adminId, note });
        return changeOfId(trx, id);
      },
      audit: {
        actor: operator,
        action: status === 'approved' ? 'config.approve' : 'config.reject',
        detail: (row) => ({ id, kind: row.kind, subject: row.subject, reasons: row.reasons, before: row.previous, after: row.proposed, note }),
      },
    });
  }

  return {
    /** A module's way to apply its approved changes. */
    onApprove(kind: ConfigChangeKind, applier: Applier): void {
      appliers.set(kind, applier);
    },

    /** Records a proposal in the caller's transaction, audited with before and after. */
    async propose(trx: Trx, operator: AdminContext, proposal: Proposal): Promise<ConfigChange> {
      const id = await repo.insertChange(trx, {
        kind: proposal.kind,
        subject: proposal.subject,
        currency: proposal.currency,
        reasons: proposal.reasons,
        proposed: JSON.stringify(proposal.proposed),
        previous: proposal.previous === null ? null : JSON.stringify(proposal.previous),
        proposed_by: operator.adminId,
      });
      await deps.auditTrail.record(trx, operator, 'config.propose', { id, kind: proposal.kind, subject: proposal.subject, reasons: proposal.reasons, before: proposal.previous, after: proposal.proposed });
      return changeOfId(trx, id);
    },

    /**
     * A settings change: applied at once and audited as `auditAction`, unless it touches what pays
     * money above the thresholds (or the thresholds), or loosens player protection: then the whole
     * change waits.
     */
    async changeSettings(operator: AdminContext, change: SettingsChange, auditAction: string): Promise<Outcome<SiteSettings>> {
      return db.transaction().execute(async (trx): Promise<Outcome<SiteSettings>> => {
        const preview = await deps.settings.previewSite(change, trx);
        const reasons = settingsReasons(preview.current, preview.settings, Object.keys(preview.after), deps.protectionDefaults);
        if (reasons.length > 0) {
          return { pending: await this.propose(trx, operator, { kind: 'settings.change', subject: 'site', currency: null, reasons, proposed: preview.after, previous: preview.before }) };
        }
        const { settings, before, after } = await deps.settings.updateSite(change, trx);
        if (Object.keys(after).length > 0) await deps.auditTrail.record(trx, operator, auditAction, { before, after });
        return { applied: settings };
      });
    },

    approve: (operator: AdminContext, id: string, kind?: ConfigChangeKind) => decide(operator, id, 'approved', null, kind),
    reject: (operator: AdminContext, id: string, note: string, kind?: ConfigChangeKind) => decide(operator, id, 'rejected', note, kind),

    /** The changes of one kind still waiting for a second operator. */
    async open(kind: ConfigChangeKind): Promise<ConfigChange[]> {
      return named(db, await repo.openOfKind(db, kind));
    },

    async list(status: ConfigChange['status'] | undefined, page: number, limit: number) {
      const { total, rows } = await repo.page(db, status, page, limit);
      return { total, changes: await named(db, rows) };
    },
  };
}
export type ApprovalService = ReturnType<typeof createApprovalService>;
