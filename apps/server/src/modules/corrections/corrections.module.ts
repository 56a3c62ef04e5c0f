import type { Core } from '../../core.js';
import { correctionCreditStatement, correctionDebitStatement, correctionReferences } from '../ledger/ledger.statement.js';
import type { Statement } from '../statement/statement-sources.js';
import { registerCorrectionRoutes } from './corrections.routes.js';
import { createCorrectionService } from './corrections.service.js';

/**
 * Operators' money corrections to members' wallets, each decided by a second operator. What they
 * post are the ledger's adjustments, which the member's statement lists from the ledger.
 */
export function registerCorrectionModule(core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'ledger' | 'members' | 'operatorNames'>, uses: { statement: Pick<Statement, 'addSource' | 'addReferences'> }) {
  const corrections = createCorrectionService(core);
  registerCorrectionRoutes(core.app, corrections);
  uses.statement.addSource(correctionDebitStatement);
  uses.statement.addSource(correctionCreditStatement);
  uses.statement.addReferences(correctionReferences);
  return corrections;
}
