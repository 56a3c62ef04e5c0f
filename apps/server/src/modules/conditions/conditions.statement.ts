import type { StatementSource } from '../statement/statement-sources.js';
import * as repo from './conditions.statement.repository.js';

/** Ended conditions on the member's statement, under the bonus filter (`finish_bonus` lines). */
export const endedConditionStatement: StatementSource = { type: 'bonus', entries: repo.endedConditionEntries };
