import { describe, expect, it } from 'vitest';
import { needsSecondApproval } from './withdraw.rules.js';

describe('a payout’s second approval', () => {
  it('is needed strictly above the operator’s amount', () => {
    expect(needsSecondApproval('SUCCESS', 5_000_000n, 50_000)).toBe(false);
    expect(needsSecondApproval('SUCCESS', 5_000_001n, 50_000)).toBe(true);
  });
  it('is never needed to refuse, nor when the amount is 0 (the rule off)', () => {
    expect(needsSecondApproval('FAILED', 9_000_000n, 50_000)).toBe(false);
    expect(needsSecondApproval('SUCCESS', 9_000_000n, 0)).toBe(false);
  });
});
