import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { IdempotencyClaim } from '../../db/idempotency-keys.js';
import { ACCOUNTS_MISSING, type HoldArguments } from '../ledger/ledger.service.js';

/** beginProviderTransfer's answer for a member no longer active (blocked): nothing was written. */
export const MEMBER_INACTIVE = Symbol('member inactive');

export function listProviders(db: Db) {
  return db.selectFrom('providers').selectAll().where('enabled', '=', true).orderBy('sort_order').execute();
}

export function findProvider(db: Db, code: string) {
  return db.selectFrom('providers').selectAll().where('code', '=', code).where('enabled', '=', true).executeTakeFirst();
}

export function listGameAccounts(db: Db, memberId: bigint) {
  return db.selectFrom('game_accounts').selectAll().where('member_id', '=', memberId).execute();
}

/** The member's game accounts at providers that let the operator end their sessions (enabled or not: a disabled provider may still have a game open). */
export function gameAccountsWithSessionEnds(db: Db, memberId: bigint) {
  return db
    .selectFrom('game_accounts as g')
    .innerJoin('providers as p', 'p.code', 'g.provider_code')
    .select(['g.provider_code', 'g.username'])
    .where('g.member_id', '=', memberId)
    .where('p.ends_sessions', '=', true)
    .orderBy('g.provider_code')
    .execute();
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

/**
 * A transfer's first step in one statement (migrations 042, 046, 048): looks its ledger accounts up
 * by code, claims the call's Idempotency-Key when given, locks and bumps the game account, holds the
 * amount through the ledger's `ledger_post`, records the pending transfer with its hold. Answers the
 * game account's username, undefined when the member has none at this provider, or ACCOUNTS_MISSING
 * (nothing written) when a ledger account is yet to be opened.
 */
/** A transfer to a game the member's break, self-exclusion or limits refused (nothing was written). */
export interface ProtectionRefusal {
  code: 'ON_BREAK' | 'SELF_EXCLUDED' | 'LOSS_LIMIT' | 'TRANSFER_LIMIT' | 'SESSION_TIME_LIMIT';
  limit: string | null;
  until: Date | null;
}

export async function beginProviderTransfer(
  db: Db,
  transfer: { id: string; memberId: bigint; code: string; direction: 'deposit' | 'withdraw'; amount: bigint; credits: bigint; idempotencyKey: string | null; sessionId: string | null },
  hold: HoldArguments,
  claim: IdempotencyClaim | null,
): Promise<string | undefined | typeof ACCOUNTS_MISSING | typeof MEMBER_INACTIVE | ProtectionRefusal> {
  const { rows } = await sql<{
    outcome: 'begun' | 'no_game_account' | 'accounts_missing' | 'member_inactive' | 'protection';
    username: string | null;
    refusal: ProtectionRefusal['code'] | null;
    refusal_limit: string | null;
    refusal_until: Date | null;
  }>`SELECT * FROM provider_transfer_begin(${transfer.id}::uuid,
    ${transfer.memberId}, ${transfer.code}, ${transfer.direction}, ${transfer.amount}, ${transfer.credits}, ${transfer.idempotencyKey}, ${hold.key},
    ${hold.debitCode}, ${hold.viaCode}, ${hold.holdToCode}, ${hold.kind}, ${hold.reference}, ${claim?.owner ?? null}, ${claim?.key ?? null}, ${claim?.fingerprint ?? null}, ${hold.requestId}::text, ${transfer.sessionId}::uuid)`.execute(db);
  const { outcome, username, refusal, refusal_limit: limit, refusal_until: until } = rows[0]!;
  if (outcome === 'protection') return { code: refusal!, limit, until };
  if (outcome === 'accounts_missing') return ACCOUNTS_MISSING;
  if (outcome === 'member_inactive') return MEMBER_INACTIVE;
  return outcome === 'begun' ? username! : undefined;
}

/**
 * Settles a pending transfer in one statement (migration 042): bumps the game account (its cached
 * credits to `credits` when given), marks the transfer settled only while pending, resolves its hold
 * through the ledger's `ledger_resolve`. Answers the transfer's status afterwards (an earlier
 * settler's outcome when it came first), undefined for an unknown id.
 */
export async function settleProviderTransfer(
  db: Db,
  settlement: {
    id: string;
    memberId: bigint;
    code: string;
    status: 'posted' | 'voided';
    reason: string | null;
    credits: bigint | null;
    resolution: { key: string; kind: string; reference: string };
    /** The request or job run that settles it, recorded on the resolving transfer. */
    requestId: string | null;
  },
): Promise<'pending' | 'posted' | 'voided' | undefined> {
  const { resolution } = settlement;
  const { rows } = await sql<{ status: 'pending' | 'posted' | 'voided' | null }>`SELECT provider_transfer_settle(${settlement.id}::uuid, ${settlement.memberId},
    ${settlement.code}, ${settlement.status}, ${settlement.reason}, ${settlement.credits}::bigint, ${resolution.key}, ${resolution.kind},
    ${resolution.reference}, ${settlement.requestId}::text) AS status`.execute(db);
  return rows[0]?.status ?? undefined;
}

export function findProviderTransfer(db: Db, id: string) {
  return db.selectFrom('provider_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findProviderTransferByKey(db: Db, memberId: bigint, key: string) {
  return db.selectFrom('provider_transfers').selectAll().where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();
}

export async function countAttempt(db: Db, id: string): Promise<void> {
  await db.updateTable('provider_transfers').set({ attempts: sql`attempts + 1` }).where('id', '=', id).execute();
}

/**
 * The member's money on its way to or from a game (transfers still pending), as a scalar subquery a
 * caller puts in its own statement: read with other owners' figures, all come from one snapshot.
 */
export function inFlightSubquery(memberId: bigint) {
  return sql<string>`(SELECT coalesce(sum(amount), 0) FROM provider_transfers WHERE member_id = ${memberId} AND status = 'pending')`;
}

/** Every transfer to or from a game not yet settled, with the ledger hold that keeps its money. */
export function pendingHolds(db: Db) {
  return db.selectFrom('provider_transfers').select(['id', 'hold_id', 'amount']).where('status', '=', 'pending').execute();
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

export function findProviderArt(db: Db, code: string) {
  return db.selectFrom('providers').select(['logo', 'background']).where('code', '=', code).executeTakeFirst();
}

/** Transfers to or from a provider whose outcome is not settled yet, and when the oldest began. */
export async function pendingTransfers(db: Db): Promise<{ open: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('provider_transfers')
    .select((eb) => [eb.fn.countAll<string>().as('open'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), oldest: row.oldest ? new Date(row.oldest) : null };
}
