import { describe, expect, it } from 'vitest';
import { type AutoPayoutFacts, autoPayoutReasons } from './auto-payout.rules.js';

const allowed: AutoPayoutFacts = {
  amount: 100_000n,
  max: 200_000n,
  paused: false,
  payoutAccount: '4061234567',
  toRegisteredAccount: true,
  payeeBankKnown: true,
  heldForReview: false,
  restricted: false,
  needsOperators: false,
};

describe('auto-payout rules', () => {
  it('pays by itself only when every check allows', () => {
    expect(autoPayoutReasons(allowed)).toEqual([]);
    expect(autoPayoutReasons({ ...allowed, amount: 200_000n })).toEqual([]);
  });

  it.each([
    ['paused', { paused: true }],
    ['no_payout_account', { payoutAccount: null }],
    ['above_limit', { amount: 200_001n }],
    ['not_registered_account', { toRegisteredAccount: false }],
    ['bank_unsupported', { payeeBankKnown: false }],
    ['risk_review', { heldForReview: true }],
    ['protection', { restricted: true }],
    ['second_approval', { needsOperators: true }],
  ] as const)('leaves it to operators for %s alone', (reason, change) => {
    expect(autoPayoutReasons({ ...allowed, ...change })).toEqual([reason]);
  });

  it('is off when the amount is 0, whatever else holds, and names every reason that applies', () => {
    expect(autoPayoutReasons({ ...allowed, max: 0n, paused: true })).toEqual(['off']);
    expect(autoPayoutReasons({ ...allowed, paused: true, restricted: true, amount: 300_000n })).toEqual(['paused', 'above_limit', 'protection']);
  });
});
