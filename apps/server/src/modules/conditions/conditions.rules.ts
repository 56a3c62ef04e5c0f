import { type Minor, minor, percentOf } from '@wallet/contract';

/**
 * DESIGN §6 Conditions: a reward records a base (everything the member held once it was paid) and
 * two percentages. Past the target the member may withdraw; under the floor the member may end the
 * condition. Deposits credited while it holds are the member's own: they raise the target and the
 * floor by their amount, so they never count toward either, and ending never takes them. Shares are
 * floored to the satang: the target never rounds down in the member's favour by more than a satang,
 * the floor never rounds up.
 */
export interface ConditionTerms {
  base_amount: bigint;
  success_percent: number;
  fail_percent: number;
}

export function successTarget(condition: ConditionTerms, ownDeposits = 0n): Minor {
  return minor(percentOf(minor(condition.base_amount), condition.success_percent) + ownDeposits);
}

export function failFloor(condition: ConditionTerms, ownDeposits = 0n): Minor {
  return minor(percentOf(minor(condition.base_amount), condition.fail_percent) + ownDeposits);
}

/** What a withdrawal must leave the total at (with what it takes) to complete the condition. */
export const meetsSuccessTarget = (total: bigint, condition: ConditionTerms, ownDeposits = 0n): boolean => total >= successTarget(condition, ownDeposits);

/** Whether the member may end the condition now: wallet and games together under the floor. */
export const mayEnd = (total: bigint, condition: ConditionTerms, ownDeposits = 0n): boolean => total < failFloor(condition, ownDeposits);

/**
 * What ending takes back to the reward's account: what is left under the condition (the total less
 * the member's own deposits), at most the reward, or nothing, as the terms say.
 */
export function clearedOnEnd(total: bigint, condition: { clear_mode: 'remaining' | 'reward' | 'none'; reward_amount: bigint }, ownDeposits = 0n): Minor {
  const underCondition = total > ownDeposits ? total - ownDeposits : 0n;
  if (condition.clear_mode === 'remaining') return minor(underCondition);
  if (condition.clear_mode === 'reward') return rewardStillHeld(total, condition, ownDeposits);
  return minor(0n);
}

/** The reward not yet played away: what is left under the condition, at most the reward. An operator's ending takes it back. */
export function rewardStillHeld(total: bigint, condition: { reward_amount: bigint }, ownDeposits = 0n): Minor {
  const underCondition = total > ownDeposits ? total - ownDeposits : 0n;
  return minor(underCondition < condition.reward_amount ? underCondition : condition.reward_amount);
}
