import type { AutoPayoutReason } from '@wallet/contract';

/** What auto-payout knows of a withdrawal when it decides whether the bank may pay it without an operator. */
export interface AutoPayoutFacts {
  amount: bigint;
  /** The auto-pay amount in the withdrawal's currency (minor units); 0: auto-payout off. */
  max: bigint;
  paused: boolean;
  payoutAccount: string | null;
  /** The withdrawal's payee is the member's registered account as it stands now (bank, number and name). */
  toRegisteredAccount: boolean;
  /** The payee's bank has an interbank code the transfer API names it by. */
  payeeBankKnown: boolean;
  heldForReview: boolean;
  restricted: boolean;
  /** Above the second-approval amount, or an operator already proposed a decision. */
  needsOperators: boolean;
}

/**
 * Why a withdrawal must wait for operators; none when the bank may pay it by itself (ADR 0403). The
 * day's budget is the last check, taken under its own row lock by the caller.
 */
export function autoPayoutReasons(facts: AutoPayoutFacts): AutoPayoutReason[] {
  if (facts.max === 0n) return ['off'];
  const reasons: AutoPayoutReason[] = [];
  if (facts.paused) reasons.push('paused');
  if (facts.payoutAccount === null) reasons.push('no_payout_account');
  if (facts.amount > facts.max) reasons.push('above_limit');
  if (!facts.toRegisteredAccount) reasons.push('not_registered_account');
  if (!facts.payeeBankKnown) reasons.push('bank_unsupported');
  if (facts.heldForReview) reasons.push('risk_review');
  if (facts.restricted) reasons.push('protection');
  if (facts.needsOperators) reasons.push('second_approval');
  return reasons;
}
