import { type CurrencyCode, walletCurrencyOf } from '@wallet/contract';
import QuickLRU from 'quick-lru';
import type { Db } from '../../db/database.js';
import * as repo from './account.repository.js';

export type MemberRow = NonNullable<Awaited<ReturnType<typeof repo.findMemberRow>>>;

/** What never changes once a member is registered: the phone they registered with, the wallet's currency and who invited them. */
export interface RegisteredMember {
  phone: string;
  currency: MemberRow['currency'];
  inviterId: bigint | null;
}

/**
 * Members whose registered facts a node keeps (about 150 bytes each): the cache holds between this
 * many and twice as many, the most recently read.
 */
const REGISTERED_KEPT = 50_000;

/**
 * The account module's port on the members table for other modules (docs/architecture.md "Tables
 * and their owners"): the lock every change to a member takes first, and what they read of the row.
 */
export interface Members {
  /** Locks the member's row (the ledger README's first lock) and answers it; undefined for no such member. */
  lock(trx: Db, memberId: bigint): Promise<MemberRow | undefined>;
  find(db: Db, memberId: bigint): Promise<MemberRow | undefined>;
  /**
   * The member's registered facts, undefined for no such member. Kept by the node once read: no
   * column of them is ever updated and a member is never deleted, so a deposit's handlers (risk,
   * notices) do not each read the row again.
   */
  registered(db: Db, memberId: bigint): Promise<RegisteredMember | undefined>;
  /** The currency of the member's wallet as the ledger holds it (a Laos build's BAHT wallet is THB); kept as `registered` is. */
  walletCurrency(db: Db, memberId: bigint): Promise<CurrencyCode | undefined>;
  /** What signing in checks: the member with this phone, their password hash, status and currency. */
  credentials(db: Db, phone: string): Promise<MemberCredentials | undefined>;
  /** A new password, in the caller's transaction (a reset by code). */
  setPasswordHash(db: Db, memberId: bigint, passwordHash: string): Promise<void>;
  /** Every member who may not sign in (blocked), for the sessions' revocation list. */
  inactiveIds(db: Db): Promise<bigint[]>;
  /** Many members' rows in one query (a page of items and their members), by id; unknown ids are absent. */
  findMany(db: Db, memberIds: readonly bigint[]): Promise<Map<bigint, MemberRow>>;
  /** The member registered with this phone (phones are unique). */
  findByPhone(db: Db, phone: string): Promise<MemberRow | undefined>;
  /** The members whose registered account could have sent a bank transfer (whole or masked number, holder name), at most `limit`. */
  bySender(db: Db, sender: { bankCode: string; account: string; name: string | null }, limit: number): Promise<MemberRow[]>;
  /** How many members registered with this member's invite code. */
  inviteeCount(db: Db, inviterId: bigint): Promise<number>;
  /** Blocks or unblocks the member, in the caller's transaction (which holds the member's lock); the sessions are told after it commits. */
  setStatus(trx: Db, memberId: bigint, status: 'active' | 'blocked'): Promise<void>;
}

export type MemberCredentials = NonNullable<Awaited<ReturnType<typeof repo.credentialsOf>>>;

export function createMembers(): Members {
  const registered = new QuickLRU<bigint, RegisteredMember>({ maxSize: REGISTERED_KEPT });
  const remember = (row: MemberRow | undefined) => {
    if (row) registered.set(row.id, { phone: row.phone, currency: row.currency, inviterId: row.inviter_id });
    return row;
  };
  async function registeredMember(db: Db, memberId: bigint): Promise<RegisteredMember | undefined> {
    if (!registered.has(memberId)) remember(await repo.findMemberRow(db, memberId));
    return registered.get(memberId);
  }
  return {
    lock: (trx, memberId) => repo.lockMember(trx, memberId),
    find: async (db, memberId) => remember(await repo.findMemberRow(db, memberId)),
    registered: registeredMember,
    credentials: (db, phone) => repo.credentialsOf(db, phone),
    setPasswordHash: (db, memberId, passwordHash) => repo.setPasswordHash(db, memberId, passwordHash),
    inactiveIds: (db) => repo.inactiveMemberIds(db),
    async walletCurrency(db, memberId) {
      const member = await registeredMember(db, memberId);
      return member ? walletCurrencyOf(member.currency) : undefined;
    },
    async findMany(db, memberIds) {
      return new Map((await repo.findMemberRows(db, memberIds)).map((row) => [row.id, row]));
    },
    findByPhone: (db, phone) => repo.findMemberRowByPhone(db, phone),
    bySender: (db, sender, limit) => repo.findMemberRowsBySender(db, sender, limit),
    inviteeCount: (db, inviterId) => repo.inviteeCount(db, inviterId),
    setStatus: (trx, memberId, status) => repo.setMemberStatus(trx, memberId, status),
  };
}
