import { TRUEWALLET_MINIMUM_BAHT, toMinor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
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
        const externalRef = `truemoney-transfer:${event.transactionId}`;
        const deposit = await trx.insertInto('deposits').values({ member_id: member.id, method: 'TRUEMONEY', amount, external_ref: externalRef }).returning('id').executeTakeFirstOrThrow();
        await ledger.post({ key: `deposit:${externalRef}`, from: accounts.depositClearing('TRUEMONEY'), to: accounts.wallet(member.id), amount, kind: 'deposit', reference: deposit.id }, trx);
        return 'credited' as const;
      });
    },
  };
}
export type TrueMoneyTransferService = ReturnType<typeof createTrueMoneyTransferService>;
