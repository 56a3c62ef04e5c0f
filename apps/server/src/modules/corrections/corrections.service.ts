import { type Correction, type CorrectionBody, toMajor } from '@wallet/contract';
import type { Db, Trx } from '../../db/database.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import { decideOnce } from '../../db/decide-once.js';
import type { AdminContext } from '../../http/context.js';
import type { Members } from '../account/members.js';
import type { OperatorNames } from '../admin/operator-names.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import * as repo from './corrections.repository.js';

const toCorrection = (row: repo.CorrectionRow, phone: string, names: Map<bigint, string>): Correction => ({
  _id: row.id,
  memberId: String(row.member_id),
  memberPhone: phone,
  direction: row.direction,
  amount: toMajor(row.amount),
  reasonCode: row.reason_code,
  note: row.note,
  status: row.status,
  proposedBy: names.get(row.proposed_by) ?? '',
  decidedBy: row.decided_by === null ? null : (names.get(row.decided_by) ?? null),
  decisionNote: row.decision_note,
  createdAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
});

export type CorrectionDecided = (trx: Trx, decision: { id: string; status: 'approved' | 'rejected'; decidedBy: bigint }) => Promise<void>;

/**
 * Money corrections with four eyes: a proposal moves nothing; a second, different
 * operator approves it (the ledger transfer, once, from or to operator:adjustments) or rejects it.
 * The database refuses a decision by the proposer too (money_corrections_four_eyes).
 */
export function createCorrectionService(deps: { db: Db; auditTrail: AuditTrail; ledger: Pick<Ledger, 'post'>; members: Pick<Members, 'find' | 'findMany'>; operatorNames: OperatorNames }) {
  const { db } = deps;
  const decided: CorrectionDecided[] = [];

  /** The corrections with their members' phones and the operators' names, read in one query each. */
  async function named(trx: Db, rows: repo.CorrectionRow[]): Promise<Correction[]> {
    const [members, names] = await Promise.all([
      deps.members.findMany(trx, rows.map((row) => row.member_id)),
      deps.operatorNames.usernames(trx, rows.flatMap((row) => [row.proposed_by, row.decided_by])),
    ]);
    return rows.map((row) => toCorrection(row, members.get(row.member_id)?.phone ?? '', names));
  }
  const correctionOfId = async (trx: Db, id: string) => (await named(trx, [await repo.findCorrection(trx, id)]))[0]!;

  function decide(operator: AdminContext, id: string, status: 'approved' | 'rejected', note: string | null): Promise<Correction> {
    return decideOnce(deps, {
      lock: (trx) => repo.lockCorrection(trx, id),
      isOpen: (row) => row.status === 'proposed',
      decidedBy: async (trx) => (await correctionOfId(trx, id)).decidedBy,
      apply: async (trx, row) => {
        if (row.proposed_by === operator.adminId) throw forbidden('FOUR_EYES');
        if (status === 'approved') {
          const wallet = accounts.wallet(row.member_id);
          const [from, to] = row.direction === 'credit' ? [accounts.adjustments(), wallet] : [wallet, accounts.adjustments()];
          await deps.ledger.post({ key: `correction:${row.id}`, from, to, amount: row.amount, kind: 'adjustment', reference: row.id }, trx);
        }
        await repo.decide(trx, id, { status, decidedBy: operator.adminId, note });
        for (const handler of decided) await handler(trx, { id, status, decidedBy: operator.adminId });
        return correctionOfId(trx, id);
      },
      audit: {
        actor: operator,
        action: status === 'approved' ? 'correction.approve' : 'correction.reject',
        detail: (row) => ({ id, memberId: String(row.member_id), direction: row.direction, amount: String(row.amount), note }),
      },
    });
  }

  return {
    /** In the caller's transaction when one is given (an exception's resolution links it as it is written). */
    async propose(operator: AdminContext, body: CorrectionBody, idempotencyKey: string | null, within?: Trx): Promise<Correction> {
      const memberId = BigInt(body.memberId);
      const write = async (trx: Trx) => {
        if (!(await deps.members.find(trx, memberId))) throw notFound('NO_USER');
        const { id, fresh } = await repo.insertProposal(trx, {
          member_id: memberId,
          direction: body.direction,
          amount: body.amount,
          reason_code: body.reasonCode,
          note: body.note,
          proposed_by: operator.adminId,
          idempotency_key: idempotencyKey,
        });
        if (fresh) await deps.auditTrail.record(trx, operator, 'correction.propose', { id, memberId: body.memberId, direction: body.direction, amount: String(body.amount), reasonCode: body.reasonCode, note: body.note });
        return correctionOfId(trx, id);
      };
      return within ? write(within) : db.transaction().execute(write);
    },

    /** Another module's part in a decision: it runs in the decision's transaction. */
    onDecided(handler: CorrectionDecided): void {
      decided.push(handler);
    },

    approve: (operator: AdminContext, id: string) => decide(operator, id, 'approved', null),
    reject: (operator: AdminContext, id: string, reason: string) => decide(operator, id, 'rejected', reason),

    async list(filter: { status?: Correction['status'] | undefined; memberId?: string | undefined }, page: number, limit: number) {
      const { total, rows } = await repo.page(db, { status: filter.status, memberId: filter.memberId ? BigInt(filter.memberId) : undefined }, page, limit);
      return { total, corrections: await named(db, rows) };
    },
  };
}
export type CorrectionService = ReturnType<typeof createCorrectionService>;
