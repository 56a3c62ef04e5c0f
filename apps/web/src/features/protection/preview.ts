import type { ProtectionLimit, ProtectionStatus } from '@wallet/contract';

const HOUR_MS = 3_600_000;
/** The strict rule never relaxes a limit sooner than this. */
const STRICT_MINIMUM_HOURS = 72;

/**
 * When a change to a limit would take effect, as the server decides it: setting or lowering now
 * (null); raising or removing after the cooling hours, and under the strict rule after at least
 * 72 hours and not before the running period ends.
 */
export function changeAppliesAt(limit: Pick<ProtectionLimit, 'kind' | 'amount' | 'resetsAt'>, wanted: number | null, rules: Pick<ProtectionStatus, 'coolingHours' | 'strict'>, now: number): number | null {
  const tightens = wanted !== null && (limit.amount === null || wanted <= limit.amount);
  if (tightens) return null;
  const cooled = now + rules.coolingHours * HOUR_MS;
  if (!rules.strict) return cooled;
  const strictest = Math.max(cooled, now + STRICT_MINIMUM_HOURS * HOUR_MS);
  return limit.kind === 'session_minutes' || limit.resetsAt === null ? strictest : Math.max(strictest, limit.resetsAt);
}
