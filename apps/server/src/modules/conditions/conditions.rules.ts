import { type Minor, minor, percentOf } from '@wallet/contract';

/**
 * DESIGN §6 Conditions: a bonus, refund or invite reward records a base (deposit + reward) and two
 * percentages. Past `successTarget` the member may withdraw everything; under `failFloor` the
 * member may end the condition. Shares are floored to the satang: the target never rounds down
 * in the member's favour by more than a satang, the floor never rounds up.
 */
export function successTarget(condition: { base_amount: bigint; success_percent: number }): Minor {
  return percentOf(minor(condition.base_amount), condition.success_percent);
}

export function failFloor(condition: { base_amount: bigint; fail_percent: number }): Minor {
  return percentOf(minor(condition.base_amount), condition.fail_percent);
}

/** What a withdrawal of everything must reach to complete the condition. */
export const meetsSuccessTarget = (total: bigint, condition: { base_amount: bigint; success_percent: number }): boolean => total >= successTarget(condition);
