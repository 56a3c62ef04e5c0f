import type { TFunction } from 'i18next';
import { ApiError } from './client';

/** SPEC §8: a server message is translated through the error table when it has an entry, else shown raw. */
export function errorText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR';
  return t(`errors.${code}`, { defaultValue: code });
}
