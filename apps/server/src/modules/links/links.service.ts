import { MEMBER_LINKS_PER_VALUE } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import * as repo from './links.repository.js';
import { linkedMembers } from './links.rules.js';

/** Addresses and browsers followed per member: the ones used most recently. */
const PLACES = 50;
/** For a risk decision: the member's latest places, and enough members per value to pass any threshold. */
const DECISION_PLACES = 5;
const DECISION_PER_VALUE = 20;

/** How many other members share each kind of value with a member (the risk decision's view of the links). */
export interface SharedCounts {
  device: number;
  address: number;
  bankAccount: number;
  holder: number;
}

/** The other members (ids) behind each of `SharedCounts`. */
export type SharedMembers = { [kind in keyof SharedCounts]: string[] };

/** The members who share a device, an address, a bank account, its holder, a phone or an invite with one member. */
export function createLinkService(deps: { db: Db }) {
  /** Inside the caller's transaction: the other members per kind of shared value, each named once. */
  async function sharedMembers(trx: Db, memberId: bigint): Promise<SharedMembers> {
    const rows = await repo.linksOf(trx, memberId, DECISION_PER_VALUE, DECISION_PLACES);
    const members = (kind: string) => [...new Set(rows.filter((row) => row.kind === kind).map((row) => row.member_id))];
    return { device: members('device'), address: members('address'), bankAccount: members('bank_account'), holder: members('account_holder') };
  }

  return {
    async of(memberId: bigint) {
      const rows = await repo.linksOf(deps.db, memberId, MEMBER_LINKS_PER_VALUE, PLACES);
      if (rows.length === 0 && !(await repo.memberExists(deps.db, memberId))) throw notFound();
      return linkedMembers(rows, String(memberId));
    },

    sharedMembers,
  };
}
export type LinkService = ReturnType<typeof createLinkService>;
