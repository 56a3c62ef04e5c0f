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
};

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
