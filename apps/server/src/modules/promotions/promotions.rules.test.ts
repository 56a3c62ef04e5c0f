import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accrualAboveItsRate, claimPeriod, claimsInPeriod, inviteVerdict, isOfferedTo, refundOwed, rewardFor, sameAccountName } from './promotions.rules.js';

describe('what is on offer to a member', () => {
  const at = new Date('2026-11-27T10:00:00Z');
  const offer = { kind: 'bonus' as const, status: 'active' as const, currency: 'THB' as const, starts_at: null, ends_at: null };
  it('is an active offer of the kind asked, for the wallets of the member’s currency, inside its window', () => {
    expect(isOfferedTo(offer, 'THB', 'bonus', at)).toBe(true);
    expect(isOfferedTo(offer, 'LAK', 'bonus', at)).toBe(false);
    expect(isOfferedTo(offer, 'THB', 'promotion', at)).toBe(false);
    expect(isOfferedTo({ ...offer, status: 'paused' }, 'THB', 'bonus', at)).toBe(false);
    expect(isOfferedTo({ ...offer, status: 'retired' }, 'THB', 'bonus', at)).toBe(false);
  });
  it('starts at its start and is over at its end', () => {
    expect(isOfferedTo({ ...offer, starts_at: at }, 'THB', 'bonus', at)).toBe(true);
    expect(isOfferedTo({ ...offer, starts_at: new Date(at.getTime() + 1) }, 'THB', 'bonus', at)).toBe(false);
    expect(isOfferedTo({ ...offer, ends_at: new Date(at.getTime() + 1) }, 'THB', 'bonus', at)).toBe(true);
    expect(isOfferedTo({ ...offer, ends_at: at }, 'THB', 'bonus', at)).toBe(false);
  });
});

describe('claim periods in Bangkok time', () => {
  it('a claim at 23:59 and one at 00:00 Bangkok fall on different days', () => {
    expect(claimPeriod(new Date('2026-11-25T16:59:59Z')).day).toBe('2026-11-25');
    expect(claimPeriod(new Date('2026-11-25T17:00:00Z')).day).toBe('2026-11-26');
  });

  it('ISO weeks start on Monday in Bangkok, and the week-year may be the next calendar year', () => {
    // Sunday 29 Nov 2026 23:30 Bangkok is week 48; Monday 00:30 is week 49.
    expect(claimPeriod(new Date('2026-11-29T16:30:00Z')).week).toBe('2026-W48');
    expect(claimPeriod(new Date('2026-11-29T17:30:00Z')).week).toBe('2026-W49');
    // 31 Dec 2024 is in ISO week 1 of 2025; 1 Jan 2027 is in week 53 of 2026.
    expect(claimPeriod(new Date('2024-12-31T05:00:00Z')).week).toBe('2025-W01');
    expect(claimPeriod(new Date('2027-01-01T05:00:00Z')).week).toBe('2026-W53');
  });

  it('counts all claims, today’s, or this week’s by bonus type', () => {
    const claims = [
      { claim_day: '2026-11-23', claim_week: '2026-W48' },
      { claim_day: '2026-11-25', claim_week: '2026-W48' },
      { claim_day: '2026-11-30', claim_week: '2026-W49' },
    ];
    const period = { day: '2026-11-30', week: '2026-W49' };
    expect(claimsInPeriod('limit', claims, period)).toHaveLength(3);
    expect(claimsInPeriod('day', claims, period)).toHaveLength(1);
    expect(claimsInPeriod('week', claims, { day: '2026-11-25', week: '2026-W48' })).toHaveLength(2);
  });
});

describe('rewards', () => {
  it('pays a capped, floored share of the deposit, or a fixed amount', () => {
    const share = { reward_mode: 'share' as const, reward_percent: 50, reward_amount: null, reward_cap: 30_000n };
    expect(rewardFor(share, 10_001n)).toBe(5_000n);
    expect(rewardFor(share, 100_000n)).toBe(30_000n);
    expect(rewardFor({ reward_mode: 'fixed', reward_percent: null, reward_amount: 5_000n, reward_cap: null }, 0n)).toBe(5_000n);
  });

  it('never pays a share above the cap or above the deposit at 100 % or less', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000_000n }), fc.integer({ min: 1, max: 100 }), fc.bigInt({ min: 1n, max: 1_000_000n }), (deposit, percent, cap) => {
        const paid = rewardFor({ reward_mode: 'share', reward_percent: percent, reward_amount: null, reward_cap: cap }, deposit);
        expect(paid <= cap && paid <= deposit && paid >= 0n).toBe(true);
      }),
    );
  });

  it('refunds the rate of the loss since the last refund, nothing after a win', () => {
    expect(refundOwed(50_000n, 20_000n, 5)).toEqual({ netLoss: 30_000n, amount: 1_500n });
    expect(refundOwed(10_000n, 20_000n, 5)).toEqual({ netLoss: 0n, amount: 0n });
  });
});

describe('invite overlap', () => {
  it('refuses clear overlaps and sends the rest to an operator', () => {
    expect(inviteVerdict([])).toBe('accrued');
    expect(inviteVerdict(['same_address'])).toBe('review');
    expect(inviteVerdict(['same_device', 'same_address'])).toBe('review');
    expect(inviteVerdict(['same_account_name', 'same_address'])).toBe('refused');
  });

  it('compares account names as a bank prints them', () => {
    expect(sameAccountName('MR  Somchai  Jaidee', 'SOMCHAI JAIDEE')).toBe(true);
    expect(sameAccountName('SOMCHAI JAIDEE', 'SOMSAK JAIDEE')).toBe(false);
    expect(sameAccountName('', '')).toBe(false);
  });
});

describe('an invite accrual against its rate', () => {
  it('may be at most its recorded rate of the deposit, to the hundredth of a percent', () => {
    expect(accrualAboveItsRate(5_000n, 100_000n, '5')).toBe(false);
    expect(accrualAboveItsRate(5_001n, 100_000n, '5.00')).toBe(true);
    expect(accrualAboveItsRate(1_250n, 10_000n, '12.5')).toBe(false);
    expect(accrualAboveItsRate(1_251n, 10_000n, '12.50')).toBe(true);
    expect(accrualAboveItsRate(3n, 1_000n, '0.25')).toBe(true);
  });
  it('reads no recorded rate as the whole deposit', () => {
    expect(accrualAboveItsRate(100_000n, 100_000n, null)).toBe(false);
    expect(accrualAboveItsRate(100_001n, 100_000n, null)).toBe(true);
  });
});
