import { MONEY_LIMIT_KINDS } from '@wallet/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { type Message, errorMessage, messageText } from '../api/messages';
import { formatWhen } from './when';

/** The codes a player-protection refusal comes with. */
export const PROTECTION_REFUSALS = ['DEPOSIT_LIMIT', 'LOSS_LIMIT', 'TRANSFER_LIMIT', 'ON_BREAK', 'SELF_EXCLUDED'] as const;

const isMoneyLimitKind = (limit: string | undefined): limit is (typeof MONEY_LIMIT_KINDS)[number] => (MONEY_LIMIT_KINDS as readonly string[]).includes(limit ?? '');

/**
 * A player-protection refusal in words that name the limit and when it resets (or when the
 * restriction ends); null for any other answer. The key carries the limit, so a language switch
 * rewrites the whole sentence.
 */
export function protectionMessage(refusal: { code?: string; message?: string; limit?: string; until?: number }): Message | null {
  const code = refusal.code ?? refusal.message;
  if (!(PROTECTION_REFUSALS as readonly string[]).includes(code ?? '')) return null;
  const until = typeof refusal.until === 'number' ? formatWhen(refusal.until) : null;
  if (until === null) return code === 'SELF_EXCLUDED' ? { key: 'protection.refused.SELF_EXCLUDED_forever' } : { key: `errors.${code}` };
  if (code === 'ON_BREAK' || code === 'SELF_EXCLUDED') return { key: `protection.refused.${code}`, values: { until } };
  return isMoneyLimitKind(refusal.limit) ? { key: `protection.refused.${refusal.limit}`, values: { until } } : { key: `errors.${code}` };
}

/** What a screen where money moves says of a failure: a protection refusal with its reset time, else the error's own text. */
export function refusalMessage(error: unknown): Message {
  return (error instanceof ApiError ? protectionMessage(error) : null) ?? errorMessage(error);
}

/** `refusalMessage` as text, for a toast. */
export const refusalText = (t: TFunction, error: unknown): string => messageText(t, refusalMessage(error));
