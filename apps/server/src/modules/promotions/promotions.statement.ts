import type { RelatedNames, StatementSource } from '../statement/statement-sources.js';
import * as repo from './promotions.statement.repository.js';

/** Rewards paid on the member's statement. */
export const rewardStatement: StatementSource = { type: 'bonus', entries: repo.rewardEntries };

/** Bonuses and promotion codes are offers: their lines name the offer as the operator named it. */
export const offerStatementNames: RelatedNames = { kinds: ['bonus', 'promotion'], names: repo.offerNames };
