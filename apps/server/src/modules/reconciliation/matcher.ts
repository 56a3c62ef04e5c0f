/**
 * Matching our records of a gaming day against an outside source's (ADR 0348). Pure: a source
 * gathers both sides, the service keeps what this answers.
 */
export type SourceName = 'provider' | 'gateway' | 'bank';
export const SOURCES: readonly SourceName[] = ['provider', 'gateway', 'bank'];

export type ExceptionKind = 'ours_only' | 'theirs_only' | 'amount_differs' | 'date_differs';

/** One record on either side. */
export interface Entry {
  /** Its own name on its side: our transfer, deposit or withdrawal id; their transaction, payment or line id. */
  ref: string;
  /** The key both sides carry (the provider's transaction id is ours; our QR's reference), or null where there is none. */
  matchRef: string | null;
  /** What it is, per source: only entries of one kind match each other. */
  kind: string;
  currency: string;
  /** Gross, in minor units. */
  amount: bigint;
  /** Theirs: what the source kept of it (the gateway's fee). */
  fee?: bigint;
  at: Date;
  /** The account the money came from or went to, as the bank shows it (often masked). */
  counterparty?: string | null;
  /** Theirs: one line standing for several of ours (the bank books a batch as one credit). */
  batch?: { count: number; from: Date; to: Date };
  memberId?: bigint | null;
  /** Outside the day, gathered only as a partner for one inside it: unmatched, it is not an exception of this day. */
  outsideDay?: boolean;
  detail?: Record<string, string | number | null>;
}

export interface RuleSettings {
  /** 'reference': one to one on the shared key; 'amount': on kind, currency, amount, counterparty and time. */
  matchOn: 'reference' | 'amount';
  /** How far two amounts may differ and still match, in minor units. */
  amountTolerance: number;
  /** How far apart in time two records of one movement may be. */
  dateWindowMinutes: number;
  /** The source's fee by contract, in hundredths of a percent of the gross: a fee off by more than the tolerance is an exception. */
  feeBasisPoints: number | null;
}

export interface Match {
  ours: Entry[];
  theirs: Entry[];
}
export interface Disagreement {
  kind: ExceptionKind;
  ours: Entry | null;
  theirs: Entry | null;
  detail: Record<string, string | number | null>;
}
export interface MatchResult {
  matched: Match[];
  exceptions: Disagreement[];
}

const within = (a: bigint, b: bigint, tolerance: number) => (a > b ? a - b : b - a) <= BigInt(tolerance);
const minutesApart = (a: Date, b: Date) => Math.abs(a.getTime() - b.getTime()) / 60_000;

/**
 * Two renderings of one account agree where both show a digit, read from the right (banks mask
 * all but a few digits, and may print fewer characters than the number has: "x1234x" is
 * 1231212345). An account not shown, or no digit shown on both, does not disagree.
 */
export function sameAccount(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return true;
  const left = [...a.replace(/[^\dxX*]/g, '')].reverse();
  const right = [...b.replace(/[^\dxX*]/g, '')].reverse();
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const [l, r] = [left[index]!, right[index]!];
    if (!/\d/.test(l) || !/\d/.test(r)) continue;
    if (l !== r) return false;
  }
  return true;
}

export const expectedFee = (gross: bigint, basisPoints: number) => (gross * BigInt(basisPoints) + 5_000n) / 10_000n;

/** Compares a pair found by reference or by amount: what differs beyond the rule, if anything. */
function compare(ours: Entry, theirs: Entry, rule: RuleSettings): Disagreement | null {
  if (ours.currency !== theirs.currency || !within(ours.amount, theirs.amount, rule.amountTolerance)) {
    return { kind: 'amount_differs', ours, theirs, detail: { difference: String(theirs.amount - ours.amount) } };
  }
  if (rule.feeBasisPoints !== null && theirs.fee !== undefined) {
    const expected = expectedFee(theirs.amount, rule.feeBasisPoints);
    if (!within(theirs.fee, expected, rule.amountTolerance)) {
      return { kind: 'amount_differs', ours, theirs, detail: { fee: String(theirs.fee), expectedFee: String(expected) } };
    }
  }
  if (minutesApart(ours.at, theirs.at) > rule.dateWindowMinutes) {
    return { kind: 'date_differs', ours, theirs, detail: { minutesApart: Math.round(minutesApart(ours.at, theirs.at)) } };
  }
  return null;
}

/**
 * Pairs our entries with theirs under the rule: first on the shared reference, then (a rule
 * matching on amount) one to one on kind, currency, amount, counterparty and the nearest time in
 * the window, then their batch lines against a run of ours in the batch's time. What is left is
 * ours only or theirs only; an entry outside the day left unmatched belongs to its own day.
 */
export function match(ours: Entry[], theirs: Entry[], rule: RuleSettings): MatchResult {
  const matched: Match[] = [];
  const exceptions: Disagreement[] = [];
  const ourLeft = new Set(ours);
  const theirLeft = new Set(theirs);
  const pair = (our: Entry, their: Entry) => {
    ourLeft.delete(our);
    theirLeft.delete(their);
    const differs = compare(our, their, rule);
    // A pair across midnight is gathered by both days' runs: it is the business of our entry's day.
    if (differs && !our.outsideDay) exceptions.push(differs);
    else if (!differs) matched.push({ ours: [our], theirs: [their] });
  };

  const theirsByRef = new Map<string, Entry>();
  for (const entry of theirs) if (entry.matchRef !== null && !entry.batch) theirsByRef.set(`${entry.kind}\u0000${entry.matchRef}`, entry);
  for (const our of ours) {
    if (our.matchRef === null) continue;
    const their = theirsByRef.get(`${our.kind}\u0000${our.matchRef}`);
    if (their && theirLeft.has(their)) pair(our, their);
  }

  if (rule.matchOn === 'amount') {
    const byTime = (a: Entry, b: Entry) => a.at.getTime() - b.at.getTime();
    for (const our of [...ourLeft].sort(byTime)) {
      let best: Entry | undefined;
      for (const their of theirLeft) {
        if (their.batch || their.kind !== our.kind || their.currency !== our.currency) continue;
        if (!within(our.amount, their.amount, rule.amountTolerance) || !sameAccount(our.counterparty, their.counterparty)) continue;
        if (minutesApart(our.at, their.at) > rule.dateWindowMinutes) continue;
        if (!best || minutesApart(our.at, their.at) < minutesApart(our.at, best.at)) best = their;
      }
      if (best) pair(our, best);
    }
    for (const batch of [...theirLeft].filter((entry) => entry.batch).sort(byTime)) {
      const covered = coveringRun(batch, [...ourLeft].sort(byTime), rule);
      if (!covered) continue;
      theirLeft.delete(batch);
      for (const our of covered) ourLeft.delete(our);
      matched.push({ ours: covered, theirs: [batch] });
    }
  }

  for (const our of ourLeft) if (!our.outsideDay) exceptions.push({ kind: 'ours_only', ours: our, theirs: null, detail: {} });
  for (const their of theirLeft) if (!their.outsideDay) exceptions.push({ kind: 'theirs_only', ours: null, theirs: their, detail: their.batch ? { batchOf: their.batch.count } : {} });
  return { matched, exceptions };
}

/** Candidates in a batch's time beyond which only runs in a row are tried, not every choice of `count`. */
const BATCH_SEARCH_LIMIT = 24;

/**
 * `count` of ours inside the batch's time (with the window) that add up to its amount: of ours in
 * a row first, then any choice of `count` among them (a deposit of ours that went elsewhere may
 * sit between the batch's own).
 */
function coveringRun(batch: Entry, ours: Entry[], rule: RuleSettings): Entry[] | null {
  const { count, from, to } = batch.batch!;
  const windowMs = rule.dateWindowMinutes * 60_000;
  const candidates = ours.filter(
    (our) => our.kind === batch.kind && our.currency === batch.currency && our.at.getTime() >= from.getTime() - windowMs && our.at.getTime() <= to.getTime() + windowMs,
  );
  for (let start = 0; start + count <= candidates.length; start += 1) {
    const run = candidates.slice(start, start + count);
    if (within(run.reduce((sum, our) => sum + our.amount, 0n), batch.amount, rule.amountTolerance)) return run;
  }
  if (candidates.length > BATCH_SEARCH_LIMIT) return null;
  const chosen: Entry[] = [];
  const choose = (from: number, total: bigint): boolean => {
    if (chosen.length === count) return within(total, batch.amount, rule.amountTolerance);
    for (let index = from; index <= candidates.length - (count - chosen.length); index += 1) {
      chosen.push(candidates[index]!);
      if (choose(index + 1, total + candidates[index]!.amount)) return true;
      chosen.pop();
    }
    return false;
  };
  return choose(0, 0n) ? [...chosen] : null;
}
