import { businessRule } from '../../errors.js';
import { RiskBlocked, type RiskService } from './risk.service.js';

/**
 * Runs a movement's transaction (`run`); a block a rule found in it rolled everything back, so its
 * decision is stored after, on its own, for the desk, and the member reads RISK_BLOCKED.
 */
export async function keepingBlocked<T>(risk: Pick<RiskService, 'keepBlocked'>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof RiskBlocked)) throw error;
    await risk.keepBlocked(error);
    throw businessRule('RISK_BLOCKED');
  }
}
