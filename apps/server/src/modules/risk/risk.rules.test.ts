import { describe, expect, it } from 'vitest';
import { type Movement, RULES, type RiskInputs, type RuleVersion, decide, ruleByCode } from './risk.rules.js';

const HOUR = 3600;
const DAY = 24 * HOUR;
const baht = (amount: number) => amount * 100;

/** A member with an ordinary history: one deposit a day ago, played through, nothing shared. */
function inputs(movement: Movement, amount: number, changes: Partial<RiskInputs> = {}): RiskInputs {
  return {
    movement,
    amount: baht(amount),
    currency: 'THB',
    deposits: [{ amount: baht(1_000), ageSeconds: DAY }],
    withdrawals: [],
    staked: [{ amount: baht(1_000), ageSeconds: DAY - 60 }],
    largest90Days: baht(1_000),
    idleSeconds: HOUR,
    shared: { device: 0, address: 0, bankAccount: 0, holder: 0 },
    holderIsMember: true,
    condition: null,
    invite: null,
    depositsUnderReview: 0,
    rewardsUnderReview: 0,
    bankChangesUnderReview: 0,
    rewards: [],
    bankChangedSeconds: null,
    sharedClaiming: movement === 'reward' ? { device: 0, address: 0, bankAccount: 0, holder: 0 } : null,
    releasedBlock: false,
    ...changes,
  };
}

const active = (code: string, version = 1): RuleVersion => ({ code, version, mode: 'active', params: ruleByCode(code)!.defaults });
const fires = (code: string, history: RiskInputs) => ruleByCode(code)!.fires(history, ruleByCode(code)!.defaults) !== null;
const times = (count: number, amount: number, everySeconds: number) => Array.from({ length: count }, (_, index) => ({ amount: baht(amount), ageSeconds: (index + 1) * everySeconds }));

/** Each rule with a history that fires it and one, as close as can be, that does not. */
const CASES: Record<string, { fires: RiskInputs; holds: RiskInputs }> = {
  deposit_velocity: {
    fires: inputs('deposit', 500, { deposits: times(10, 500, 300) }),
    holds: inputs('deposit', 500, { deposits: times(9, 500, 300) }),
  },
  withdrawal_velocity: {
    fires: inputs('withdrawal', 500, { withdrawals: times(3, 500, HOUR) }),
    holds: inputs('withdrawal', 500, { withdrawals: [...times(2, 500, HOUR), { amount: baht(500), ageSeconds: 25 * HOUR }] }),
  },
  structuring: {
    fires: inputs('deposit', 95_000, { deposits: times(2, 99_000, 2 * HOUR) }),
    holds: inputs('deposit', 95_000, { deposits: [{ amount: baht(99_000), ageSeconds: 2 * HOUR }, { amount: baht(80_000), ageSeconds: 3 * HOUR }] }),
  },
  cash_in_cash_out: {
    fires: inputs('withdrawal', 4_000, { deposits: [{ amount: baht(5_000), ageSeconds: HOUR }], staked: [{ amount: baht(1_000), ageSeconds: HOUR / 2 }] }),
    holds: inputs('withdrawal', 4_000, { deposits: [{ amount: baht(5_000), ageSeconds: HOUR }], staked: [{ amount: baht(1_500), ageSeconds: HOUR / 2 }] }),
  },
  closed_loop: {
    fires: inputs('withdrawal', 500, { holderIsMember: false }),
    holds: inputs('withdrawal', 500),
  },
  shared_device: {
    fires: inputs('withdrawal', 500, { shared: { device: 2, address: 2, bankAccount: 0, holder: 0 } }),
    holds: inputs('withdrawal', 500, { shared: { device: 1, address: 2, bankAccount: 0, holder: 0 } }),
  },
  shared_bank_account: {
    fires: inputs('withdrawal', 500, { shared: { device: 0, address: 0, bankAccount: 1, holder: 0 } }),
    holds: inputs('withdrawal', 500),
  },
  shared_address: {
    fires: inputs('withdrawal', 500, { shared: { device: 0, address: 5, bankAccount: 0, holder: 0 } }),
    holds: inputs('withdrawal', 500, { shared: { device: 0, address: 4, bankAccount: 0, holder: 0 } }),
  },
  shared_holder: {
    fires: inputs('withdrawal', 500, { shared: { device: 0, address: 0, bankAccount: 0, holder: 1 } }),
    holds: inputs('withdrawal', 500),
  },
  dormant_wake: {
    fires: inputs('withdrawal', 20_000, { idleSeconds: 91 * DAY, largest90Days: 0 }),
    holds: inputs('withdrawal', 20_000, { idleSeconds: 89 * DAY, largest90Days: 0 }),
  },
  above_history: {
    fires: inputs('deposit', 16_000, { largest90Days: baht(10_000) }),
    holds: inputs('deposit', 15_000, { largest90Days: baht(10_000) }),
  },
  bonus_cycling: {
    fires: inputs('withdrawal', 500, { condition: { reward: baht(500), staked: baht(100), closedAgeSeconds: null } }),
    holds: inputs('withdrawal', 500, { condition: { reward: baht(500), staked: baht(500), closedAgeSeconds: HOUR } }),
  },
  invite_ring: {
    fires: inputs('invite', 50, { invite: { sharesWithInviter: false, loop: true } }),
    holds: inputs('invite', 50, { invite: { sharesWithInviter: false, loop: false } }),
  },
  deposit_under_review: {
    fires: inputs('withdrawal', 500, { depositsUnderReview: 1 }),
    holds: inputs('withdrawal', 500),
  },
  reporting_threshold: {
    fires: inputs('withdrawal', 100_000, { largest90Days: baht(100_000) }),
    holds: inputs('withdrawal', 99_999, { largest90Days: baht(100_000) }),
  },
  reward_velocity: {
    fires: inputs('reward', 50, { rewards: times(5, 50, 4 * HOUR) }),
    holds: inputs('reward', 50, { rewards: [...times(4, 50, 4 * HOUR), { amount: baht(50), ageSeconds: 25 * HOUR }] }),
  },
  reward_shared_device: {
    fires: inputs('reward', 50, { sharedClaiming: { device: 1, address: 1, bankAccount: 0, holder: 0 } }),
    // Others on the same browser and address who claimed nothing themselves are not counted here.
    holds: inputs('reward', 50, { shared: { device: 4, address: 4, bankAccount: 0, holder: 0 }, sharedClaiming: { device: 0, address: 0, bankAccount: 0, holder: 0 } }),
  },
  reward_shared_address: {
    fires: inputs('reward', 50, { sharedClaiming: { device: 0, address: 3, bankAccount: 0, holder: 0 } }),
    holds: inputs('reward', 50, { sharedClaiming: { device: 0, address: 2, bankAccount: 0, holder: 0 } }),
  },
  reward_shared_holder: {
    fires: inputs('reward', 50, { sharedClaiming: { device: 0, address: 0, bankAccount: 0, holder: 1 } }),
    holds: inputs('reward', 50, { shared: { device: 0, address: 0, bankAccount: 0, holder: 2 } }),
  },
  bank_change_after_deposit: {
    fires: inputs('bank_account', 0, { deposits: [{ amount: baht(15_000), ageSeconds: 2 * HOUR }, { amount: baht(5_000), ageSeconds: 20 * HOUR }] }),
    holds: inputs('bank_account', 0, { deposits: [{ amount: baht(15_000), ageSeconds: 2 * HOUR }, { amount: baht(5_000), ageSeconds: 25 * HOUR }] }),
  },
  after_bank_change: {
    fires: inputs('withdrawal', 500, { bankChangedSeconds: 71 * HOUR }),
    holds: inputs('withdrawal', 500, { bankChangedSeconds: 73 * HOUR }),
  },
};

/** The rules that decide more than one movement: a history that fires each on its other movements, and one that does not. */
const MORE_CASES: Array<{ code: string; fires: RiskInputs; holds: RiskInputs }> = [
  { code: 'shared_bank_account', fires: inputs('reward', 50, { shared: { device: 0, address: 0, bankAccount: 1, holder: 0 } }), holds: inputs('reward', 50) },
  { code: 'shared_bank_account', fires: inputs('bank_account', 0, { shared: { device: 0, address: 0, bankAccount: 1, holder: 0 } }), holds: inputs('bank_account', 0) },
  { code: 'shared_holder', fires: inputs('bank_account', 0, { shared: { device: 0, address: 0, bankAccount: 0, holder: 1 } }), holds: inputs('bank_account', 0) },
  { code: 'dormant_wake', fires: inputs('bank_account', 0, { idleSeconds: 91 * DAY }), holds: inputs('bank_account', 0, { idleSeconds: 89 * DAY }) },
  // A reward claimed right after the last condition closed with less played than it paid.
  {
    code: 'bonus_cycling',
    fires: inputs('reward', 500, { condition: { reward: baht(500), staked: baht(100), closedAgeSeconds: HOUR } }),
    holds: inputs('reward', 500, { condition: { reward: baht(500), staked: baht(600), closedAgeSeconds: HOUR } }),
  },
  { code: 'deposit_under_review', fires: inputs('withdrawal', 500, { rewardsUnderReview: 1 }), holds: inputs('withdrawal', 500, { rewardsUnderReview: 0 }) },
  { code: 'deposit_under_review', fires: inputs('withdrawal', 500, { bankChangesUnderReview: 2 }), holds: inputs('withdrawal', 500) },
];

describe('the starter rules', () => {
  it('number at least twelve, each with a case that fires it and one that does not', () => {
    expect(RULES.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(CASES).sort()).toEqual(RULES.map((each) => each.code).sort());
  });

  for (const definition of RULES) {
    it(`${definition.code}: fires on its history and holds on the one just short of it`, () => {
      const { fires: firing, holds } = CASES[definition.code]!;
      expect(fires(definition.code, firing)).toBe(true);
      expect(fires(definition.code, holds)).toBe(false);
      // Alone and active, it decides the movement; the other history passes.
      const expected = firing.movement === 'deposit' ? 'review' : definition.outcome;
      expect(decide(firing, [active(definition.code)]).outcome).toBe(expected);
      expect(decide(holds, [active(definition.code)]).outcome).toBe('approve');
    });
  }

  for (const { code, fires: firing, holds } of MORE_CASES) {
    it(`${code} on a ${firing.movement}: fires on its history and holds on the one just short of it`, () => {
      expect(ruleByCode(code)!.movements).toContain(firing.movement);
      expect(fires(code, firing)).toBe(true);
      expect(fires(code, holds)).toBe(false);
      expect(decide(firing, [active(code)]).outcome).toBe(ruleByCode(code)!.outcome);
      expect(decide(holds, [active(code)]).outcome).toBe('approve');
    });
  }

  it('leaves the reporting amount, velocity of deposits and a deposit\'s own rules off rewards and bank-account changes', () => {
    for (const code of ['reporting_threshold', 'above_history', 'deposit_velocity', 'structuring', 'cash_in_cash_out']) {
      expect(ruleByCode(code)!.movements).not.toContain('reward');
      expect(ruleByCode(code)!.movements).not.toContain('bank_account');
    }
  });

  it('reads a dormant member\'s bank-account change without an amount, and their deposits still by it', () => {
    expect(fires('dormant_wake', inputs('deposit', 19_999, { idleSeconds: 91 * DAY }))).toBe(false);
    expect(ruleByCode('dormant_wake')!.fires(inputs('bank_account', 0, { idleSeconds: 91 * DAY }), ruleByCode('dormant_wake')!.defaults)).toBe('91 days idle, then a bank-account change');
  });

  it('names what holds withdrawals, in the words a deposit-only decision used before', () => {
    const held = (changes: Partial<RiskInputs>) => ruleByCode('deposit_under_review')!.fires(inputs('withdrawal', 500, changes), {});
    expect(held({ depositsUnderReview: 2 })).toBe('2 deposits held for review');
    expect(held({ depositsUnderReview: 1, rewardsUnderReview: 1, bankChangesUnderReview: 1 })).toBe('1 deposits, 1 rewards, 1 bank-account changes held for review');
    // Inputs stored before rewards and changes were gathered: the same answer they had.
    const stored = inputs('withdrawal', 500, { depositsUnderReview: 1 });
    delete stored.rewardsUnderReview;
    delete stored.bankChangesUnderReview;
    delete stored.rewards;
    delete stored.bankChangedSeconds;
    expect(held(stored)).toBe('1 deposits held for review');
    const all = RULES.map((each) => active(each.code));
    expect(decide(stored, all).answers.filter((answer) => answer.outcome !== 'approve').map((answer) => answer.code)).toEqual(['deposit_under_review']);
  });

  it('reads kip thresholds in kip', () => {
    const kip = (amount: number) => inputs('withdrawal', 0, { amount: amount * 100, currency: 'LAK', largest90Days: amount * 100 });
    expect(fires('reporting_threshold', kip(100_000_000))).toBe(true);
    // 100,000 is the baht figure: in kip it is far under the threshold.
    expect(fires('reporting_threshold', kip(100_000))).toBe(false);
  });
});

describe('a decision', () => {
  const ordinary = inputs('withdrawal', 500);
  const blocked = inputs('withdrawal', 500, { shared: { device: 3, address: 0, bankAccount: 1, holder: 0 } });

  it('approves what no rule holds, and takes the most severe active answer', () => {
    const all = RULES.map((each) => active(each.code));
    expect(decide(ordinary, all).outcome).toBe('approve');
    const decision = decide(blocked, all);
    expect(decision.outcome).toBe('block');
    expect(decision.answers.filter((answer) => answer.outcome !== 'approve').map((answer) => answer.code)).toEqual(['shared_device', 'shared_bank_account']);
  });

  it('records what an observed rule would have done, and decides nothing by it', () => {
    const decision = decide(blocked, [{ ...active('shared_bank_account'), mode: 'observe' }]);
    expect(decision.outcome).toBe('approve');
    expect(decision.answers).toEqual([expect.objectContaining({ code: 'shared_bank_account', mode: 'observe', outcome: 'block' })]);
  });

  it('runs no rule that is off, nor one that does not decide this movement', () => {
    expect(decide(blocked, [{ ...active('shared_bank_account'), mode: 'off' }]).answers).toEqual([]);
    expect(decide(inputs('deposit', 500, { shared: null }), [active('shared_bank_account')]).answers).toEqual([]);
  });

  it('never blocks a deposit (its money has arrived): a block there holds it for review', () => {
    const structured = CASES.structuring!.fires;
    expect(decide(structured, [active('structuring')]).outcome).toBe('review');
  });

  it('lets through a movement whose block an operator released, keeping the answers', () => {
    const decision = decide({ ...blocked, releasedBlock: true }, [active('shared_bank_account')]);
    expect(decision.outcome).toBe('approve');
    expect(decision.answers[0]!.outcome).toBe('block');
  });

  it('reads its thresholds from the version, not the defaults', () => {
    const stricter: RuleVersion = { ...active('withdrawal_velocity', 2), params: { count: 1, windowHours: 24 } };
    const second = inputs('withdrawal', 500, { withdrawals: times(1, 500, HOUR) });
    expect(decide(second, [active('withdrawal_velocity')]).outcome).toBe('approve');
    expect(decide(second, [stricter]).outcome).toBe('review');
    expect(decide(second, [stricter]).answers[0]).toMatchObject({ version: 2 });
  });
});
