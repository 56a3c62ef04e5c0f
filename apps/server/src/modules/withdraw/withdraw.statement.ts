import type { ReferenceSource, StatementSource } from '../statement/statement-sources.js';
import * as repo from './withdraw.statement.repository.js';

/** Withdrawals on the member's statement. */
export const withdrawalStatement: StatementSource = { type: 'withdraw', entries: repo.withdrawalEntries };

/** A withdrawal found by its reference (W…). */
export const withdrawalReferences: ReferenceSource = { letter: 'W', find: repo.withdrawalByReference };
