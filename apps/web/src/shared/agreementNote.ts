import { STORAGE_KEYS } from '@wallet/contract';

/**
 * The agreement this device saw a member accept (SPEC §2 remember-agreement): a cache of the
 * server's record, naming the member and the version, so it never stands for another member on the
 * same phone nor for a changed agreement.
 */
export interface AcceptedAgreement {
  memberId: string;
  version: string;
}

export function readAcceptedAgreement(): AcceptedAgreement | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.rememberAgreement) ?? 'null');
    // An older device's "1" names nobody.
    if (typeof value !== 'object' || value === null) return null;
    const { memberId, version } = value as Record<string, unknown>;
    return typeof memberId === 'string' && typeof version === 'string' ? { memberId, version } : null;
  } catch {
    return null;
  }
}

export function rememberAcceptedAgreement(accepted: AcceptedAgreement): void {
  localStorage.setItem(STORAGE_KEYS.rememberAgreement, JSON.stringify(accepted));
}
