import type { Db } from '../../db/database.js';

export async function hasAccepted(db: Db, memberId: bigint, version: string): Promise<boolean> {
  const row = await db.selectFrom('agreement_acceptances').select('member_id').where('member_id', '=', memberId).where('version', '=', version).executeTakeFirst();
  return row !== undefined;
}

/** Once per member and version: accepting again keeps the first time. */
export async function recordAcceptance(db: Db, memberId: bigint, version: string): Promise<void> {
  await db.insertInto('agreement_acceptances').values({ member_id: memberId, version }).onConflict((conflict) => conflict.columns(['member_id', 'version']).doNothing()).execute();
}
