import { AppError, businessRule } from '../errors.js';

/**
 * The refusals the database functions decide (db/functions), in the API's words: the one table
 * between SQL and the answers. A function answers its outcome, or raises it as a SQLSTATE of class
 * WL when the whole statement must be undone (a provider transfer's game-account bump).
 */
export const REFUSALS = {
  insufficient: () => businessRule('MONEY_NOT_ENOUGH'),
  conflict: () => new AppError('KEY_INVALID', 409),
  missing: () => new AppError('NO_DATA', 404),
} as const;

const RAISED: Record<string, keyof typeof REFUSALS> = {
  /** ledger_post's 'insufficient', raised by provider_transfer_begin. */
  WL001: 'insufficient',
  /** idempotency_key_claim: the owner used the key for another call. */
  WL002: 'conflict',
};

/** The refusal a database function raised, or undefined for any other error. */
export function raisedRefusal(error: unknown): AppError | undefined {
  const outcome = RAISED[(error as { code?: string } | null)?.code ?? ''];
  return outcome ? REFUSALS[outcome]() : undefined;
}
