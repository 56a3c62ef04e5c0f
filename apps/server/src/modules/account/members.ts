import { type CurrencyCode, walletCurrencyOf } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import * as repo from './account.repository.js';

export type MemberRow = NonNullable<Awaited<ReturnType<typeof repo.findMemberRow>>>;

/**
 * The account module's port on the members table for other modules (docs/architecture.md "Tables
 * and their owners"): the lock every change to a member takes first, and what they read of the row.
 */
export interface Members {
  /** Locks the member's row (the ledger README's first lock) and answers it; undefined for no such member. */
  lock(trx: Db, memberId: bigint): Promise<MemberRow | undefined>;
  find(db: Db, memberId: bigint): Promise<MemberRow | undefined>;
  /** The currency of the member's wallet as the ledger holds it (a Laos build's BAHT wallet is THB). */
  walletCurrency(db: Db, memberId: bigint): Promise<CurrencyCode | undefined>;
  /** Many members' rows in one query (a page of items and their members), by id; unknown ids are absent. */
  findMany(db: Db, memberIds: readonly bigint[]): Promise<Map<bigint, MemberRow>>;
  /** The member registered with this phone (phones are unique). */
  findByPhone(db: Db, phone: string): Promise<MemberRow | undefined>;
  /** How many members registered with this member's invite code. */
  inviteeCount(db: Db, inviterId: bigint): Promise<number>;
}

export function createMembers(): Members {
  return {
    lock: (trx, memberId) => repo.lockMember(trx, memberId),
    find: (db, memberId) => repo.findMemberRow(db, memberId),
    async walletCurrency(db, memberId) {
      const row = await repo.findMemberRow(db, memberId);
      return row ? walletCurrencyOf(row.currency) : undefined;
    },
    async findMany(db, memberIds) {
      return new Map((await repo.findMemberRows(db, memberIds)).map((row) => [row.id, row]));
    },
    findByPhone: (db, phone) => repo.findMemberRowByPhone(db, phone),
    inviteeCount: (db, inviterId) => repo.inviteeCount(db, inviterId),
  };
}
