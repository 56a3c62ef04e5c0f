import { STORAGE_KEYS } from '@wallet/contract';

/** SPEC §2 Login: remember-me keeps the token in localStorage, otherwise in sessionStorage. */
export function saveToken(token: string, remember: boolean): void {
  clearToken();
  (remember ? localStorage : sessionStorage).setItem(STORAGE_KEYS.token, token);
}

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token) ?? sessionStorage.getItem(STORAGE_KEYS.token);
}

export function clearToken(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  sessionStorage.removeItem(STORAGE_KEYS.token);
}

/** Everything tied to a signed-in member; language, agreement and invite code stay (the code until a registration uses it). */
export function clearSession(): void {
  clearToken();
  localStorage.removeItem(STORAGE_KEYS.lastSync);
}

export function readInviteCode(): string | null {
  return localStorage.getItem(STORAGE_KEYS.inviteCode);
}

export function saveInviteCode(code: string): void {
  localStorage.setItem(STORAGE_KEYS.inviteCode, code);
}

/**
 * The stored code goes once a registration has used it (else the next person on this
 * phone is credited to the same inviter) or once the member removes a code the server refused.
 */
export function clearInviteCode(): void {
  localStorage.removeItem(STORAGE_KEYS.inviteCode);
}
