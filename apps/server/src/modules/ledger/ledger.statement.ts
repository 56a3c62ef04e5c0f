import { numberOfReference } from '@wallet/contract';
import type { ReferenceSource, StatementSource } from '../statement/statement-sources.js';
import * as repo from './ledger.statement.repository.js';

/**
 * Operators' corrections of a member's wallet are the ledger's adjustments (`kind = 'adjustment'`):
 * on the statement as a withdrawal when they take money back, as a deposit when they credit it.
 */
export const correctionDebitStatement: StatementSource = { type: 'withdraw', entries: repo.correctionDebitEntries };
export const correctionCreditStatement: StatementSource = { type: 'deposit', entries: repo.correctionCreditEntries };

/** A correction found by its reference (C…), which encodes its transfer's id. */
export const correctionReferences: ReferenceSource = { letter: 'C', find: (db, reference) => repo.correctionByTransferId(db, numberOfReference(reference)) };
