import { STORAGE_KEYS } from '@wallet/contract';
import { readToken } from '../../shared/storage';
import { issueGuestId } from './api/issue-guest';

/** Who chats: a signed-in member (their token), or a visitor holding a guest id the server issued. */
export interface ChatIdentity {
  token: string | null;
  guestId: string | null;
}

const ISSUED = /^[0-9a-f]{32}\.[A-Za-z0-9_-]{32}$/;
export const readGuestId = (): string | null => {
  const stored = localStorage.getItem(STORAGE_KEYS.guestId);
  return stored && ISSUED.test(stored) ? stored : null;
};
/** After a member's call carried the guest id, the server has merged the guest's chat: the id is done. */
export const forgetGuestId = () => localStorage.removeItem(STORAGE_KEYS.guestId);

/** SPEC §6: a visitor keeps a guest id; ours is issued by the server, which alone can verify it. */
export async function chatIdentity(): Promise<ChatIdentity> {
  const token = readToken();
  const guestId = readGuestId();
  if (token || guestId) return { token, guestId };
  const issued = await issueGuestId();
  localStorage.setItem(STORAGE_KEYS.guestId, issued);
  return { token: null, guestId: issued };
}

export const guestHeaders = (identity: ChatIdentity): Record<string, string> => (identity.guestId ? { 'x-guest-id': identity.guestId } : {});
/** The room SPEC §7 names: PREFIX + the member's id or the guest id. */
export const roomName = (prefix: string, identity: ChatIdentity, memberId: string | null): string => `${prefix}${identity.token ? memberId : identity.guestId}`;
