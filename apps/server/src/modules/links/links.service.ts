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

/** The members who share a device, an address, a bank account, its holder, a phone or an invite with one member. */
export function createLinkService(deps: { db: Db }) {
  return {
    async of(memberId: bigint) {
      const rows = await repo.linksOf(deps.db, memberId, MEMBER_LINKS_PER_VALUE, PLACES);
      if (rows.length === 0 && !(await repo.memberExists(deps.db, memberId))) throw notFound();
      return linkedMembers(rows, String(memberId));
    },

    /** Inside the caller's transaction: other members per kind of shared value, each counted once. */
    async sharedCounts(trx: Db, memberId: bigint): Promise<SharedCounts> {
      const rows = await repo.linksOf(trx, memberId, DECISION_PER_VALUE, DECISION_PLACES);
      const count = (kind: string) => new Set(rows.filter((row) => row.kind === kind).map((row) => row.member_id)).size;
      return { device: count('device'), address: count('address'), bankAccount: count('bank_account'), holder: count('account_holder') };
    },
  };
}
export type LinkService = ReturnType<typeof createLinkService>;
