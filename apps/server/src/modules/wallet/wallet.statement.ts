import type { StatementSource } from '../statement/statement-sources.js';
import * as repo from './wallet.statement.repository.js';

/** Transfers between the wallet and a game, on the member's statement. */
export const transferStatement: StatementSource = { type: 'transfer', entries: repo.transferEntries };
