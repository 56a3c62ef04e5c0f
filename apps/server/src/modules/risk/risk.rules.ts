import type { CurrencyCode } from '@wallet/contract';

/** The money movements a decision is taken on. */
export type Movement = 'deposit' | 'withdrawal' | 'reward' | 'invite' | 'bank_account';
export type Outcome = 'approve' | 'review' | 'block';
export type RuleMode = 'active' | 'observe' | 'off';

/** A past movement of the member's: its amount (minor units) and how long before the decision. */
export interface Past {
  amount: number;
  ageSeconds: number;
}

/**
 * Everything a decision reads, gathered in the movement's transaction and stored with it: the rules
 * are functions of these alone, so the same inputs and rule versions always give the same outcome.
 * Amounts are minor units of the member's currency.
 */
export interface RiskInputs {
  movement: Movement;
  amount: number;
  currency: CurrencyCode;
  /** The member's deposits of the last 7 days before this one, newest first (at most 100). */
  deposits: Past[];
  /** The member's withdrawals of the last 7 days before this one, newest first (at most 100). */
  withdrawals: Past[];
  /** Money the member moved from the wallet to games in the last 7 days, newest first (at most 200). */
  staked: Past[];
  /** The largest deposit or withdrawal of the 90 days before, 0 if none. */
  largest90Days: number;
  /** Since the member's previous deposit, withdrawal or move to a game; null when there was none. */
  idleSeconds: number | null;
  /** Other members who used the member's browsers, addresses, bank account, or holder name (null where no rule reads them). */
  shared: { device: number; address: number; bankAccount: number; holder: number } | null;
  /** Whether the bank account's holder name is the member's own name (case, spaces and a title aside). */
  holderIsMember: boolean;
  /** The member's latest reward condition, active or closed in the last 24 hours, and what was staked while it ran. */
  condition: { reward: number; staked: number; closedAgeSeconds: number | null } | null;
  /** An invite accrual's two sides: whether the invitee shares a device, the bank account or its holder with the inviter, or they invited each other. */
  invite: { sharesWithInviter: boolean; loop: boolean } | null;
  /** The member's deposits a rule held for review that no operator has cleared. */
  depositsUnderReview: number;
  /** An operator released an earlier block of this member's movement: this one goes ahead in its place. */
  releasedBlock: boolean;
  /** Rules an investigator snoozed for this member from a reviewed case: they answer as if observing (absent in older decisions). */
  snoozed?: string[];
}

/** A money figure per currency, in major units, as an operator types it. */
export type PerCurrency = Record<CurrencyCode, number>;

export interface RuleDefinition<P> {
  code: string;
  /** The movements it decides on. */
  movements: readonly Movement[];
  /** Its answer when it fires (a deposit's is at most review). */
  outcome: Exclude<Outcome, 'approve'>;
  defaults: P;
  /** Its mode on a new site: rules that could hold ordinary play start observing until an admin turns them on. */
  startsIn: RuleMode;
  /** Whether the rule fires on these inputs; a reason an investigator reads when it does. */
  fires(inputs: RiskInputs, params: P): string | null;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
const MINOR_PER_MAJOR = 100;
/** A per-currency major amount in the inputs' minor units. */
const minorIn = (perCurrency: PerCurrency, currency: CurrencyCode) => perCurrency[currency] * MINOR_PER_MAJOR;
const within = (past: Past[], seconds: number) => past.filter((entry) => entry.ageSeconds <= seconds);
const total = (past: Past[]) => past.reduce((sum, entry) => sum + entry.amount, 0);

function rule<P>(definition: RuleDefinition<P>): RuleDefinition<P> {
  return definition;
}

/**
 * The starter rules. Each reads only the inputs; thresholds are its params, versioned in
 * `risk_rule_versions`. Money on deposits is never refused (it has arrived): a deposit's answer is
 * at most review, which holds the member's next withdrawals.
 */
export const RULES = [
  rule({
    code: 'deposit_velocity',
    movements: ['deposit'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: { count: 10, windowHours: 1 },
    fires: (inputs, p) => {
      const count = within(inputs.deposits, p.windowHours * HOUR).length + 1;
      return count > p.count ? `${count} deposits in ${p.windowHours} h (more than ${p.count})` : null;
    },
  }),
  rule({
    code: 'withdrawal_velocity',
    movements: ['withdrawal'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: { count: 3, windowHours: 24 },
    fires: (inputs, p) => {
      const count = within(inputs.withdrawals, p.windowHours * HOUR).length + 1;
      return count > p.count ? `${count} withdrawals in ${p.windowHours} h (more than ${p.count})` : null;
    },
  }),
  rule({
    code: 'structuring',
    movements: ['deposit'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: { threshold: { THB: 100_000, LAK: 100_000_000 } as PerCurrency, belowPercent: 10, count: 3, windowHours: 24 },
    fires: (inputs, p) => {
      const ceiling = minorIn(p.threshold, inputs.currency);
      const floor = ceiling * (1 - p.belowPercent / 100);
      const near = (amount: number) => amount >= floor && amount < ceiling;
      if (!near(inputs.amount)) return null;
      const count = within(inputs.deposits, p.windowHours * HOUR).filter((entry) => near(entry.amount)).length + 1;
      return count >= p.count ? `${count} deposits just under ${p.threshold[inputs.currency]} in ${p.windowHours} h` : null;
    },
  }),
  rule({
    code: 'cash_in_cash_out',
    movements: ['withdrawal'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: { windowHours: 48, stakedPercent: 30, minimum: { THB: 1_000, LAK: 1_000_000 } as PerCurrency },
    fires: (inputs, p) => {
      const deposited = total(within(inputs.deposits, p.windowHours * HOUR));
      if (deposited < minorIn(p.minimum, inputs.currency) || inputs.amount < minorIn(p.minimum, inputs.currency)) return null;
      const staked = total(within(inputs.staked, p.windowHours * HOUR));
      return staked * 100 < deposited * p.stakedPercent ? `${Math.round((staked * 100) / deposited)} % of ${p.windowHours} h of deposits moved to games` : null;
    },
  }),
  rule({
    code: 'closed_loop',
    movements: ['withdrawal'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: {},
    fires: (inputs) => (inputs.holderIsMember ? null : "the bank account's holder is not the member"),
  }),
  rule({
    code: 'shared_device',
    movements: ['withdrawal'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: { members: 2 },
    fires: (inputs, p) => (inputs.shared && inputs.shared.device >= p.members ? `${inputs.shared.device} other members on the same browser and address` : null),
  }),
  rule({
    code: 'shared_bank_account',
    movements: ['withdrawal'],
    outcome: 'block',
    startsIn: 'active',
    defaults: { members: 1 },
    fires: (inputs, p) => (inputs.shared && inputs.shared.bankAccount >= p.members ? `${inputs.shared.bankAccount} other members with the same bank account` : null),
  }),
  rule({
    code: 'shared_address',
    movements: ['withdrawal'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: { members: 5 },
    fires: (inputs, p) => (inputs.shared && inputs.shared.address >= p.members ? `${inputs.shared.address} other members on the same address` : null),
  }),
  rule({
    code: 'shared_holder',
    movements: ['withdrawal'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: { members: 1 },
    fires: (inputs, p) => (inputs.shared && inputs.shared.holder >= p.members ? `${inputs.shared.holder} other members with the same account holder name` : null),
  }),
  rule({
    code: 'dormant_wake',
    movements: ['deposit', 'withdrawal'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: { idleDays: 90, amount: { THB: 20_000, LAK: 20_000_000 } as PerCurrency },
    fires: (inputs, p) =>
      inputs.idleSeconds !== null && inputs.idleSeconds >= p.idleDays * DAY && inputs.amount >= minorIn(p.amount, inputs.currency)
        ? `${Math.floor(inputs.idleSeconds / DAY)} days idle, then ${inputs.amount / MINOR_PER_MAJOR}`
        : null,
  }),
  rule({
    code: 'above_history',
    movements: ['deposit', 'withdrawal'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: { times: 1.5, floor: { THB: 10_000, LAK: 10_000_000 } as PerCurrency },
    fires: (inputs, p) =>
      inputs.largest90Days > 0 && inputs.amount >= minorIn(p.floor, inputs.currency) && inputs.amount > inputs.largest90Days * p.times
        ? `${inputs.amount / MINOR_PER_MAJOR} is above ${p.times} times the largest of 90 days (${inputs.largest90Days / MINOR_PER_MAJOR})`
        : null,
  }),
  rule({
    code: 'bonus_cycling',
    movements: ['withdrawal'],
    outcome: 'review',
    startsIn: 'observe',
    defaults: { stakedTimesReward: 1 },
    fires: (inputs, p) => {
      const condition = inputs.condition;
      if (!condition || condition.reward <= 0) return null;
      return condition.staked < condition.reward * p.stakedTimesReward ? `a reward of ${condition.reward / MINOR_PER_MAJOR} with ${condition.staked / MINOR_PER_MAJOR} staked` : null;
    },
  }),
  rule({
    code: 'invite_ring',
    movements: ['invite'],
    outcome: 'block',
    startsIn: 'observe',
    defaults: {},
    fires: (inputs) => {
      if (!inputs.invite) return null;
      if (inputs.invite.loop) return 'the members invited each other';
      return inputs.invite.sharesWithInviter ? 'the invitee shares a device, the bank account or its holder with the inviter' : null;
    },
  }),
  rule({
    code: 'deposit_under_review',
    movements: ['withdrawal'],
    outcome: 'review',
    startsIn: 'active',
    defaults: {},
    fires: (inputs) => (inputs.depositsUnderReview > 0 ? `${inputs.depositsUnderReview} deposits held for review` : null),
  }),
  rule({
    code: 'reporting_threshold',
    movements: ['deposit', 'withdrawal'],
    outcome: 'review',
    startsIn: 'active',
    defaults: { amount: { THB: 100_000, LAK: 100_000_000 } as PerCurrency },
    fires: (inputs, p) => (inputs.amount >= minorIn(p.amount, inputs.currency) ? `at or above the reporting amount ${p.amount[inputs.currency]}` : null),
  }),
] as const;

// Each rule's params differ; the catalogue is read through this one shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a rule's own params type is checked where it is defined
export type AnyRule = RuleDefinition<any>;
export const RULE_CODES: readonly string[] = RULES.map((each) => each.code);
export const ruleByCode = (code: string): AnyRule | undefined => (RULES as readonly AnyRule[]).find((each) => each.code === code);

/** A rule's thresholds as stored: numbers, or a number per currency. */
export type RuleParams = Record<string, number | Record<string, number>>;

/** A rule as it stood when it decided. */
export interface RuleVersion {
  code: string;
  version: number;
  mode: RuleMode;
  params: RuleParams;
}

/** One rule's part in a decision. */
export interface RuleAnswer {
  code: string;
  version: number;
  mode: RuleMode;
  /** What the rule answered (in observe mode: what it would have). */
  outcome: Outcome;
  reason: string | null;
}

const SEVERITY: Record<Outcome, number> = { approve: 0, review: 1, block: 2 };

/**
 * The decision: each rule in force for the movement answers; the most severe active answer wins.
 * Observed rules answer but decide nothing. A deposit is never blocked (its money has arrived): a
 * block there is a review. A block an operator released lets this movement through.
 */
/** Which desk works the alerts of a movement: rewards and invites are marketing's, money finance's. */
export const inboxOf = (movement: Movement): 'finance' | 'marketing' => (movement === 'reward' || movement === 'invite' ? 'marketing' : 'finance');

export function decide(inputs: RiskInputs, versions: readonly RuleVersion[]): { outcome: Outcome; answers: RuleAnswer[] } {
  const answers: RuleAnswer[] = [];
  let outcome: Outcome = 'approve';
  for (const version of versions) {
    const definition = ruleByCode(version.code);
    if (!definition || version.mode === 'off' || !definition.movements.includes(inputs.movement)) continue;
    const reason = definition.fires(inputs, version.params);
    const answer: Outcome = reason === null ? 'approve' : inputs.movement === 'deposit' ? 'review' : definition.outcome;
    const mode = version.mode === 'active' && inputs.snoozed?.includes(version.code) ? 'observe' : version.mode;
    answers.push({ code: version.code, version: version.version, mode, outcome: answer, reason });
    if (mode === 'active' && SEVERITY[answer] > SEVERITY[outcome]) outcome = answer;
  }
  return { outcome: outcome === 'block' && inputs.releasedBlock ? 'approve' : outcome, answers };
}
