import { toMajor, toMinor } from '@wallet/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { businessRule, conflict, notFound } from '../../errors.js';
import { recordAudit } from '../admin/audit.js';
import type { MemberContext } from '../auth/auth.service.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { SettingsService } from '../settings/settings.service.js';

type Row = { id: string; amount: bigint; status: 'in_progress' | 'SUCCESS' | 'FAILED'; created_at: Date; reason: string | null };
const toNotice = (row: Row) => ({ _id: row.id, amount: toMajor(row.amount), status: row.status, createdAt: row.created_at.toISOString(), reason: row.reason });

/** DESIGN §6: in manual mode a member tells us of a transfer; an operator checks the bank and decides. */
export function createManualDepositService(deps: { db: Db; ledger: Ledger; settings: SettingsService }) {
  const { db, ledger } = deps;

  async function decide(id: string, status: 'SUCCESS' | 'FAILED', reason: string | null, operator: string) {
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('manual_deposit_notices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('NO_DATA');
      if (row.status !== 'in_progress') throw conflict('KEY_INVALID');
      if (status === 'SUCCESS') {
        const deposit = await trx
          .insertInto('deposits')
          .values({ member_id: row.member_id, method: 'MANUAL', amount: row.amount, external_ref: `manual:${id}` })
          .returning('id')
          .executeTakeFirstOrThrow();
        await ledger.post(
          { key: `deposit:manual:${id}`, from: accounts.depositClearing('MANUAL'), to: accounts.wallet(row.member_id), amount: row.amount, kind: 'deposit', reference: deposit.id },
          trx,
        );
      }
      await recordAudit(trx, operator, status === 'SUCCESS' ? 'deposit-notice.approve' : 'deposit-notice.fail', { id, amount: String(row.amount), reason });
      const decided = await trx
        .updateTable('manual_deposit_notices')
        .set({ status, reason, decided_by: operator, decided_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toNotice(decided);
    });
  }

  return {
    async notify(context: MemberContext, amountBaht: number, idempotencyKey: string | null) {
      const site = await deps.settings.site();
      if (!site.isManualDeposit) throw businessRule('DEPOSIT_MANUAL_OFF');
      const amount = toMinor(amountBaht)!;
      if (amount < toMinor(site.depositMinimum)!) throw businessRule('DEPOSIT_MINIMUM');
      const row =
        (await db
          .insertInto('manual_deposit_notices')
          .values({ member_id: context.memberId, amount, idempotency_key: idempotencyKey })
          .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
          .returningAll()
          .executeTakeFirst()) ??
        (await db.selectFrom('manual_deposit_notices').selectAll().where('member_id', '=', context.memberId).where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow());
      return toNotice(row);
    },

    approve: (id: string, operator: string) => decide(id, 'SUCCESS', null, operator),
    fail: (id: string, reason: string, operator: string) => decide(id, 'FAILED', reason, operator),

    async listForOperator(status: 'pending' | 'SUCCESS' | 'FAILED', page: number, limit: number) {
      const base = db
        .selectFrom('manual_deposit_notices as n')
        .innerJoin('members as m', 'm.id', 'n.member_id')
        .where('n.status', '=', status === 'pending' ? 'in_progress' : status);
      const [rows, total] = await Promise.all([
        base.selectAll('n').select(['m.phone', 'm.name as member_name']).orderBy('n.created_at').limit(limit).offset((page - 1) * limit).execute(),
        base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(total.count),
        notices: rows.map((row) => ({ ...toNotice(row), username: row.phone, memberName: row.member_name, decidedBy: row.decided_by })),
      };
    },
  };
}
export type ManualDepositService = ReturnType<typeof createManualDepositService>;
