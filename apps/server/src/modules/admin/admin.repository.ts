import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export function findOperatorByName(db: Db, username: string) {
  return db.selectFrom('admin_users').select(['id', 'password_hash', 'role']).where('username', '=', username).executeTakeFirst();
}

export async function createOperatorSession(
  db: Db,
  session: { adminId: bigint; expiresAt: Date; ip: string; userAgent: string | null },
): Promise<string> {
  const row = await db
    .insertInto('admin_sessions')
    .values({ admin_id: session.adminId, expires_at: session.expiresAt, ip: session.ip, user_agent: session.userAgent })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findLiveOperatorSession(db: Db, sessionId: string, now: Date) {
  return db
    .selectFrom('admin_sessions')
    .innerJoin('admin_users', 'admin_users.id', 'admin_sessions.admin_id')
    .select(['admin_users.id', 'admin_users.username', 'admin_users.role'])
    .where('admin_sessions.id', '=', sql<string>`${sessionId}::uuid`)
    .where('admin_sessions.revoked_at', 'is', null)
    .where('admin_sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** The operator's sessions still in force, newest first. */
export function listLiveOperatorSessions(db: Db, adminId: bigint, now: Date) {
  return db
    .selectFrom('admin_sessions')
    .select(['id', 'created_at', 'expires_at', 'ip', 'user_agent'])
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Revokes one of the operator's own live sessions; answers false when there was none such. */
export async function revokeOperatorSession(db: Db, adminId: bigint, sessionId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function anyOperatorExists(db: Db): Promise<boolean> {
  return (await db.selectFrom('admin_users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function insertOperatorIfAbsent(db: Db, operator: { username: string; passwordHash: string; role: 'admin' | 'finance' | 'support' }): Promise<void> {
  await db
    .insertInto('admin_users')
    .values({ username: operator.username, password_hash: operator.passwordHash, role: operator.role })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
}
