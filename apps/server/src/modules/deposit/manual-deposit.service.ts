import { type Minor, isPayableIn, minorOf, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { badRequest, businessRule } from '../../errors.js';
import type { Members } from '../account/members.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import { decideOnce } from '../../db/decide-once.js';
import type { MemberContext } from '../../http/context.js';
import { type SettingsService, moneyRules } from '../settings/settings.service.js';
import type { DepositCredit } from './deposit-credit.js';
import * as repo from './manual-deposit.repository.js';

const toNotice = (row: repo.NoticeRow) => ({ _id: row.id, amount: toMajor(row.amount), status: row.status, createdAt: row.created_at.toISOString(), reason: row.reason });

/** DESIGN §6: in manual mode a member tells us of a transfer; an operator checks the bank and decides. */
export function createManualDepositService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  deposits: Pick<DepositCredit, 'credit' | 'refusal'>;
  settings: Pick<SettingsService, 'site'>;
  members: Pick<Members, 'findMany'>;
}) {
  const { db } = deps;

  function decide(id: string, status: 'SUCCESS' | 'FAILED', reason: string | null, operator: AuditActor) {
    return decideOnce(deps, {
      lock: (trx) => repo.lockNotice(trx, id),
      isOpen: (row) => row.status === 'in_progress',
      decidedBy: (_trx, row) => row.decided_by,
      apply: async (trx, row) => {
        if (status === 'SUCCESS') await deps.deposits.credit(trx, { memberId: row.member_id, method: 'MANUAL', amount: row.amount, externalRef: `manual:${id}`, reference: row.reference, paidAt: row.created_at });
        return toNotice(await repo.decideNotice(trx, id, { status, reason, decidedBy: operator.username }));
      },
      audit: { actor: operator, action: status === 'SUCCESS' ? 'deposit-notice.approve' : 'deposit-notice.fail', detail: (row) => ({ id, amount: String(row.amount), reason }) },
    });
  }

  return {
    async notify(context: MemberContext, amount: Minor, idempotencyKey: string | null) {
      if (!isPayableIn(context.currency, amount)) throw badRequest('KEY_INVALID');
      const site = await deps.settings.site();
      if (!site.isManualDeposit) throw businessRule('DEPOSIT_MANUAL_OFF');
      if (amount < minorOf(moneyRules(site, context.currency).depositMinimum)) throw businessRule('DEPOSIT_MINIMUM');
      // Asked first outside a transaction (what a refusal records stays), then checked and written
      // under the gates' locks: two notices at once cannot both pass a limit.
      const refusedBefore = await deps.deposits.refusal(db, context.memberId, { amount, replacingMethod: null });
      if (refusedBefore) throw refusedBefore;
      return db.transaction().execute(async (trx) => {
        const refused = await deps.deposits.refusal(trx, context.memberId, { amount, replacingMethod: null });
        if (refused) throw refused;
        return toNotice(await repo.insertNotice(trx, { memberId: context.memberId, amount, idempotencyKey }));
      });
    },

    approve: (id: string, operator: AuditActor) => decide(id, 'SUCCESS', null, operator),
    fail: (id: string, reason: string, operator: AuditActor) => decide(id, 'FAILED', reason, operator),

    async listForOperator(status: 'pending' | 'SUCCESS' | 'FAILED', page: number, limit: number) {
      const { total, rows } = await repo.operatorNoticePage(db, status === 'pending' ? 'in_progress' : status, page, limit);
      const members = await deps.members.findMany(db, rows.map((row) => row.member_id));
      return {
        total,
        notices: rows.map((row) => {
          const member = members.get(row.member_id)!;
          return { ...toNotice(row), username: member.phone, memberName: member.name, decidedBy: row.decided_by, reference: row.reference };
        }),
      };
    },
  };
}
export type ManualDepositService = ReturnType<typeof createManualDepositService>;
