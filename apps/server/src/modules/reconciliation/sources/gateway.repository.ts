import { sql } from 'kysely';
import type { CurrencyCode } from '@wallet/contract';
import type { Db } from '../../../db/database.js';

/** A member's wallet currency as the ledger holds it (the Laos build's BAHT wallets are baht). */
const walletCurrency = sql<CurrencyCode>`CASE m.currency WHEN 'LAK' THEN 'LAK' ELSE 'THB' END`;

/** Gateway payments we credited between two instants (by when we credited them), with the QR each paid. */
export function creditedGatewayDeposits(db: Db, from: Date, to: Date, currencies: readonly CurrencyCode[]) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .leftJoin('deposit_qrcodes as q', (join) => join.on(sql<string>`'gateway:' || q.gateway_ref`, '=', sql.ref('d.external_ref')))
    .select([
      'd.id',
      'd.member_id',
      'd.method',
      'd.amount',
      'd.reference',
      'd.created_at',
      sql<string>`substr(d.external_ref, 9)`.as('gateway_ref'),
      sql<string | null>`q.id::text`.as('qr_id'),
      walletCurrency.as('currency'),
    ])
    .where('d.external_ref', 'like', 'gateway:%')
    .where('d.created_at', '>=', from)
    .where('d.created_at', '<', to)
    .where(walletCurrency, 'in', [...currencies])
    .orderBy('d.created_at')
    .execute();
}
