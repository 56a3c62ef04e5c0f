import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type RedemptionRow = Selectable<Database['truemoney_redemptions']>;

/**
 * Records the intent to redeem a voucher before TrueMoney is called, held by this request until
 * `leaseUntil`. A voucher whose earlier intent failed is opened again; an open or credited one is
 * not (answers undefined: the caller reads what is there).
 */
export function openIntent(db: Db, values: { hash: string; memberId: bigint; at: Date; leaseUntil: Date }): Promise<RedemptionRow | undefined> {
  const fresh = { member_id: values.memberId, status_code: 'PENDING', amount: null, state: 'redeeming' as const, attempts: 1, updated_at: values.at, lease_until: values.leaseUntil };
  return db
    .insertInto('truemoney_redemptions')
    .values({ voucher_hash: values.hash, created_at: values.at, ...fresh })
    .onConflict((oc) => oc.column('voucher_hash').doUpdateSet({ ...fresh, created_at: values.at }).where('truemoney_redemptions.state', '=', 'failed'))
    .returningAll()
    .executeTakeFirst();
}

export function findIntent(db: Db, hash: string): Promise<RedemptionRow | undefined> {
  return db.selectFrom('truemoney_redemptions').selectAll().where('voucher_hash', '=', hash).executeTakeFirst();
}

export function lockIntent(trx: Db, hash: string): Promise<RedemptionRow | undefined> {
  return trx.selectFrom('truemoney_redemptions').selectAll().where('voucher_hash', '=', hash).forUpdate().executeTakeFirst();
}

/** Takes over an open intent whose lease has run out (its request died or gave up). */
export function takeOver(db: Db, hash: string, at: Date, leaseUntil: Date): Promise<RedemptionRow | undefined> {
  return db
    .updateTable('truemoney_redemptions')
    .set({ updated_at: at, lease_until: leaseUntil, attempts: sql`attempts + 1` })
    .where('voucher_hash', '=', hash)
    .where('state', '=', 'redeeming')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * The reconciler's share: open intents untouched since `before`, each claimed (touched) in the
 * same statement, so reconcilers on several nodes take different ones.
 */
export function claimStale(db: Db, before: Date, at: Date, leaseUntil: Date, limit: number): Promise<RedemptionRow[]> {
  return db
    .updateTable('truemoney_redemptions')
    .set({ updated_at: at, lease_until: leaseUntil, attempts: sql`attempts + 1` })
    .where('voucher_hash', 'in', (eb) =>
      eb
        .selectFrom('truemoney_redemptions')
        .select('voucher_hash')
        .where('state', '=', 'redeeming')
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where('state', '=', 'redeeming')
    .returningAll()
    .execute();
}

export function markCredited(trx: Db, hash: string, memberId: bigint, amount: bigint): Promise<RedemptionRow> {
  return trx
    .updateTable('truemoney_redemptions')
    .set({ state: 'credited', status_code: 'SUCCESS', member_id: memberId, amount, lease_until: null })
    .where('voucher_hash', '=', hash)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends an open intent with TrueMoney's definite answer; a settled one stays as it is. */
export async function markFailed(db: Db, hash: string, code: string): Promise<RedemptionRow> {
  await db.updateTable('truemoney_redemptions').set({ state: 'failed', status_code: code, lease_until: null }).where('voucher_hash', '=', hash).where('state', '=', 'redeeming').execute();
  return db.selectFrom('truemoney_redemptions').selectAll().where('voucher_hash', '=', hash).executeTakeFirstOrThrow();
}

/** Keeps an intent open after an unknown outcome, with the raw code, and releases its lease. */
export async function markUnknown(db: Db, hash: string, code: string): Promise<RedemptionRow> {
  await db.updateTable('truemoney_redemptions').set({ status_code: code, lease_until: null }).where('voucher_hash', '=', hash).where('state', '=', 'redeeming').execute();
  return db.selectFrom('truemoney_redemptions').selectAll().where('voucher_hash', '=', hash).executeTakeFirstOrThrow();
}

/** Gift links being redeemed (intent recorded, outcome not yet known), and when the oldest was handed in. */
export async function redeemingIntents(db: Db): Promise<{ open: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('truemoney_redemptions')
    .select((eb) => [eb.fn.countAll<string>().as('open'), eb.fn.min('created_at').as('oldest')])
    .where('state', '=', 'redeeming')
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), oldest: row.oldest ? new Date(row.oldest) : null };
}
