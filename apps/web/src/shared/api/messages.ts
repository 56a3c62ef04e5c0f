import type { TFunction } from 'i18next';
import { ApiError } from './client';

/**
 * A message a screen keeps (an error line, say) as its key and values, never as text: it is
 * rendered with `t` on every render, so a language switch changes it too.
 */
export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

/** SPEC §8: a server message is translated through the error table when it has an entry, else shown raw. */
export function errorMessage(error: unknown): Message {
  const code = error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR';
  return { key: `errors.${code}`, values: { defaultValue: code } };
}

export function messageText(t: TFunction, message: Message | null): string {
  return message ? t(message.key, message.values) : '';
}

/** For text shown once (a toast): translated now. */
export function errorText(t: TFunction, error: unknown): string {
  return messageText(t, errorMessage(error));
}
