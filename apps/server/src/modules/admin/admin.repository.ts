import { sql } from 'kysely';
import type { OperatorRole } from '@wallet/contract';
import type { Db } from '../../db/database.js';

const operatorColumns = ['id', 'username', 'roles', 'disabled_at', 'totp_enabled_at', 'created_at'] as const;

/** An operator who may sign in: disabled ones are not found. */
export function findOperatorByName(db: Db, username: string) {
  return db
    .selectFrom('admin_users')
    .select(['id', 'password_hash', 'roles', 'totp_secret', 'totp_enabled_at'])
    .where('username', '=', username)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
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
    .select(['admin_users.id', 'admin_users.username', 'admin_users.roles', 'admin_users.totp_enabled_at'])
    .where('admin_sessions.id', '=', sql<string>`${sessionId}::uuid`)
    .where('admin_users.disabled_at', 'is', null)
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

/** The new operator's id, or undefined when the name is taken. */
export async function insertOperatorIfAbsent(
  db: Db,
  operator: { username: string; passwordHash: string; roles: OperatorRole[]; createdBy?: bigint },
): Promise<bigint | undefined> {
  const row = await db
    .insertInto('admin_users')
    .values({ username: operator.username, password_hash: operator.passwordHash, roles: operator.roles, created_by: operator.createdBy ?? null })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function listOperators(db: Db) {
  return db.selectFrom('admin_users').select(operatorColumns).orderBy('username').execute();
}

export function lockOperator(db: Db, id: bigint) {
  return db.selectFrom('admin_users').select(operatorColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findOperator(db: Db, id: bigint) {
  return db.selectFrom('admin_users').select(operatorColumns).where('id', '=', id).executeTakeFirst();
}

/** Active admins other than `except`, with the table locked against a concurrent change of roles. */
export async function otherActiveAdmins(db: Db, except: bigint): Promise<number> {
  const rows = await db
    .selectFrom('admin_users')
    .select('id')
    .where('id', '!=', except)
    .where('disabled_at', 'is', null)
    .where(sql<boolean>`'admin' = ANY(roles)`)
    .forUpdate()
    .execute();
  return rows.length;
}

export function updateOperator(
  db: Db,
  id: bigint,
  change: { roles?: OperatorRole[]; disabledAt?: Date | null; passwordHash?: string; clearSecondFactor?: boolean },
) {
  return db
    .updateTable('admin_users')
    .set({
      ...(change.roles ? { roles: change.roles } : {}),
      ...(change.disabledAt !== undefined ? { disabled_at: change.disabledAt } : {}),
      ...(change.passwordHash ? { password_hash: change.passwordHash } : {}),
      ...(change.clearSecondFactor ? { totp_secret: null, totp_enabled_at: null, totp_last_step: null } : {}),
    })
    .where('id', '=', id)
    .returning(operatorColumns)
    .executeTakeFirstOrThrow();
}

export async function revokeAllOperatorSessions(db: Db, adminId: bigint, now: Date): Promise<void> {
  await db.updateTable('admin_sessions').set({ revoked_at: now }).where('admin_id', '=', adminId).where('revoked_at', 'is', null).execute();
}

export function totpOf(db: Db, adminId: bigint) {
  return db.selectFrom('admin_users').select(['totp_secret', 'totp_enabled_at']).where('id', '=', adminId).executeTakeFirstOrThrow();
}

/** A new, not yet enabled secret; refused (false) while one is enabled. */
export async function setPendingTotp(db: Db, adminId: bigint, sealedSecret: string): Promise<boolean> {
  const result = await db
    .updateTable('admin_users')
    .set({ totp_secret: sealedSecret, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', adminId)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes a code's time step: false when a code of this step (or a later one) was taken before, so
 * a code overheard or replayed signs in nobody.
 */
export async function takeTotpStep(db: Db, adminId: bigint, step: number): Promise<boolean> {
  const result = await db
    .updateTable('admin_users')
    .set({ totp_last_step: BigInt(step) })
    .where('id', '=', adminId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function enableTotp(db: Db, adminId: bigint, at: Date, recoveryCodeHashes: string[]): Promise<void> {
  await db.updateTable('admin_users').set({ totp_enabled_at: at }).where('id', '=', adminId).execute();
  await db.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  await db
    .insertInto('admin_recovery_codes')
    .values(recoveryCodeHashes.map((code_hash) => ({ admin_id: adminId, code_hash })))
    .execute();
}

export async function disableTotp(db: Db, adminId: bigint): Promise<void> {
  await db.updateTable('admin_users').set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where('id', '=', adminId).execute();
  await db.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
}

/** Uses a recovery code once; false when it is unknown or used. */
export async function useRecoveryCode(db: Db, adminId: bigint, codeHash: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: at })
    .where('admin_id', '=', adminId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Operators' usernames by id, for lists that name who proposed, decided or answered. */
export async function usernamesOf(db: Db, ids: bigint[]): Promise<Map<bigint, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('admin_users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}
