import { type Selectable, sql } from 'kysely';
import { TRUEWALLET_MINIMUM_BAHT, toMajor, toMinor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import { recordAudit } from '../admin/audit.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';

export interface WalletTransferEvent {
  eventId: string;
  transactionId: string;
  senderMobile: string;
  /** Minor units. */
  amount: number;
  receivedAt: string;
}

/**
 * TrueMoney "auto" deposits (SPEC §2, §5: minimum 2 baht, from the registered number): a transfer
 * into the operator's wallet is credited to the member whose phone sent it, once. One from an
 * unknown number, or under the minimum, is kept for an operator instead of guessed at.
 */
export function createTrueMoneyTransferService(deps: { db: Db; ledger: Ledger; log: { warn(object: object, message: string): void } }) {
  const { db, ledger } = deps;
  const minimum = toMinor(TRUEWALLET_MINIMUM_BAHT)!;

  async function credit(trx: Db, transactionId: string, memberId: bigint, amount: bigint): Promise<void> {
    const externalRef = `truemoney-transfer:${transactionId}`;
    const deposit = await trx.insertInto('deposits').values({ member_id: memberId, method: 'TRUEMONEY', amount, external_ref: externalRef }).returning('id').executeTakeFirstOrThrow();
    await ledger.post({ key: `deposit:${externalRef}`, from: accounts.depositClearing('TRUEMONEY'), to: accounts.wallet(memberId), amount, kind: 'deposit', reference: deposit.id }, trx);
  }

  /** A waiting transfer, locked; anything already decided is refused. */
  async function lockWaiting(trx: Db, transactionId: string) {
    const row = await trx.selectFrom('truemoney_transfers').selectAll().where('transaction_id', '=', transactionId).forUpdate().executeTakeFirst();
    if (!row) throw notFound('NO_DATA');
    if (row.status !== 'unmatched' && row.status !== 'below_minimum') throw conflict('KEY_INVALID');
    return row;
  }

  const toItem = (row: Selectable<Database['truemoney_transfers']>) => ({
    _id: row.transaction_id,
    senderMobile: row.sender_mobile,
    amount: toMajor(row.amount),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    decidedBy: row.decided_by,
    reason: row.reason,
  });

  return {
    async received(event: WalletTransferEvent): Promise<'credited' | 'unmatched' | 'below_minimum' | 'duplicate'> {
      const amount = BigInt(event.amount);
      return db.transaction().execute(async (trx) => {
        const fresh = await trx.insertInto('webhook_events').values({ event_id: `truemoney:${event.eventId}` }).onConflict((oc) => oc.doNothing()).returning('event_id').executeTakeFirst();
        if (!fresh) return 'duplicate' as const;
        const member = await trx.selectFrom('members').select('id').where('phone', '=', event.senderMobile).executeTakeFirst();
        const status = !member ? 'unmatched' : amount < minimum ? 'below_minimum' : 'credited';
        const recorded = await trx
          .insertInto('truemoney_transfers')
          .values({ transaction_id: event.transactionId, sender_mobile: event.senderMobile, amount, status, member_id: member?.id ?? null, received_at: event.receivedAt })
          .onConflict((oc) => oc.column('transaction_id').doNothing())
          .returning('transaction_id')
          .executeTakeFirst();
        if (!recorded) return 'duplicate' as const;
        if (status !== 'credited' || !member) {
          deps.log.warn({ transactionId: event.transactionId, status }, 'TrueMoney transfer waits for an operator');
          return status;
        }
        await credit(trx, event.transactionId, member.id, amount);
        return 'credited' as const;
      });
    },

    async listWaiting(page: number, limit: number) {
      const base = db.selectFrom('truemoney_transfers').where('status', 'in', ['unmatched', 'below_minimum']);
      const [rows, total] = await Promise.all([
        base.selectAll().orderBy('created_at').limit(limit).offset((page - 1) * limit).execute(),
        base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { total: Number(total.count), transfers: rows.map(toItem) };
    },

    /** The operator has found whose money it is (by default, the sender's own account). */
    async assign(transactionId: string, phone: string | undefined, operator: string) {
      return db.transaction().execute(async (trx) => {
        const row = await lockWaiting(trx, transactionId);
        const member = await trx.selectFrom('members').select('id').where('phone', '=', phone ?? row.sender_mobile).executeTakeFirst();
        if (!member) throw notFound('NO_USER');
        await credit(trx, transactionId, member.id, row.amount);
        await recordAudit(trx, operator, 'truemoney-transfer.credit', { transactionId, phone: phone ?? row.sender_mobile, amount: String(row.amount) });
        const updated = await trx
          .updateTable('truemoney_transfers')
          .set({ status: 'credited', member_id: member.id, decided_by: operator })
          .where('transaction_id', '=', transactionId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toItem(updated);
      });
    },

    /** The operator sent the money back to the sender outside this system. */
    async markReturned(transactionId: string, reason: string, operator: string) {
      return db.transaction().execute(async (trx) => {
        await lockWaiting(trx, transactionId);
        await recordAudit(trx, operator, 'truemoney-transfer.return', { transactionId, reason });
        const updated = await trx
          .updateTable('truemoney_transfers')
          .set({ status: 'returned', reason, decided_by: operator })
          .where('transaction_id', '=', transactionId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toItem(updated);
      });
    },
  };
}
export type TrueMoneyTransferService = ReturnType<typeof createTrueMoneyTransferService>;
