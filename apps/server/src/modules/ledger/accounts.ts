/**
 * Ledger account codes. A code names an account everywhere (logs, tests, the verify report);
 * accounts are created on first use.
 */
export type AccountKind = 'member_wallet' | 'member_game' | 'member_coins' | 'operator';

export interface AccountRef {
  code: string;
  kind: AccountKind;
  memberId?: bigint;
  providerCode?: string;
  /**
   * What the account holds, fixed when it is created. Member accounts take their member's wallet
   * currency from the database (never the caller's word). An operator account named without one
   * is the operator's account in the currency of the member account it trades with (the ledger
   * settles it): the operator keeps one of each account per currency, and nothing converts.
   */
  currency?: string;
}

/** The operator's account in a currency; baht accounts keep the names they had before there were others. */
export function inCurrency(ref: AccountRef, currency: string): AccountRef {
  return { ...ref, code: currency === 'THB' ? ref.code : `${ref.code}:${currency}`, currency };
}

export const accounts = {
  wallet: (memberId: bigint): AccountRef => ({ code: `wallet:${memberId}`, kind: 'member_wallet', memberId }),
  game: (memberId: bigint, providerCode: string): AccountRef => ({
    code: `game:${memberId}:${providerCode}`,
    kind: 'member_game',
    memberId,
    providerCode,
  }),
  /** Money on its way to a provider, between our commit and the provider's answer. */
  providerInFlight: (providerCode: string): AccountRef => ({
    code: `operator:provider-in-flight:${providerCode}`,
    kind: 'operator',
    providerCode,
  }),
  /** The other side of members' wins and losses at a provider. */
  gameResults: (providerCode: string): AccountRef => ({
    code: `operator:game-results:${providerCode}`,
    kind: 'operator',
    providerCode,
  }),
  depositClearing: (method: string): AccountRef => ({ code: `operator:deposits:${method}`, kind: 'operator' }),
  withdrawalsPayable: (): AccountRef => ({ code: 'operator:withdrawals-payable', kind: 'operator' }),
  /** Money that has left the operator's bank to members' accounts. */
  bankPayouts: (): AccountRef => ({ code: 'operator:bank-payouts', kind: 'operator' }),
  /** Manual corrections and test funding, always with a reason in the reference. */
  adjustments: (): AccountRef => ({ code: 'operator:adjustments', kind: 'operator' }),
  /**
   * What each kind of reward costs the operator: bonuses, promotion codes, invite
   * rewards, refunds and spin prizes are each paid from their own expense account, and what ending
   * a condition takes back returns to it.
   */
  /** A member's spin coins: an asset of their own, never added to money. */
  coins: (memberId: bigint): AccountRef => ({ code: `coins:${memberId}`, kind: 'member_coins', memberId, currency: 'COIN' }),
  /** Where coins come from and go back to: what members hold is what it has issued. */
  coinIssuer: (): AccountRef => ({ code: 'operator:spin-coins', kind: 'operator', currency: 'COIN' }),
  rewardExpense: (kind: RewardSource): AccountRef => ({ code: `operator:rewards:${kind}`, kind: 'operator' }),
};

export type RewardSource = 'bonus' | 'promotion' | 'invite' | 'refund' | 'spin';

export type TransferKind =
  | 'provider_hold'
  | 'provider_post'
  | 'provider_void'
  | 'game_result'
  | 'deposit'
  | 'withdrawal'
  | 'withdrawal_return'
  | 'adjustment'
  | 'reversal'
  /** What ending a condition takes back from the wallet, to the reward's expense account. */
  | 'bonus_clear'
  /** Coins granted or spent (asset COIN). */
  | 'spin_coins'
  | (typeof REWARD_KINDS)[number];

/**
 * Transfers that reward a member from an operator account (the bonus, refund, invite and spin
 * modules book theirs with these kinds): together, what rewards cost.
 */
export const REWARD_KINDS = ['bonus', 'refund', 'invite_reward', 'spin_prize'] as const;
