import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export function listProviders(db: Db) {
  return db.selectFrom('providers').selectAll().where('enabled', '=', true).orderBy('sort_order').execute();
}

export function findProvider(db: Db, code: string) {
  return db.selectFrom('providers').selectAll().where('code', '=', code).where('enabled', '=', true).executeTakeFirst();
}

export function listGameAccounts(db: Db, memberId: bigint) {
  return db.selectFrom('game_accounts').selectAll().where('member_id', '=', memberId).execute();
}

export function findGameAccount(db: Db, memberId: bigint, code: string) {
  return db.selectFrom('game_accounts').selectAll().where('member_id', '=', memberId).where('provider_code', '=', code).executeTakeFirst();
}

/** Serialises everything that moves money to or from one member's account at one provider. */
export function lockGameAccount(trx: Db, memberId: bigint, code: string) {
  return trx
    .selectFrom('game_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('provider_code', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertGameAccount(db: Db, account: { memberId: bigint; code: string; username: string; passwordEncrypted: string }) {
  const result = await db
    .insertInto('game_accounts')
    .values({ member_id: account.memberId, provider_code: account.code, username: account.username, password_encrypted: account.passwordEncrypted })
    .onConflict((oc) => oc.columns(['member_id', 'provider_code']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function updateGameAccount(db: Db, memberId: bigint, code: string, change: { password_encrypted?: string; cached_credits?: bigint; balance_synced_at?: Date }) {
  await db.updateTable('game_accounts').set(change).where('member_id', '=', memberId).where('provider_code', '=', code).execute();
}

export async function hasPendingTransfer(db: Db, memberId: bigint, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('provider_transfers')
    .select('id')
    .where('member_id', '=', memberId)
    .where('provider_code', '=', code)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function insertProviderTransfer(
  db: Db,
  transfer: { id: string; memberId: bigint; code: string; direction: 'deposit' | 'withdraw'; amount: bigint; credits: bigint; idempotencyKey: string | null; holdId: string },
) {
  await db
    .insertInto('provider_transfers')
    .values({
      id: transfer.id,
      member_id: transfer.memberId,
      provider_code: transfer.code,
      direction: transfer.direction,
      amount: transfer.amount,
      credits: transfer.credits,
      idempotency_key: transfer.idempotencyKey,
      hold_id: transfer.holdId,
    })
    .execute();
}

export function findProviderTransfer(db: Db, id: string) {
  return db.selectFrom('provider_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findProviderTransferByKey(db: Db, memberId: bigint, key: string) {
  return db.selectFrom('provider_transfers').selectAll().where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();
}

/** Settles a pending transfer and answers it; undefined when it was settled already. */
export function settleIfPending(trx: Db, id: string, status: 'posted' | 'voided', reason: string | null) {
  return trx
    .updateTable('provider_transfers')
    .set({ status, failure_reason: reason, settled_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function countAttempt(db: Db, id: string): Promise<void> {
  await db.updateTable('provider_transfers').set({ attempts: sql`attempts + 1` }).where('id', '=', id).execute();
}

export function pendingTransfersOlderThan(db: Db, before: Date, limit: number) {
  return db
    .selectFrom('provider_transfers')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Locks the game account row and bumps its transfer version in one statement. */
export function lockAndBumpGameAccount(trx: Db, memberId: bigint, code: string, cachedCredits?: bigint) {
  return trx
    .updateTable('game_accounts')
    .set({
      transfer_version: sql`transfer_version + 1`,
      ...(cachedCredits === undefined ? {} : { cached_credits: cachedCredits, balance_synced_at: sql`now()` }),
    })
    .where('member_id', '=', memberId)
    .where('provider_code', '=', code)
    .returningAll()
    .executeTakeFirst();
}

/** Moves the card's cached provider balance by what a settled transfer moved there (never below 0). */
export async function shiftCachedCredits(trx: Db, memberId: bigint, code: string, credits: bigint): Promise<void> {
  await trx
    .updateTable('game_accounts')
    .set({ cached_credits: sql`greatest(cached_credits + ${credits}, 0)` })
    .where('member_id', '=', memberId)
    .where('provider_code', '=', code)
    .execute();
}

export function findProviderArt(db: Db, code: string) {
  return db.selectFrom('providers').select(['logo', 'background']).where('code', '=', code).executeTakeFirst();
}
