import type { Db } from '../../db/database.js';

/**
 * The reconciler's share of QRs not known paid: issued before `createdBefore`, not expired
 * before `expiredAfter`, not asked about since `checkedBefore`. Claimed (checked_at) in the same
 * statement, so reconcilers on several nodes ask about different ones.
 */
export function claimUnpaidQrs(db: Db, window: { createdBefore: Date; expiredAfter: Date; checkedBefore: Date; at: Date; limit: number }) {
  return db
    .updateTable('deposit_qrcodes')
    .set({ checked_at: window.at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('deposit_qrcodes')
        .select('id')
        .where('status', '!=', 'paid')
        .where('created_at', '<', window.createdBefore)
        .where('expires_at', '>', window.expiredAfter)
        .where((inner) => inner.or([inner('checked_at', 'is', null), inner('checked_at', '<', window.checkedBefore)]))
        .orderBy('created_at')
        .limit(window.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}
