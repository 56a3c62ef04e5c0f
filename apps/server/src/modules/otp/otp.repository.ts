import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export function findBlock(db: Db, phone: string, now: Date) {
  return db
    .selectFrom('phone_blocks')
    .select('blocked_until')
    .where('phone', '=', phone)
    .where('blocked_until', '>', now)
    .executeTakeFirst();
}

export async function blockPhone(db: Db, phone: string, until: Date): Promise<void> {
  await db
    .insertInto('phone_blocks')
    .values({ phone, blocked_until: until })
    .onConflict((oc) => oc.column('phone').doUpdateSet({ blocked_until: until }))
    .execute();
}

export function recentRequests(db: Db, phone: string, since: Date) {
  return db
    .selectFrom('otp_requests')
    .select(['id', 'ref', 'created_at', 'verified_at', 'used_at', 'wrong_attempts'])
    .where('phone', '=', phone)
    .where('purpose', '=', 'register')
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertRequest(
  db: Db,
  request: { phone: string; tokenHash: string; ref: string; codeHash: string; expiresAt: Date; purpose: 'register' | 'password-reset' },
): Promise<string> {
  const row = await db
    .insertInto('otp_requests')
    .values({
      phone: request.phone,
      token_hash: request.tokenHash,
      ref: request.ref,
      code_hash: request.codeHash,
      expires_at: request.expiresAt,
      purpose: request.purpose,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteRequest(db: Db, id: string): Promise<void> {
  await db.deleteFrom('otp_requests').where('id', '=', id).execute();
}

export function findByTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom('otp_requests').selectAll().where('token_hash', '=', tokenHash).where('purpose', '=', 'register').executeTakeFirst();
}

/** The newest password-reset code sent to a phone under a reference (references repeat, rarely). */
export function findResetRequest(db: Db, phone: string, ref: string) {
  return db
    .selectFrom('otp_requests')
    .selectAll()
    .where('phone', '=', phone)
    .where('ref', '=', ref)
    .where('purpose', '=', 'password-reset')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Spends a password-reset code, in the caller's transaction; false when another call spent it first. */
export async function markUsed(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('otp_requests').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records on the request that one more wrong code was compared against it. */
export async function countWrongCode(db: Db, id: string): Promise<void> {
  await db
    .updateTable('otp_requests')
    .set({ wrong_attempts: sql`wrong_attempts + 1` })
    .where('id', '=', id)
    .execute();
}

/** Marks verified only once; answers false when another request got there first. */
export async function markVerified(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('otp_requests')
    .set({ verified_at: now })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Consumes a verified, unused OTP for account creation, inside the caller's transaction. */
export async function consumeVerified(db: Db, phone: string, verifiedSince: Date, now: Date): Promise<boolean> {
  const candidate = await db
    .selectFrom('otp_requests')
    .select('id')
    .where('phone', '=', phone)
    .where('purpose', '=', 'register')
    .where('verified_at', '>', verifiedSince)
    .where('used_at', 'is', null)
    .orderBy('verified_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!candidate) return false;
  await db.updateTable('otp_requests').set({ used_at: now }).where('id', '=', candidate.id).execute();
  return true;
}
