import type { Db } from '../../db/database.js';
import * as repo from './lookup.repository.js';

/**
 * The lookup module's port on banks for other modules (docs/architecture.md "Modules and the tables
 * each owns"): the code a bank's slips name it by, which a slip's sending bank is matched against.
 */
export interface SlipCodes {
  /** The bank's slip code, enabled or not; null when its slips name none, undefined for no such bank. */
  ofBank(db: Db, bankCode: string): Promise<string | null | undefined>;
}

/** Banks are reference data, written only as a node starts (seeded): a bank's slip code, once read, is kept. */
export function createSlipCodes(): SlipCodes {
  const known = new Map<string, string | null>();
  return {
    async ofBank(db, bankCode) {
      if (known.has(bankCode)) return known.get(bankCode);
      const slipCode = await repo.slipCodeOf(db, bankCode);
      if (slipCode !== undefined) known.set(bankCode, slipCode);
      return slipCode;
    },
  };
}
