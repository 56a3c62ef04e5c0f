import type { Db } from './database.js';
import { AppError } from '../errors.js';

/** A key claimed for one call: refused (409 KEY_INVALID) when the same owner used it for another. */
export interface IdempotencyClaim {
  owner: string;
  key: string;
  fingerprint: string;
}

/** How a statement that claims a key in SQL refuses a key used for another call (migration 046). */
const KEY_USED_ELSEWHERE = 'idempotency_key_same_call';

/** The database refused a key claimed in a statement because the same owner used it for another call. */
export function isKeyUsedElsewhere(error: unknown): boolean {
  return (error as { constraint?: string }).constraint === KEY_USED_ELSEWHERE;
}

/**
 * Records a key's first use, or refuses it when the owner used it for another call (409 KEY_INVALID).
 * Answers whether this is the first use (false: a retry of the same call).
 */
export async function claimIdempotencyKey(db: Db, claim: IdempotencyClaim): Promise<boolean> {
  const { owner, key, fingerprint } = claim;
  const inserted = await db.insertInto('idempotency_keys').values({ owner, key, fingerprint }).onConflict((oc) => oc.columns(['owner', 'key']).doNothing()).returning('key').executeTakeFirst();
  if (inserted) return true;
  const first = await db.selectFrom('idempotency_keys').select('fingerprint').where('owner', '=', owner).where('key', '=', key).executeTakeFirstOrThrow();
  if (first.fingerprint !== fingerprint) throw new AppError('KEY_INVALID', 409);
  return false;
}
