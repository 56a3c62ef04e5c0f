import { sql } from 'kysely';
import type { Db } from './database.js';
import { raisedRefusal } from './refusals.js';

/** A key claimed for one call: refused (409 KEY_INVALID) when the same owner used it for another. */
export interface IdempotencyClaim {
  owner: string;
  key: string;
  fingerprint: string;
}

/**
 * Records a key's first use, or refuses it when the owner used it for another call (409 KEY_INVALID).
 * Answers whether this is the first use (false: a retry of the same call). The rule is the database
 * function `idempotency_key_claim`, which a provider transfer also calls inside its own statement.
 */
export async function claimIdempotencyKey(db: Db, claim: IdempotencyClaim): Promise<boolean> {
  const { owner, key, fingerprint } = claim;
  try {
    const { rows } = await sql<{ first: boolean }>`select idempotency_key_claim(${owner}, ${key}, ${fingerprint}) as first`.execute(db);
    return rows[0]!.first;
  } catch (error) {
    throw raisedRefusal(error) ?? error;
  }
}
