import type { Db } from '../../../db/database.js';

export interface LineLink {
  id: bigint;
  memberId: bigint;
  lineUserId: string;
  following: boolean;
  linkedAt: Date;
}

const toLink = (row: { id: bigint; member_id: bigint; line_user_id: string; following: boolean; linked_at: Date | string }): LineLink => ({
  id: BigInt(row.id),
  memberId: BigInt(row.member_id),
  lineUserId: row.line_user_id,
  following: row.following,
  linkedAt: new Date(row.linked_at),
});

export async function insertState(db: Db, state: { state: string; memberId: bigint; nonce: string; redirectUri: string; createdAt: Date }): Promise<void> {
  await db.insertInto('member_line_link_states').values({ state: state.state, member_id: state.memberId, nonce: state.nonce, redirect_uri: state.redirectUri, created_at: state.createdAt }).execute();
}

/** Removes the state as it is read: a second callback with it finds nothing. */
export async function takeState(db: Db, state: string): Promise<{ memberId: bigint; nonce: string; redirectUri: string; createdAt: Date } | undefined> {
  const row = await db.deleteFrom('member_line_link_states').where('state', '=', state).returningAll().executeTakeFirst();
  return row && { memberId: BigInt(row.member_id), nonce: row.nonce, redirectUri: row.redirect_uri, createdAt: new Date(row.created_at) };
}

export async function forgetStatesBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('member_line_link_states').where('created_at', '<', before).execute();
}

export async function openLinkOfMember(db: Db, memberId: bigint): Promise<LineLink | undefined> {
  const row = await db.selectFrom('member_line_links').selectAll().where('member_id', '=', memberId).where('unlinked_at', 'is', null).executeTakeFirst();
  return row && toLink(row);
}

/** The open link of a LINE account, locked until the transaction ends. */
export async function openLinkOfLineUserForUpdate(db: Db, lineUserId: string): Promise<LineLink | undefined> {
  const row = await db.selectFrom('member_line_links').selectAll().where('line_user_id', '=', lineUserId).where('unlinked_at', 'is', null).forUpdate().executeTakeFirst();
  return row && toLink(row);
}

export async function insertLink(db: Db, link: { memberId: bigint; lineUserId: string; following: boolean; linkedAt: Date }): Promise<void> {
  await db.insertInto('member_line_links').values({ member_id: link.memberId, line_user_id: link.lineUserId, following: link.following, linked_at: link.linkedAt, unlinked_at: null }).execute();
}

export async function setFollowing(db: Db, linkId: bigint, following: boolean): Promise<void> {
  await db.updateTable('member_line_links').set({ following }).where('id', '=', linkId).execute();
}

/** Follow and unfollow come from LINE by userId: the open link of that LINE account, if any. */
export async function setFollowingOfLineUser(db: Db, lineUserId: string, following: boolean): Promise<number> {
  const result = await db.updateTable('member_line_links').set({ following }).where('line_user_id', '=', lineUserId).where('unlinked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function closeOpenLink(db: Db, memberId: bigint, at: Date): Promise<boolean> {
  const result = await db.updateTable('member_line_links').set({ unlinked_at: at }).where('member_id', '=', memberId).where('unlinked_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
