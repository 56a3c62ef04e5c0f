import type { Db } from '../../db/database.js';

/** Baht of the member's deposits that earned coins so far, minor units. */
export async function depositsCounted(trx: Db, memberId: bigint): Promise<bigint> {
  const row = await trx.selectFrom('spin_coin_grants').select((eb) => eb.fn.sum<string>('deposit_amount').as('total')).where('member_id', '=', memberId).executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

/** Records a deposit's coins; false when this deposit was counted before. */
export async function recordGrant(trx: Db, grant: { depositId: string; memberId: bigint; depositAmount: bigint; coins: bigint }): Promise<boolean> {
  const row = await trx
    .insertInto('spin_coin_grants')
    .values({ deposit_id: grant.depositId, member_id: grant.memberId, deposit_amount: grant.depositAmount, coins: grant.coins })
    .onConflict((oc) => oc.column('deposit_id').doNothing())
    .returning('deposit_id')
    .executeTakeFirst();
  return row !== undefined;
}
