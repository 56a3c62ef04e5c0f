import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export async function createSession(
  db: Db,
  session: { memberId: bigint; expiresAt: Date; ip: string; userAgent: string | null },
): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({
      member_id: session.memberId,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findLiveSession(db: Db, sessionId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['member_id', 'expires_at'])
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).execute();
}

export async function revokeOtherSessions(db: Db, memberId: bigint, keepSessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('member_id', '=', memberId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Db, memberId: bigint): Promise<number> {
  const result = await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('member_id', '=', memberId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sessions revoked at or after `since` (every revocation is stamped with the database's now()) that have not expired, each with the database's time of the read. */
export function revokedSessionsSince(db: Db, since: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'expires_at', sql<Date>`now()`.as('read_at')])
    .where('revoked_at', '>=', since)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
}

/** One member's revoked, unexpired sessions: read again after a change to them. */
export function revokedSessionsOf(db: Db, memberId: bigint) {
  return db.selectFrom('sessions').select(['id', 'expires_at']).where('member_id', '=', memberId).where('revoked_at', 'is not', null).where('expires_at', '>', sql<Date>`now()`).execute();
}

export function liveSessionsOf(db: Db, memberId: bigint, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at', 'ip', 'user_agent'])
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Addresses and browsers the member signed in from since `since`. */
export function signInPlacesSince(db: Db, memberId: bigint, since: Date) {
  return db.selectFrom('sessions').select(['ip', 'user_agent']).where('member_id', '=', memberId).where('created_at', '>=', since).execute();
}
