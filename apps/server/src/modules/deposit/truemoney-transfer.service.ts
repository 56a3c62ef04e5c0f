import { TRUEWALLET_MINIMUM_BAHT, minorOf, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import type { Members } from '../account/members.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import { decideOnce } from '../../db/decide-once.js';
import type { DepositCredit } from './deposit-credit.js';
import { firstDelivery } from './deposit.repository.js';
import * as repo from './truemoney-transfer.repository.js';

export interface WalletTransferEvent {
  eventId: string;
  transactionId: string;
  senderMobile: string;
  /** Minor units. */
  amount: number;
  receivedAt: string;
}

const isWaiting = (row: repo.WalletTransferRow) => row.status === 'unmatched' || row.status === 'below_minimum';

const toItem = (row: repo.WalletTransferRow) => ({
  _id: row.transaction_id,
  senderMobile: row.sender_mobile,
  amount: toMajor(row.amount),
  status: row.status,
  createdAt: row.created_at.toISOString(),
  decidedBy: row.decided_by,
  reason: row.reason,
});

/**
 * TrueMoney "auto" deposits (SPEC §2, §5: minimum 2 baht, from the registered number): a transfer
 * into the operator's wallet is credited to the member whose phone sent it, once. One from an
 * unknown number, or under the minimum, is kept for an operator instead of guessed at.
 */
export function createTrueMoneyTransferService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  deposits: Pick<DepositCredit, 'credit'>;
  members: Pick<Members, 'findByPhone'>;
  log: { warn(object: object, message: string): void };
}) {
  const { db } = deps;

  /** The member with this phone whose wallet holds baht: TrueMoney never pays into a kip wallet. */
  async function memberIdByPhone(trx: Db, phone: string): Promise<bigint | undefined> {
    const member = await deps.members.findByPhone(trx, phone);
    return member && member.currency !== 'LAK' ? member.id : undefined;
  }
  const minimum = minorOf(TRUEWALLET_MINIMUM_BAHT);

  const credit = (trx: Db, transactionId: string, memberId: bigint, amount: bigint, receivedAt: Date) =>
    deps.deposits.credit(trx, { memberId, method: 'TRUEMONEY', amount, externalRef: `truemoney-transfer:${transactionId}`, paidAt: receivedAt });

  return {
    async received(event: WalletTransferEvent): Promise<'credited' | 'unmatched' | 'below_minimum' | 'duplicate'> {
      const amount = BigInt(event.amount);
      return db.transaction().execute(async (trx) => {
        if (!(await firstDelivery(trx, `truemoney:${event.eventId}`))) return 'duplicate' as const;
        const memberId = await memberIdByPhone(trx, event.senderMobile);
        const status = memberId === undefined ? 'unmatched' : amount < minimum ? 'below_minimum' : 'credited';
        const recorded = await repo.recordTransfer(trx, { ...event, amount, status, memberId: memberId ?? null });
        if (!recorded) return 'duplicate' as const;
        if (status !== 'credited' || memberId === undefined) {
          deps.log.warn({ transactionId: event.transactionId, status }, 'TrueMoney transfer waits for an operator');
          return status;
        }
        await credit(trx, event.transactionId, memberId, amount, new Date(event.receivedAt));
        return 'credited' as const;
      });
    },

    async listWaiting(page: number, limit: number) {
      const { total, rows } = await repo.waitingPage(db, page, limit);
      return { total, transfers: rows.map(toItem) };
    },

    /** The operator has found whose money it is (by default, the sender's own account). */
    assign(transactionId: string, phone: string | undefined, operator: AuditActor) {
      return decideOnce(deps, {
        lock: (trx) => repo.lockTransfer(trx, transactionId),
        isOpen: isWaiting,
        decidedBy: (_trx, row) => row.decided_by,
        apply: async (trx, row) => {
          const memberId = await memberIdByPhone(trx, phone ?? row.sender_mobile);
          if (memberId === undefined) throw notFound('NO_USER');
          await credit(trx, transactionId, memberId, row.amount, row.received_at);
          return toItem(await repo.decideTransfer(trx, transactionId, { status: 'credited', memberId, decidedBy: operator.username }));
        },
        audit: { actor: operator, action: 'truemoney-transfer.credit', detail: (row) => ({ transactionId, phone: phone ?? row.sender_mobile, amount: String(row.amount) }) },
      });
    },

    /** The operator sent the money back to the sender outside this system. */
    markReturned(transactionId: string, reason: string, operator: AuditActor) {
      return decideOnce(deps, {
        lock: (trx) => repo.lockTransfer(trx, transactionId),
        isOpen: isWaiting,
        decidedBy: (_trx, row) => row.decided_by,
        apply: async (trx) => toItem(await repo.decideTransfer(trx, transactionId, { status: 'returned', reason, decidedBy: operator.username })),
        audit: { actor: operator, action: 'truemoney-transfer.return', detail: () => ({ transactionId, reason }) },
      });
    },
  };
}
export type TrueMoneyTransferService = ReturnType<typeof createTrueMoneyTransferService>;
