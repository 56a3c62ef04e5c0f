import type { HarmLevel, HarmMarker, HarmMarkerCode } from '@wallet/contract';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A money movement of the member's: minor units, and when (epoch ms). */
export interface Dated {
  amount: number;
  at: number;
}

/**
 * What the markers read about one member, gathered in one statement: a read of the ledger and of
 * protection's own records. Amounts are minor units of the member's currency; times epoch ms.
 */
export interface HarmInputs {
  now: number;
  timeZone: string;
  /** When the member's game accounts moved (money in or out of a game, a result booked), the last 14 days. */
  play: number[];
  /** Deposits credited to the wallet, the last 91 days. */
  deposits: Dated[];
  /** Game results that took money from the member, the last 30 days. */
  losses: Dated[];
  /** The member's own raises or removals of a limit, the last 30 days. */
  limitRaises: number;
  /** Deposits a limit or a restriction refused, the last 30 days. */
  refusedDeposits: number;
  /** Asks to end a self-exclusion before its time, the last 30 days. */
  returnAttempts: number;
  /** The daily deposit limit in force, if any. */
  depositDayLimit: number | null;
}

export type Params = Record<string, number>;

export interface MarkerRule {
  code: HarmMarkerCode;
  points: number;
  defaults: Params;
  /** What it saw when it fires (for the operator), or null. */
  fires(inputs: HarmInputs, params: Params): string | null;
}

/** The local calendar day (YYYY-MM-DD) and hour of an instant in the site's time zone. */
function localParts(at: number, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * Minutes of play per local day: the member's game activity in stretches, where moves less than
 * `gapMinutes` apart belong to one stretch of play lasting from its first move to its last; a
 * stretch counts on the day it started.
 */
export function playMinutesByDay(play: readonly number[], timeZone: string, gapMinutes: number): Map<string, number> {
  const sorted = [...play].sort((a, b) => a - b);
  const byDay = new Map<string, number>();
  let start = sorted[0];
  let last = start;
  const close = () => {
    if (start === undefined || last === undefined) return;
    const day = localParts(start, timeZone).day;
    byDay.set(day, (byDay.get(day) ?? 0) + (last - start) / MINUTE_MS);
  };
  for (const at of sorted.slice(1)) {
    if (at - last! > gapMinutes * MINUTE_MS) {
      close();
      start = at;
    }
    last = at;
  }
  close();
  return byDay;
}

const sum = (items: readonly Dated[]) => items.reduce((total, item) => total + item.amount, 0);
const within = (items: readonly Dated[], now: number, fromDays: number, toDays: number) => items.filter((item) => item.at > now - toDays * DAY_MS && item.at <= now - fromDays * DAY_MS);

export const MARKER_RULES: readonly MarkerRule[] = [
  {
    code: 'long_play',
    points: 3,
    defaults: { hours: 6, days: 1, gapMinutes: 30 },
    fires(inputs, params) {
      const days = [...playMinutesByDay(inputs.play.filter((at) => at > inputs.now - 7 * DAY_MS), inputs.timeZone, params.gapMinutes!)].filter(([, minutes]) => minutes >= params.hours! * 60);
      return days.length >= params.days! ? `played ${params.hours} hours or more on ${days.length} day(s) of the last 7 (${days.map(([day, minutes]) => `${day}: ${Math.round(minutes / 6) / 10} h`).join(', ')})` : null;
    },
  },
  {
    code: 'night_play',
    points: 2,
    defaults: { nights: 3, fromHour: 0, toHour: 6 },
    fires(inputs, params) {
      const nights = new Set(
        inputs.play
          .map((at) => localParts(at, inputs.timeZone))
          .filter((local) => local.hour >= params.fromHour! && local.hour < params.toHour!)
          .map((local) => local.day),
      );
      return nights.size >= params.nights! ? `played between ${params.fromHour}:00 and ${params.toHour}:00 on ${nights.size} nights of the last 14` : null;
    },
  },
  {
    code: 'rising_deposits',
    points: 2,
    defaults: { factor: 2, minPrior: 3, minRecent: 3 },
    fires(inputs, params) {
      const recent = within(inputs.deposits, inputs.now, 0, 7);
      const prior = within(inputs.deposits, inputs.now, 7, 91);
      if (prior.length < params.minPrior! || recent.length < params.minRecent!) return null;
      const weeklyCount = prior.length / 12;
      const weeklyAmount = sum(prior) / 12;
      const moreOften = recent.length >= params.factor! * weeklyCount;
      const more = sum(recent) >= params.factor! * weeklyAmount;
      return moreOften || more
        ? `${recent.length} deposits of ${sum(recent) / 100} in the last 7 days against a weekly average of ${weeklyCount.toFixed(1)} deposits of ${(weeklyAmount / 100).toFixed(2)} over the 12 weeks before`
        : null;
    },
  },
  {
    code: 'chasing_losses',
    points: 3,
    defaults: { minutes: 30, times: 3 },
    fires(inputs, params) {
      const chasing = inputs.deposits.filter((deposit) => deposit.at > inputs.now - 30 * DAY_MS && inputs.losses.some((loss) => loss.at <= deposit.at && deposit.at - loss.at <= params.minutes! * MINUTE_MS));
      return chasing.length >= params.times! ? `${chasing.length} deposits within ${params.minutes} minutes of a game loss in the last 30 days` : null;
    },
  },
  {
    code: 'limit_increases',
    points: 2,
    defaults: { times: 2 },
    fires: (inputs, params) => (inputs.limitRaises >= params.times! ? `raised or removed a limit ${inputs.limitRaises} times in the last 30 days` : null),
  },
  {
    code: 'refused_deposits',
    points: 2,
    defaults: { times: 3 },
    fires: (inputs, params) => (inputs.refusedDeposits >= params.times! ? `${inputs.refusedDeposits} deposits refused by a limit or a break in the last 30 days` : null),
  },
  {
    code: 'return_attempts',
    points: 3,
    defaults: { times: 1 },
    fires: (inputs, params) => (inputs.returnAttempts >= params.times! ? `asked ${inputs.returnAttempts} time(s) to end a self-exclusion before its time in the last 30 days` : null),
  },
  {
    code: 'near_limit_deposits',
    points: 2,
    defaults: { percent: 90, days: 3 },
    fires(inputs, params) {
      if (inputs.depositDayLimit === null) return null;
      const byDay = new Map<string, number>();
      for (const deposit of inputs.deposits) {
        const day = localParts(deposit.at, inputs.timeZone).day;
        byDay.set(day, (byDay.get(day) ?? 0) + deposit.amount);
      }
      // The last `days` whole days before today, each at or near the limit.
      const days = Array.from({ length: params.days! }, (_, index) => localParts(inputs.now - (index + 1) * DAY_MS, inputs.timeZone).day);
      const near = days.filter((day) => (byDay.get(day) ?? 0) * 100 >= params.percent! * inputs.depositDayLimit!);
      return days.length > 0 && near.length === days.length ? `deposited ${params.percent}% or more of the daily limit on each of the last ${days.length} days` : null;
    },
  },
];

/** The scores at which each level starts; below `monitor` the level is none. */
export const LEVEL_DEFAULTS: Params = { monitor: 2, interact: 4, intervene: 7 };

export const markerRule = (code: string): MarkerRule | undefined => MARKER_RULES.find((rule) => rule.code === code);

/** A rule's version in force: its points and thresholds (version 0: the defaults, never changed). */
export interface RuleVersion {
  version: number;
  points: number;
  params: Params;
}

/** The member's score (the points of every marker that fires), its level, and the markers with their versions. */
export function assess(inputs: HarmInputs, versions: ReadonlyMap<string, RuleVersion>): { score: number; level: HarmLevel; markers: HarmMarker[] } {
  const markers: HarmMarker[] = [];
  for (const rule of MARKER_RULES) {
    const version = versions.get(rule.code) ?? { version: 0, points: rule.points, params: rule.defaults };
    const reason = rule.fires(inputs, { ...rule.defaults, ...version.params });
    if (reason !== null && version.points > 0) markers.push({ code: rule.code, version: version.version, points: version.points, reason });
  }
  const score = markers.reduce((total, marker) => total + marker.points, 0);
  const levels = { ...LEVEL_DEFAULTS, ...versions.get('levels')?.params };
  const level: HarmLevel = score >= levels.intervene! ? 'intervene' : score >= levels.interact! ? 'interact' : score >= levels.monitor! ? 'monitor' : 'none';
  return { score, level, markers };
}
