import type { Entry, RuleSettings, SourceName } from './matcher.js';

/** A gaming day in the site's zone, and the instants it runs between. */
export interface GamingDay {
  /** YYYY-MM-DD */
  day: string;
  from: Date;
  to: Date;
}

/**
 * One outside record to reconcile with: it gathers both sides of a gaming day, theirs through its
 * adapter and ours from our books. Entries up to the rule's date window either side of the day
 * come too, marked `outsideDay`, so that a movement booked at 23:59 on one side and 00:01 on the
 * other still finds its partner.
 */
export interface ReconciliationSource {
  name: SourceName;
  gather(day: GamingDay, rule: RuleSettings): Promise<{ ours: Entry[]; theirs: Entry[] }>;
}

/** The day's bounds widened by the rule's window, and whether an instant falls outside the day itself. */
export function withWindow(day: GamingDay, rule: RuleSettings) {
  const margin = rule.dateWindowMinutes * 60_000;
  return {
    from: new Date(day.from.getTime() - margin),
    to: new Date(day.to.getTime() + margin),
    outsideDay: (at: Date) => at.getTime() < day.from.getTime() || at.getTime() >= day.to.getTime(),
  };
}
