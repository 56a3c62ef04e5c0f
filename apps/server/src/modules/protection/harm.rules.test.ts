import { HARM_MARKERS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { type HarmInputs, LEVEL_DEFAULTS, MARKER_RULES, assess, markerRule, playMinutesByDay } from './harm.rules.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const baht = (amount: number) => amount * 100;
/** Noon in Bangkok (05:00 UTC) on 2026-11-20: the histories below count back from it. */
const NOW = Date.UTC(2026, 10, 20, 5, 0);
/** 00:00 in Bangkok `daysAgo` days before NOW's day, plus `hours`. */
const bangkok = (daysAgo: number, hours: number) => Date.UTC(2026, 10, 20 - daysAgo, 0, 0) - 7 * HOUR + hours * HOUR;
/** Moves every `everyMinutes` from `from` for `hours`. */
const stretch = (from: number, hours: number, everyMinutes: number) => Array.from({ length: Math.floor((hours * 60) / everyMinutes) + 1 }, (_, index) => from + index * everyMinutes * MINUTE);

/** A member with a quiet history: a deposit a week for twelve weeks, an hour of play in the evening twice a week. */
function quiet(changes: Partial<HarmInputs> = {}): HarmInputs {
  return {
    now: NOW,
    timeZone: 'Asia/Bangkok',
    play: [...stretch(bangkok(2, 20), 1, 15), ...stretch(bangkok(5, 20), 1, 15)],
    deposits: Array.from({ length: 13 }, (_, week) => ({ amount: baht(500), at: NOW - week * 7 * DAY - 2 * DAY })),
    losses: [{ amount: baht(300), at: bangkok(2, 21) }],
    limitRaises: 0,
    refusedDeposits: 0,
    returnAttempts: 0,
    depositDayLimit: null,
    ...changes,
  };
}

const defaults = (code: string) => markerRule(code)!.defaults;
const fires = (code: string, inputs: HarmInputs) => markerRule(code)!.fires(inputs, defaults(code)) !== null;

/** Each marker with a seeded history that fires it and one, as close as can be, that does not. */
const CASES: Record<string, { fires: HarmInputs; holds: HarmInputs }> = {
  long_play: {
    fires: quiet({ play: stretch(bangkok(1, 14), 6, 20) }),
    holds: quiet({ play: stretch(bangkok(1, 14), 5.5, 20) }),
  },
  night_play: {
    fires: quiet({ play: [bangkok(1, 1), bangkok(3, 2), bangkok(6, 5.5)] }),
    holds: quiet({ play: [bangkok(1, 1), bangkok(3, 2), bangkok(6, 6)] }),
  },
  rising_deposits: {
    fires: quiet({ deposits: [...quiet().deposits, ...[1, 2, 3].map((day) => ({ amount: baht(500), at: NOW - day * DAY }))] }),
    holds: quiet({ deposits: [...quiet().deposits.filter((deposit) => deposit.at < NOW - 7 * DAY), { amount: baht(500), at: NOW - DAY }] }),
  },
  chasing_losses: {
    fires: quiet({
      losses: [1, 2, 3].map((day) => ({ amount: baht(200), at: NOW - day * DAY })),
      deposits: [1, 2, 3].map((day) => ({ amount: baht(200), at: NOW - day * DAY + 20 * MINUTE })),
    }),
    holds: quiet({
      losses: [1, 2, 3].map((day) => ({ amount: baht(200), at: NOW - day * DAY })),
      deposits: [1, 2, 3].map((day) => ({ amount: baht(200), at: NOW - day * DAY + (day === 3 ? 31 : 20) * MINUTE })),
    }),
  },
  limit_increases: { fires: quiet({ limitRaises: 2 }), holds: quiet({ limitRaises: 1 }) },
  refused_deposits: { fires: quiet({ refusedDeposits: 3 }), holds: quiet({ refusedDeposits: 2 }) },
  return_attempts: { fires: quiet({ returnAttempts: 1 }), holds: quiet() },
  near_limit_deposits: {
    fires: quiet({ depositDayLimit: baht(1_000), deposits: [1, 2, 3].map((day) => ({ amount: baht(900), at: bangkok(day, 10) })) }),
    holds: quiet({ depositDayLimit: baht(1_000), deposits: [1, 2, 3].map((day) => ({ amount: baht(day === 2 ? 899 : 900), at: bangkok(day, 10) })) }),
  },
};

describe('markers of harm, each over a seeded history', () => {
  it('has a history for every marker', () => {
    expect(Object.keys(CASES).sort()).toEqual([...HARM_MARKERS].sort());
    expect(MARKER_RULES.map((rule) => rule.code).sort()).toEqual([...HARM_MARKERS].sort());
  });

  for (const [code, histories] of Object.entries(CASES)) {
    it(`${code} fires on its history and not on one just short of it`, () => {
      expect(fires(code, histories.fires)).toBe(true);
      expect(fires(code, histories.holds)).toBe(false);
    });
  }

  it('a quiet member fires nothing and is at level none', () => {
    expect(assess(quiet(), new Map())).toEqual({ score: 0, level: 'none', markers: [] });
  });
});

describe('play time', () => {
  it('counts stretches of moves less than the gap apart, each on the day it started', () => {
    const byDay = playMinutesByDay([...stretch(bangkok(1, 23), 2, 20), bangkok(0, 9)], 'Asia/Bangkok', 30);
    expect(byDay.get('2026-11-19')).toBe(120);
    expect(byDay.get('2026-11-20')).toBe(0);
  });
});

describe('score and level', () => {
  it('adds the points of what fired; levels start at the versioned thresholds', () => {
    const history = quiet({ refusedDeposits: 3, limitRaises: 2 });
    expect(assess(history, new Map())).toMatchObject({ score: 4, level: 'interact' });
    expect(assess(quiet({ refusedDeposits: 3 }), new Map())).toMatchObject({ score: 2, level: 'monitor' });
    expect(assess(quiet({ refusedDeposits: 3, limitRaises: 2, returnAttempts: 1 }), new Map())).toMatchObject({ score: 7, level: 'intervene' });
    const stricter = new Map([['levels', { version: 2, points: 0, params: { ...LEVEL_DEFAULTS, interact: 5 } }]]);
    expect(assess(history, stricter)).toMatchObject({ score: 4, level: 'monitor' });
  });

  it('a rule version changes its threshold and points, and the marker names its version', () => {
    const history = quiet({ refusedDeposits: 3 });
    const versions = new Map([['refused_deposits', { version: 3, points: 5, params: { times: 3 } }]]);
    expect(assess(history, versions).markers).toEqual([expect.objectContaining({ code: 'refused_deposits', version: 3, points: 5 })]);
    const raised = new Map([['refused_deposits', { version: 4, points: 5, params: { times: 4 } }]]);
    expect(assess(history, raised).markers).toEqual([]);
  });
});
