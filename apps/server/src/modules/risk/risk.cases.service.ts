import { type OperatorRole, type RiskCaseDetail, type RiskCaseSummary, toMajor } from '@wallet/contract';
import type { Db, Trx } from '../../db/database.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { AdminContext } from '../../http/context.js';
import type { Members } from '../account/members.js';
import type { OperatorNames } from '../admin/operator-names.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import { ChatFileRefused, checkImage } from '../chat/chat-files.js';
import { ruleByCode } from './risk.rules.js';
import * as repo from './risk.cases.repository.js';
import { toDecision } from './risk.service.js';

const INBOXES: readonly repo.CaseInbox[] = ['finance', 'marketing'];
/** The inboxes an operator's roles open: an admin's every one. */
const inboxesOf = (roles: readonly OperatorRole[]): repo.CaseInbox[] => (roles.includes('admin') ? [...INBOXES] : INBOXES.filter((inbox) => roles.includes(inbox)));

const METRICS_DAYS = 30;
const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

export interface Upload {
  filename: string;
  bytes: Buffer;
}

/** A PDF kept as sent must be one: its header first and its end marker in its last kilobyte. */
function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-' && bytes.subarray(-1024).toString('latin1').includes('%%EOF');
}

async function checkAttachment(upload: Upload) {
  if (upload.bytes.length > MAX_ATTACHMENT_BYTES) throw badRequest('CHAT_FILE_TOO_LARGE');
  const name = upload.filename.replace(/^.*[\\/]/, '').slice(-200) || 'file';
  if (/\.pdf$/i.test(name)) {
    if (!isPdf(upload.bytes)) throw badRequest('CHAT_FILE_UNSUPPORTED');
    return { name, contentType: 'application/pdf' as const, bytes: upload.bytes };
  }
  try {
    const image = await checkImage(upload.bytes, name);
    return { name, contentType: image.contentType as 'image/png' | 'image/jpeg' | 'image/gif', bytes: image.bytes };
  } catch (error) {
    if (error instanceof ChatFileRefused) throw badRequest(error.code);
    throw error;
  }
}

function toSummary(row: repo.CaseRow): RiskCaseSummary {
  return {
    id: row.id,
    memberId: String(row.member_id),
    inbox: row.inbox,
    status: row.status,
    assignee: row.assignee,
    outcome: row.outcome,
    openedAt: new Date(row.opened_at).toISOString(),
    lastAlertAt: new Date(row.last_alert_at).toISOString(),
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    closedBy: row.closed_by,
    alerts: Number(row.alerts),
    rules: row.rules,
  };
}

/**
 * Cases: each alert (a decision that was not approve) opens or joins its member's case in the inbox
 * of the desk that works it; an investigator takes it, notes and attaches what they find, decides
 * the held movements beside it, and closes it with an outcome, which may block the member or freeze
 * their withdrawals and, once reviewed, snooze a rule for that member.
 */
export function createCaseService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  members: Pick<Members, 'lock' | 'setStatus'>;
  sessions: { memberChanged(memberId: bigint): Promise<void> };
  support: { tellMember(trx: Db, agent: Pick<AdminContext, 'adminId'>, memberId: bigint, text: string): Promise<() => Promise<void>> };
  operatorNames: Pick<OperatorNames, 'activeRolesOf'>;
}) {
  const { db } = deps;

  /** The case, if the operator's inboxes open it. */
  async function visible(id: string, operator: AdminContext): Promise<repo.CaseRow> {
    const row = await repo.caseById(db, id);
    if (!row || !inboxesOf(operator.roles).includes(row.inbox)) throw notFound('NO_DATA');
    return row;
  }

  async function detail(id: string, operator: AdminContext): Promise<RiskCaseDetail> {
    const row = await visible(id, operator);
    const [decisions, notes, snoozes, freeze] = await Promise.all([repo.decisionsOf(db, id), repo.notesOf(db, id), repo.snoozesOf(db, row.member_id), repo.freezeOf(db, row.member_id)]);
    return {
      ...toSummary(row),
      action: row.action,
      decisions: decisions.map(toDecision),
      notes: notes.map((note) => ({
        id: note.id,
        author: note.author,
        body: note.body,
        createdAt: new Date(note.created_at).toISOString(),
        attachment: note.attachment_id ? { id: note.attachment_id, name: note.name!, contentType: note.content_type!, size: Number(note.size) } : null,
      })),
      snoozes: snoozes.map((snooze) => ({ code: snooze.code, until: new Date(snooze.until).toISOString(), createdBy: snooze.created_by, createdAt: new Date(snooze.created_at).toISOString(), caseId: snooze.case_id })),
      freeze: freeze ? { reason: freeze.reason, createdBy: freeze.created_by, createdAt: new Date(freeze.created_at).toISOString(), liftProposedBy: freeze.lift_proposed_by } : null,
    };
  }

  /** Changes an open case the operator may see, under its lock; audited. */
  async function changeOpen(id: string, operator: AdminContext, change: (trx: Trx, row: NonNullable<Awaited<ReturnType<typeof repo.lockCase>>>) => Promise<void>) {
    await visible(id, operator);
    await db.transaction().execute(async (trx) => {
      const row = await repo.lockCase(trx, id);
      if (!row) throw notFound('NO_DATA');
      if (row.status === 'closed') throw new AppError('ALREADY_DECIDED', 409, { decidedBy: row.closed_by ?? '' });
      await change(trx, row);
    });
    return detail(id, operator);
  }

  return {
    async list(operator: AdminContext, query: { status: 'active' | repo.CaseStatus; inbox?: repo.CaseInbox | undefined; mine: 'true' | 'false'; memberId?: string | undefined; page: number; limit: number }) {
      const allowed = inboxesOf(operator.roles);
      const inboxes = query.inbox ? allowed.filter((inbox) => inbox === query.inbox) : allowed;
      if (inboxes.length === 0) return [];
      const statuses: repo.CaseStatus[] = query.status === 'active' ? ['open', 'in_progress'] : [query.status];
      const rows = await repo.casesPage(
        db,
        { statuses, inboxes, ...(query.mine === 'true' ? { assignee: operator.username } : {}), ...(query.memberId ? { memberId: BigInt(query.memberId) } : {}) },
        query.page,
        query.limit,
      );
      return rows.map(toSummary);
    },

    detail,

    /** Takes the case, hands it to another operator who works its inbox, or puts it back (null). */
    assign(id: string, assignee: string | null, operator: AdminContext) {
      return changeOpen(id, operator, async (trx, row) => {
        // Handed on only to an active operator whose roles open this case's inbox.
        if (assignee !== null && assignee !== operator.username) {
          const roles = await deps.operatorNames.activeRolesOf(trx, assignee);
          if (!roles || !inboxesOf(roles).includes(row.inbox)) throw badRequest('NO_OPERATOR');
        }
        await repo.assign(trx, id, assignee);
        await deps.auditTrail.record(trx, operator, 'risk.case.assign', { id, memberId: String(row.member_id), before: row.assignee, after: assignee });
      });
    },

    note(id: string, body: string, operator: AdminContext) {
      return changeOpen(id, operator, (trx) => repo.insertNote(trx, { caseId: id, author: operator.username, body, attachmentId: null }));
    },

    /** A file with an optional note: images are re-encoded, PDFs kept as sent once walked; at most 5 MB. */
    async attach(id: string, upload: Upload, body: string, operator: AdminContext) {
      const file = await checkAttachment(upload);
      return changeOpen(id, operator, async (trx) => {
        const attachmentId = await repo.insertAttachment(trx, { caseId: id, ...file });
        await repo.insertNote(trx, { caseId: id, author: operator.username, body, attachmentId });
      });
    },

    async attachment(id: string, attachmentId: string, operator: AdminContext) {
      await visible(id, operator);
      const file = await repo.attachment(db, id, attachmentId);
      if (!file) throw notFound('NO_DATA');
      return file;
    },

    /**
     * Closes the case with its outcome. A confirmed case may block the member (they are refused at
     * sign-in and on every call) or freeze their withdrawals; either way the member is told
     * `memberMessage` through support, never the rule. One transaction, the member's lock first.
     */
    async close(id: string, closing: { outcome: repo.CaseOutcome; action: repo.CaseAction; memberMessage?: string | undefined }, operator: AdminContext) {
      const seen = await visible(id, operator);
      if (closing.action !== 'none' && (closing.outcome !== 'confirmed' || !closing.memberMessage)) throw badRequest('KEY_INVALID');
      const { publish, blocked } = await db.transaction().execute(async (trx) => {
        const member = await deps.members.lock(trx, seen.member_id);
        if (!member) throw notFound('NO_USER');
        const row = await repo.lockCase(trx, id);
        if (!row) throw notFound('NO_DATA');
        if (row.status === 'closed') throw new AppError('ALREADY_DECIDED', 409, { decidedBy: row.closed_by ?? '' });
        await repo.close(trx, id, { outcome: closing.outcome, action: closing.action, by: operator.username });
        const memberId = String(row.member_id);
        const blocks = closing.action === 'block' && member.status === 'active';
        if (blocks) {
          await deps.members.setStatus(trx, row.member_id, 'blocked');
          await deps.auditTrail.record(trx, operator, 'member.block', { memberId, reason: closing.memberMessage, caseId: id, before: { status: member.status }, after: { status: 'blocked' } });
        }
        if (closing.action === 'freeze') await repo.freeze(trx, { memberId: row.member_id, caseId: id, reason: closing.memberMessage!, by: operator.username });
        await deps.auditTrail.record(trx, operator, 'risk.case.close', { id, memberId, outcome: closing.outcome, action: closing.action, memberMessage: closing.memberMessage ?? null });
        const publish = closing.memberMessage && closing.action !== 'none' ? await deps.support.tellMember(trx, operator, row.member_id, closing.memberMessage) : null;
        return { publish, blocked: blocks };
      });
      if (blocked) await deps.sessions.memberChanged(seen.member_id);
      await publish?.();
      return detail(id, operator);
    },

    /** Snoozes a rule for the case's member, at most 180 days, from a case another operator closed as a false positive or valuable; audited. */
    async snooze(id: string, snooze: { code: string; days: number }, operator: AdminContext) {
      await visible(id, operator);
      if (!ruleByCode(snooze.code)) throw badRequest('KEY_INVALID');
      await db.transaction().execute(async (trx) => {
        const row = await repo.lockCase(trx, id);
        if (!row) throw notFound('NO_DATA');
        if (row.status !== 'closed' || row.outcome === 'confirmed') throw conflict('CASE_NOT_REVIEWED');
        // A snooze loosens a rule for one member: a second operator, not the one who closed the case, makes it.
        if (row.closed_by === operator.username) throw forbidden('FOUR_EYES');
        await repo.snooze(trx, { memberId: row.member_id, code: snooze.code, days: snooze.days, caseId: id, by: operator.username });
        await deps.auditTrail.record(trx, operator, 'risk.snooze', { caseId: id, memberId: String(row.member_id), code: snooze.code, days: snooze.days });
      });
      return detail(id, operator);
    },

    /**
     * Lifts a freeze of the member's withdrawals, by two admins: the first proposes, a different one
     * lifts it (403 FOUR_EYES for the same one); audited.
     */
    async unfreeze(memberId: bigint, operator: AdminContext): Promise<'PROPOSED' | 'SUCCESS'> {
      return db.transaction().execute(async (trx) => {
        const frozen = await repo.lockFreeze(trx, memberId);
        if (!frozen) throw notFound('NO_DATA');
        const detail = { memberId: String(memberId), caseId: frozen.case_id, reason: frozen.reason };
        if (frozen.lift_proposed_by === null) {
          await repo.proposeLift(trx, memberId, operator.username);
          await deps.auditTrail.record(trx, operator, 'risk.unfreeze.propose', detail);
          return 'PROPOSED';
        }
        if (frozen.lift_proposed_by === operator.username) throw forbidden('FOUR_EYES');
        await repo.unfreeze(trx, memberId);
        await deps.auditTrail.record(trx, operator, 'risk.unfreeze', detail);
        return 'SUCCESS';
      });
    },

    /** The package for a suspicious transaction report: the case, the member, the alerts, the movements around them, the notes. */
    async exportRows(id: string, operator: AdminContext) {
      const found = await detail(id, operator);
      const memberId = BigInt(found.memberId);
      const first = found.decisions[0]?.createdAt ?? found.openedAt;
      const [movements, member] = await Promise.all([repo.movementsAround(db, memberId, new Date(first), found.closedAt ? new Date(found.closedAt) : new Date()), repo.memberDetails(db, memberId)]);
      const details: Record<string, string | null> = member
        ? { id: String(member.id), phone: member.phone, name: member.name, status: member.status, bank: member.bank_code, bankAccountNo: member.bank_account_no, bankAccountName: member.bank_account_name, currency: member.currency, registeredIp: member.registered_ip, invitedBy: member.inviter_id === null ? null : String(member.inviter_id), registeredAt: new Date(member.created_at).toISOString() }
        : {};
      const currency = found.decisions[0]?.currency ?? null;
      const rows: ExportRow[] = [
        { section: 'case', time: found.openedAt, item: found.status, reference: found.id, amount: null, currency: null, detail: [found.inbox, found.outcome, found.assignee, found.closedBy].filter(Boolean).join(' · ') },
        ...Object.entries(details).map(([field, value]) => ({ section: 'member', time: null, item: field, reference: null, amount: null, currency: null, detail: value })),
        ...found.decisions.map((decision) => ({
          section: 'alert',
          time: decision.createdAt,
          item: decision.movement,
          reference: decision.subject,
          amount: decision.amount,
          currency: decision.currency,
          detail: `${decision.outcome}: ${decision.rules.filter((answer) => answer.outcome !== 'approve').map((answer) => `${answer.code} v${answer.version} (${answer.mode}) ${answer.reason ?? ''}`.trim()).join('; ')}`,
        })),
        ...movements.map((movement) => ({ section: 'movement', time: new Date(movement.created_at).toISOString(), item: movement.kind, reference: movement.reference, amount: toMajor(movement.amount), currency, detail: movement.detail })),
        ...found.notes.map((note) => ({ section: 'note', time: note.createdAt, item: note.author, reference: note.attachment?.name ?? null, amount: null, currency: null, detail: note.body })),
      ];
      return { rows, caseId: found.id };
    },

    async metrics() {
      const figures = await repo.metrics(db, METRICS_DAYS);
      return {
        days: METRICS_DAYS,
        medianAlertToDecisionSeconds: figures.median,
        alertsDecided: figures.decided,
        rules: figures.rules.map((rule) => ({ ...rule, falsePositiveRate: rule.alerts === 0 ? null : rule.falsePositives / rule.alerts })),
      };
    },
  };
}
export type CaseService = ReturnType<typeof createCaseService>;

export interface ExportRow extends Record<string, unknown> {
  section: string;
  time: string | null;
  item: string;
  reference: string | null;
  amount: number | null;
  currency: string | null;
  detail: string | null;
}
