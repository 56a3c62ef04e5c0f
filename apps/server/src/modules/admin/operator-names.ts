import type { OperatorRole } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import * as repo from './admin.repository.js';

/**
 * The admin module's port on the operators' table for other modules (docs/architecture.md "Tables
 * and their owners"): who proposed, decided or answered, by name, in one query for a whole list.
 */
export interface OperatorNames {
  /** Usernames of the given operators (nulls and repeats are skipped); an id with no operator is absent. */
  usernames(db: Db, ids: ReadonlyArray<bigint | null>): Promise<Map<bigint, string>>;
  /** The id of an active operator with this username, or undefined. */
  activeIdOf(db: Db, username: string): Promise<bigint | undefined>;
  /** The roles of an active operator with this username, or undefined. */
  activeRolesOf(db: Db, username: string): Promise<readonly OperatorRole[] | undefined>;
}

export function createOperatorNames(): OperatorNames {
  return {
    usernames: (db, ids) => repo.usernamesOf(db, [...new Set(ids.filter((id): id is bigint => id !== null))]),
    activeIdOf: async (db, username) => (await repo.findOperatorByName(db, username))?.id,
    activeRolesOf: async (db, username) => (await repo.findOperatorByName(db, username))?.roles,
  };
}
