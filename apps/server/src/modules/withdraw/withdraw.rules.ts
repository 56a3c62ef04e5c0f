import { minorOf } from '@wallet/contract';

/**
 * Whether paying out `amount` (minor units) takes two approvals by two operators: above the
 * operator's amount for its currency (in major units; 0 turns the rule off). Refusing never does:
 * it moves the money back to the member, not out.
 */
export function needsSecondApproval(decision: 'SUCCESS' | 'FAILED', amount: bigint, secondApprovalAbove: number): boolean {
  return decision === 'SUCCESS' && secondApprovalAbove > 0 && amount > minorOf(secondApprovalAbove);
}
