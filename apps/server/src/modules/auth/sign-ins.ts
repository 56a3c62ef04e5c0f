import type { Db } from '../../db/database.js';
import * as repo from './auth.repository.js';

/** Where a member signed in from: the address and the browser of a session. */
export interface SignInPlace {
  ip: string | null;
  user_agent: string | null;
}

/**
 * The auth module's port on sessions for other modules (docs/architecture.md "Modules and the
 * tables each owns"): where a member signed in from, as the invite programme's overlap signals read it.
 */
export interface SignIns {
  /** Every session the member opened since `since`, each with its address and browser. */
  placesSince(db: Db, memberId: bigint, since: Date): Promise<SignInPlace[]>;
}

export function createSignIns(): SignIns {
  return {
    placesSince: (db, memberId, since) => repo.signInPlacesSince(db, memberId, since),
  };
}
