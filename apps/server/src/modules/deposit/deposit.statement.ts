import type { ReferenceSource, StatementSource } from '../statement/statement-sources.js';
import * as repo from './deposit.statement.repository.js';

/** Credited deposits on the member's statement, by every method. */
export const depositStatement: StatementSource = { type: 'deposit', entries: repo.depositEntries };

/** Manual notices on the member's statement while they wait or once refused. */
export const noticeStatement: StatementSource = { type: 'deposit', entries: repo.noticeEntries };

/** A deposit or a notice found by its reference (D…). */
export const depositReferences: ReferenceSource = { letter: 'D', find: repo.depositByReference };
