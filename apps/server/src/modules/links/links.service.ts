import { MEMBER_LINKS_PER_VALUE } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import * as repo from './links.repository.js';
import { linkedMembers } from './links.rules.js';

/** Addresses and browsers followed per member: the ones used most recently. */
const PLACES = 50;

/** The members who share a device, an address, a bank account, its holder, a phone or an invite with one member. */
export function createLinkService(deps: { db: Db }) {
  return {
    async of(memberId: bigint) {
      const rows = await repo.linksOf(deps.db, memberId, MEMBER_LINKS_PER_VALUE, PLACES);
      if (rows.length === 0 && !(await repo.memberExists(deps.db, memberId))) throw notFound();
      return linkedMembers(rows, String(memberId));
    },
  };
}
export type LinkService = ReturnType<typeof createLinkService>;
